package io.streamgauge.scenario;

import static io.streamgauge.scenario.Topics.fixed;
import static io.streamgauge.scenario.Topics.join;
import static io.streamgauge.scenario.Topics.live;
import static io.streamgauge.scenario.Topics.prepopulated;
import static io.streamgauge.scenario.Topics.protobuf;
import static io.streamgauge.scenario.Topics.range;

import io.streamgauge.api.spec.JoinEntity;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.ProtobufMessage;
import io.streamgauge.api.spec.RecordFormat;
import io.streamgauge.api.spec.Scenario;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The scenarios table of the methodology (docs/reference/scenarios.md, generated from here):
 * topics, partitions, record profiles and rates, exactly as the reference benchmark ran them. Sizes
 * given there in KB are KiB here (2–5 KB is 2,048–5,120 B).
 */
public final class ScenarioCatalog {

  /** Windows of the methodology: 10 minutes warmup, 10 minutes measurement. */
  static final String TEN_MINUTES = "10m";

  /** State restoration: 155.8M records over 16 stores, ~16.8 GB raw (~108 B a record). */
  static final int RESTORATION_STORES = 16;

  static final long RESTORATION_RECORDS_PER_STORE = 155_800_000L / RESTORATION_STORES;
  static final int RESTORATION_VALUE_BYTES = 108;

  private static final Map<Scenario, ScenarioProfile> PROFILES = new EnumMap<>(Scenario.class);

  static {
    add(
        Scenario.STATELESS_SIMPLE,
        List.of(live("input", 12, 20_000, RecordFormat.STRING, fixed(1024), 10_000)),
        List.of("output"));
    add(
        Scenario.WORDCOUNT,
        List.of(live("input", 12, 7_500, RecordFormat.TEXT, range(50, 1000, 200), 10_000)),
        List.of("output"));
    add(
        Scenario.STATELESS_ADVANCED,
        List.of(
            protobuf("user-events", 12, 2_100, ProtobufMessage.USER_EVENT, range(2048, 5120)),
            protobuf(
                "product-updates", 12, 1_400, ProtobufMessage.PRODUCT_UPDATE, range(2048, 5120)),
            protobuf("orders", 12, 700, ProtobufMessage.ORDER, range(8192, 15360)),
            protobuf(
                "click-streams", 12, 2_800, ProtobufMessage.CLICK_STREAM, range(15360, 30720))),
        List.of(
            "events-priority-high",
            "events-priority-normal",
            "events-priority-low",
            "customer-activity"));
    add(
        Scenario.STATEFUL_JOINS,
        List.of(
            join("customers", 12, JoinEntity.CUSTOMER, range(2048, 5120), 10_000),
            join("products", 18, JoinEntity.PRODUCT, range(2048, 5120), 1_000),
            join("orders", 120, JoinEntity.ORDER, range(10240, 51200), 1),
            join("shipments", 90, JoinEntity.SHIPMENT, range(5632, 27648), 1),
            join("reviews", 60, JoinEntity.REVIEW, range(5632, 20480), 1)),
        List.of("enriched-orders", "enriched-shipments", "enriched-reviews"));
    add(Scenario.STATE_RESTORATION, restorationStores(), List.of(), "0s", TEN_MINUTES);
    add(Scenario.CUSTOM, List.of(), List.of());
  }

  private ScenarioCatalog() {}

  /** The profile of {@code scenario}; every scenario has one. */
  public static ScenarioProfile profile(Scenario scenario) {
    return PROFILES.get(scenario);
  }

  private static List<LoadTopicSpec> restorationStores() {
    List<LoadTopicSpec> stores = new ArrayList<>();
    for (int i = 0; i < RESTORATION_STORES; i++) {
      RecordFormat format = i % 2 == 0 ? RecordFormat.AVRO : RecordFormat.STRING;
      stores.add(
          prepopulated(
              "store-%02d-changelog".formatted(i),
              6,
              RESTORATION_RECORDS_PER_STORE,
              format,
              fixed(RESTORATION_VALUE_BYTES),
              RESTORATION_RECORDS_PER_STORE));
    }
    return List.copyOf(stores);
  }

  private static void add(Scenario scenario, List<LoadTopicSpec> inputs, List<String> outputs) {
    add(scenario, inputs, outputs, TEN_MINUTES, TEN_MINUTES);
  }

  private static void add(
      Scenario scenario,
      List<LoadTopicSpec> inputs,
      List<String> outputs,
      String warmup,
      String measurement) {
    PROFILES.put(scenario, new ScenarioProfile(scenario, inputs, outputs, warmup, measurement));
  }
}
