package io.streamgauge.platform;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamgauge.results.LatencyResults;
import io.streamgauge.testing.FreePort;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LatencyConsumerApiTest {

  @Test
  void anUnreachableConsumerIsNamed() {
    String url = "http://127.0.0.1:" + FreePort.pick();
    LatencyConsumerApi client = new LatencyConsumerApi(URI.create(url), Duration.ofSeconds(2));

    assertThatThrownBy(client::results)
        .isInstanceOf(IOException.class)
        .hasMessageStartingWith("latency consumer at " + url + "/results is unreachable");
  }

  @Test
  void aDocumentWithoutTopicsIsRejected() {
    assertThatThrownBy(() -> LatencyResults.parse("{\"windows\": null}"))
        .hasMessage("latency results have no 'topics' object");
    assertThatThrownBy(() -> LatencyResults.parse("not json"))
        .hasMessageStartingWith("latency results are not JSON");
  }
}
