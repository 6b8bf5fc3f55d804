package io.streamgauge.validation;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.JoinEntity;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.RecordFormat;
import io.streamgauge.api.spec.Scenario;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The stateful-joins tables of {@code spec.load.topics} ({@code record.entity}): Avro only, each
 * table at most once, the dimensions beside the facts that reference them, shipments and reviews no
 * faster than the orders they follow (shipment n is order n's: a faster one would reference orders
 * never written), and every table where the scenario is stateful-joins.
 */
final class JoinTablesCheck {

  private JoinTablesCheck() {}

  static void problems(BenchmarkRunSpec spec, List<String> problems) {
    if (spec.getLoad() == null || spec.getLoad().getTopics() == null) {
      return;
    }
    List<LoadTopicSpec> topics = spec.getLoad().getTopics();
    Map<JoinEntity, Integer> at = new EnumMap<>(JoinEntity.class);
    for (int i = 0; i < topics.size(); i++) {
      LoadTopicSpec t = topics.get(i);
      JoinEntity entity = t.getRecord() == null ? null : t.getRecord().getEntity();
      if (entity == null) {
        continue;
      }
      String field = "spec.load.topics[" + i + "].record.entity";
      if (t.getRecord().getFormat() != RecordFormat.AVRO) {
        problems.add(field + ": only with format avro");
      } else if (at.putIfAbsent(entity, i) != null) {
        problems.add(field + ": " + wire(entity) + " is already topics[" + at.get(entity) + "]");
      }
    }
    if (spec.getScenario() == Scenario.STATEFUL_JOINS) {
      for (JoinEntity entity : JoinEntity.values()) {
        if (!at.containsKey(entity)) {
          problems.add(
              "spec.load.topics: stateful-joins needs a topic of record.entity " + wire(entity));
        }
      }
    }
    Integer orders = at.get(JoinEntity.ORDER);
    for (JoinEntity follower : List.of(JoinEntity.SHIPMENT, JoinEntity.REVIEW)) {
      Integer i = at.get(follower);
      if (i == null || orders == null) {
        continue;
      }
      Double rate = topics.get(i).getRatePerSecond();
      Double orderRate = topics.get(orders).getRatePerSecond();
      if (rate != null && orderRate != null && rate > orderRate) {
        problems.add(
            "spec.load.topics[%d].ratePerSecond: %s n follows order n, so at most the orders' %s, got %s"
                .formatted(i, wire(follower), orderRate, rate));
      }
    }
  }

  private static String wire(JoinEntity entity) {
    return entity.name().toLowerCase();
  }
}
