package io.streamgauge.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Condition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConditionsTest {

  /** A message quoting a server's whole answer is cut, so the status stays small. */
  @Test
  void aMessageLongerThanTheLimitIsCutSayingHowMuch() {
    List<Condition> conditions = new ArrayList<>();
    String answer = "Prometheus at http://p:9090 answered 500: " + "e".repeat(100_000);

    Conditions.set(
        conditions,
        Conditions.READY,
        Conditions.Status.FALSE,
        "PlatformError",
        answer,
        Instant.parse("2026-11-29T00:00:00Z"),
        1L);

    String message = conditions.get(0).getMessage();
    assertThat(message)
        .hasSizeLessThanOrEqualTo(Conditions.MAX_MESSAGE)
        .startsWith("Prometheus at http://p:9090 answered 500: eee")
        .endsWith(" more characters)");
  }
}
