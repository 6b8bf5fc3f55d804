package io.streamgauge.apps;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Produced;

/**
 * {@code wordcount}: input → flatMapValues(split on whitespace) → groupBy(word) → count in a
 * persistent (RocksDB) store → toStream → output, String/Long. The regrouping goes through the
 * repartition topic {@code <application.id>-words-repartition}; the store's changelog is {@code
 * <application.id>-word-counts-changelog}. Kafka Streams gives each count the largest timestamp of
 * the records counted so far for that word, so latency downstream is measured from the newest
 * record behind the count.
 */
public final class WordCountTopology implements ScenarioTopology {

  /** Role of the topic read. */
  public static final String INPUT = "input";

  /** Role of the topic written. */
  public static final String OUTPUT = "output";

  /** Name of the count store (and so of its changelog topic). */
  public static final String STORE = "word-counts";

  /** Name of the repartition step (and so of its topic). */
  public static final String REPARTITION = "words";

  private static final Pattern WHITESPACE = Pattern.compile("\\s+");

  @Override
  public String scenario() {
    return "wordcount";
  }

  @Override
  public List<String> topicRoles() {
    return List.of(INPUT, OUTPUT);
  }

  @Override
  public Topology build(Map<String, String> topics) {
    StreamsBuilder builder = new StreamsBuilder();
    builder.stream(topics.get(INPUT), Consumed.with(Serdes.String(), Serdes.String()))
        .flatMapValues(WordCountTopology::words)
        .groupBy((key, word) -> word, Grouped.with(REPARTITION, Serdes.String(), Serdes.String()))
        .count(Materialized.as(STORE))
        .toStream()
        .to(topics.get(OUTPUT), Produced.with(Serdes.String(), Serdes.Long()));
    return builder.build();
  }

  /** The non-empty whitespace-separated words of {@code text} (none for null). */
  static List<String> words(String text) {
    List<String> words = new ArrayList<>();
    if (text != null) {
      for (String word : WHITESPACE.split(text)) {
        if (!word.isEmpty()) {
          words.add(word);
        }
      }
    }
    return words;
  }
}
