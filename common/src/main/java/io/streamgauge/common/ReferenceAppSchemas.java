package io.streamgauge.common;

import io.streamgauge.common.AppSettingsSchema.Range;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The settings of Streamgauge's reference apps, one per runtime: what each implements and what it
 * reads beyond the contract. The apps parse their settings with these, and local mode checks a
 * run's settings against them before it starts anything.
 */
public final class ReferenceAppSchemas {

  private static final List<String> INPUT_OUTPUT = List.of("input", "output");

  /** The Kafka Streams app ({@code apps/}, image {@code streams-app}): every built-in scenario. */
  public static final AppSettingsSchema STREAMS_APP =
      new AppSettingsSchema(
          "streams-app",
          scenarios(
              "stateless-simple",
              INPUT_OUTPUT,
              "wordcount",
              INPUT_OUTPUT,
              "stateless-advanced",
              List.of(
                  "user-events",
                  "product-updates",
                  "orders",
                  "click-streams",
                  "events-priority-high",
                  "events-priority-normal",
                  "events-priority-low",
                  "customer-activity"),
              "stateful-joins",
              List.of(
                  "customers",
                  "products",
                  "orders",
                  "shipments",
                  "reviews",
                  "enriched-orders",
                  "enriched-shipments",
                  "enriched-reviews"),
              "state-restoration",
              restorationChangelogs()),
          Map.of("num.stream.threads", new Range(1, 1024)),
          List.of(),
          List.of("streams."));

  /**
   * The Apache Flink app ({@code flink-app/}, image {@code flink-app}): stateless-simple and
   * wordcount, its commit interval the checkpoint interval.
   */
  public static final AppSettingsSchema FLINK_APP =
      new AppSettingsSchema(
          "flink-app",
          scenarios("stateless-simple", INPUT_OUTPUT, "wordcount", INPUT_OUTPUT),
          Map.of("parallelism", new Range(1, 1024)),
          List.of(),
          List.of("flink.", "consumer.", "producer."));

  /**
   * The plain-clients app ({@code clients-app/}, image {@code clients-app}): stateless-simple with
   * a KafkaConsumer and a KafkaProducer (transactions under exactly-once), the floor a framework is
   * measured against.
   */
  public static final AppSettingsSchema CLIENTS_APP =
      new AppSettingsSchema(
          "clients-app",
          scenarios("stateless-simple", INPUT_OUTPUT),
          Map.of(),
          List.of(),
          List.of("consumer.", "producer."));

  /** How many stores the state-restoration scenario restores. */
  public static final int RESTORATION_STORES = 16;

  private ReferenceAppSchemas() {}

  /** The changelog topic of restoration store {@code i}: {@code store-07-changelog}. */
  public static String restorationChangelog(int i) {
    return String.format("store-%02d-changelog", i);
  }

  private static List<String> restorationChangelogs() {
    List<String> topics = new ArrayList<>();
    for (int i = 0; i < RESTORATION_STORES; i++) {
      topics.add(restorationChangelog(i));
    }
    return topics;
  }

  private static Map<String, List<String>> scenarios(Object... nameThenRoles) {
    Map<String, List<String>> scenarios = new LinkedHashMap<>();
    for (int i = 0; i < nameThenRoles.length; i += 2) {
      @SuppressWarnings("unchecked")
      List<String> roles = (List<String>) nameThenRoles[i + 1];
      scenarios.put((String) nameThenRoles[i], roles);
    }
    return scenarios;
  }
}
