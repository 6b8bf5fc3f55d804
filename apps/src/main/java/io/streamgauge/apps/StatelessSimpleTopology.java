package io.streamgauge.apps;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;

/**
 * {@code stateless-simple}: input → mapValues(uppercase) → filter(length &gt; 5) → output, String
 * keys and values. No state, no repartitioning: the framework's own overhead. Each output record
 * keeps its input record's key, timestamp and headers, so the latency consumer measures the whole
 * path and checks integrity.
 */
public final class StatelessSimpleTopology implements ScenarioTopology {

  /** Role of the topic read. */
  public static final String INPUT = "input";

  /** Role of the topic written. */
  public static final String OUTPUT = "output";

  /** Values this long or shorter (after uppercasing) are dropped. */
  static final int MIN_LENGTH_EXCLUSIVE = 5;

  @Override
  public String scenario() {
    return "stateless-simple";
  }

  @Override
  public List<String> topicRoles() {
    return List.of(INPUT, OUTPUT);
  }

  @Override
  public Topology build(Map<String, String> topics) {
    StreamsBuilder builder = new StreamsBuilder();
    builder.stream(topics.get(INPUT), Consumed.with(Serdes.String(), Serdes.String()))
        .mapValues(value -> value == null ? null : value.toUpperCase(Locale.ROOT))
        .filter((key, value) -> value != null && value.length() > MIN_LENGTH_EXCLUSIVE)
        .to(topics.get(OUTPUT), Produced.with(Serdes.String(), Serdes.String()));
    return builder.build();
  }
}
