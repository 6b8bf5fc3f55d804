package io.streamgauge.apps;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.LongDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyDescription;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ValueAndTimestamp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WordCountTopologyTest {

  private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

  @TempDir Path stateDir;
  private TopologyTestDriver driver;
  private TestInputTopic<String, String> input;
  private TestOutputTopic<String, Long> output;

  @BeforeEach
  void setUp() {
    driver = TestDrivers.of(new WordCountTopology(), stateDir);
    input = driver.createInputTopic("in", new StringSerializer(), new StringSerializer());
    output = driver.createOutputTopic("out", new StringDeserializer(), new LongDeserializer());
  }

  @AfterEach
  void tearDown() {
    driver.close();
  }

  @Test
  void emitsTheRunningCountOfEveryWordWithTheNewestTimestampBehindIt() {
    input.pipeInput("k", "a b a", T0.plusMillis(1000));
    input.pipeInput("k", "  b\tc\n", T0.plusMillis(500));
    input.pipeInput("k", "a", T0.plusMillis(2000));

    assertThat(output.readRecordsToList())
        .extracting(r -> r.key() + "=" + r.value() + "@" + (r.timestamp() - T0.toEpochMilli()))
        .containsExactly("a=1@1000", "b=1@1000", "a=2@1000", "b=2@1000", "c=1@500", "a=3@2000");
  }

  @Test
  void keepsTheCountsInAPersistentStore() {
    input.pipeInput("k", "x y x", T0);
    KeyValueStore<String, ValueAndTimestamp<Long>> store =
        driver.getTimestampedKeyValueStore(WordCountTopology.STORE);

    assertThat(store.persistent()).isTrue();
    assertThat(store.get("x").value()).isEqualTo(2L);
    assertThat(store.get("y").value()).isEqualTo(1L);
  }

  @Test
  void regroupsThroughANamedRepartitionTopic() {
    TopologyDescription description =
        new WordCountTopology().build(Map.of("input", "in", "output", "out")).describe();

    assertThat(description.toString()).contains("words-repartition");
  }

  @Test
  void splitsOnAnyWhitespaceAndDropsEmptyWords() {
    assertThat(WordCountTopology.words(" the  quick\tbrown\nfox "))
        .containsExactly("the", "quick", "brown", "fox");
    assertThat(WordCountTopology.words("")).isEmpty();
    assertThat(WordCountTopology.words(null)).isEqualTo(List.of());
  }
}
