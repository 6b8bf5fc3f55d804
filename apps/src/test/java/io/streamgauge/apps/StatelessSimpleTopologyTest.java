package io.streamgauge.apps;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatelessSimpleTopologyTest {

  @TempDir Path stateDir;
  private TopologyTestDriver driver;
  private TestInputTopic<String, String> input;
  private TestOutputTopic<String, String> output;

  @BeforeEach
  void setUp() {
    driver = TestDrivers.of(new StatelessSimpleTopology(), stateDir);
    input = driver.createInputTopic("in", new StringSerializer(), new StringSerializer());
    output = driver.createOutputTopic("out", new StringDeserializer(), new StringDeserializer());
  }

  @AfterEach
  void tearDown() {
    driver.close();
  }

  @Test
  void uppercasesAndKeepsOnlyValuesLongerThanFiveCharacters() {
    input.pipeInput("k1", "hello");
    input.pipeInput("k2", "hello!");
    input.pipeInput("k3", "Straße");
    input.pipeInput("k4", (String) null);
    input.pipeInput("k5", "a somewhat longer sentence");

    assertThat(output.readKeyValuesToList())
        .extracting(kv -> kv.key + "=" + kv.value)
        .containsExactly("k2=HELLO!", "k3=STRASSE", "k5=A SOMEWHAT LONGER SENTENCE");
  }

  @Test
  void keepsTheInputTimestampAndHeaders() {
    Instant timestamp = Instant.parse("2026-11-22T10:00:00.123Z");
    RecordHeaders headers = new RecordHeaders();
    headers.add(new RecordHeader("sg", "trace".getBytes(StandardCharsets.UTF_8)));
    headers.add(new RecordHeader("other", new byte[] {1, 2}));
    input.pipeInput(new TestRecord<>("key", "payload text", headers, timestamp));

    TestRecord<String, String> out = output.readRecord();
    assertThat(out.getRecordTime()).isEqualTo(timestamp);
    assertThat(out.headers().toArray()).containsExactly(headers.toArray());
    assertThat(out.value()).isEqualTo("PAYLOAD TEXT");
    assertThat(output.isEmpty()).isTrue();
  }
}
