package io.streamgauge.loadgen;

import io.streamgauge.common.LoadShape;
import io.streamgauge.common.SpecDuration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Checks a {@link Workload} and lists every problem with its field path. */
public final class WorkloadValidator {

  private static final Set<String> FORMATS = Set.of("string", "text", "bytes", "protobuf", "avro");
  private static final Set<String> DISTRIBUTIONS = Set.of("uniform", "round-robin", "zipf");

  private WorkloadValidator() {}

  /** Every problem of {@code w}, each as {@code field: what is wrong}; empty when valid. */
  public static List<String> problems(Workload w) {
    List<String> out = new ArrayList<>();
    if (blank(w.bootstrapServers())) {
      out.add("bootstrapServers: required");
    }
    if (w.producerId() != null && w.producerId().contains("/")) {
      out.add("producerId: must not contain '/', got '" + w.producerId() + "'");
    }
    if (w.duration() != null && !SpecDuration.isValid(w.duration())) {
      out.add("duration: '" + w.duration() + "' is not a duration like 30s, 10m or 1h30m");
    }
    if (w.rampUp() != null && !SpecDuration.isValid(w.rampUp())) {
      out.add("rampUp: '" + w.rampUp() + "' is not a duration like 30s, 10m or 1h30m");
    } else if (w.rampUp() != null && w.mode() == Workload.Mode.PREPOPULATE) {
      out.add("rampUp: only in run mode (prepopulate sends as fast as it can)");
    }
    if (w.endAt() != null) {
      try {
        Instant.parse(w.endAt());
      } catch (DateTimeParseException e) {
        out.add("endAt: '" + w.endAt() + "' is not an ISO-8601 instant like 2026-01-01T12:00:00Z");
      }
    }
    if (w.windowsUrl() != null && !w.windowsUrl().matches("https?://[^/\\s]+/?")) {
      out.add("windowsUrl: '" + w.windowsUrl() + "' is not a base URL like http://host:9401");
    }
    shape(w, out);
    if (w.endAfterMeasurement() != null && !SpecDuration.isValid(w.endAfterMeasurement())) {
      out.add(
          "endAfterMeasurement: '"
              + w.endAfterMeasurement()
              + "' is not a duration like 30s, 10m or 1h30m");
    }
    if (w.producers() != null && w.producers() < 1) {
      out.add("producers: must be at least 1, got " + w.producers());
    }
    int producers = w.producers() == null ? 1 : w.producers();
    if (w.producerIndex() != null && (w.producerIndex() < 0 || w.producerIndex() >= producers)) {
      out.add("producerIndex: must be in [0, producers), got " + w.producerIndex());
    }
    if (w.metricsPort() != null && (w.metricsPort() < -1 || w.metricsPort() > 65535)) {
      out.add("metricsPort: must be -1 (off), 0 (any) or a port, got " + w.metricsPort());
    }
    if (w.transactions() != null) {
      Workload.Transactions t = w.transactions();
      if (t.commitRecords() != null && t.commitRecords() < 1) {
        out.add("transactions.commitRecords: must be at least 1");
      }
      if (t.commitIntervalMs() != null && t.commitIntervalMs() < 1) {
        out.add("transactions.commitIntervalMs: must be at least 1");
      }
    }
    if (w.topics() == null || w.topics().isEmpty()) {
      out.add("topics: at least one topic is required");
      return out;
    }
    Set<String> names = new HashSet<>();
    for (int i = 0; i < w.topics().size(); i++) {
      topic(w, w.topics().get(i), "topics[" + i + "]", names, out);
    }
    joins(w, out);
    return out;
  }

  /**
   * stateful-joins' tables: each at most once, a registry to frame them for, the dimensions beside
   * the facts that reference them, and shipments and reviews no faster than the orders they follow
   * (shipment n is order n's).
   */
  private static void shape(Workload w, List<String> out) {
    if (w.shape() == null) {
      return;
    }
    if (w.windowsUrl() == null || w.mode() == Workload.Mode.PREPOPULATE) {
      out.add("shape: only in run mode with a windowsUrl (the shape starts at the window's start)");
    }
    if (w.shape().isEmpty()) {
      out.add("shape: needs at least one piece");
    }
    for (int i = 0; i < w.shape().size(); i++) {
      LoadShape.Piece piece = w.shape().get(i);
      if (piece == null || !(piece.seconds() > 0)) {
        out.add("shape[" + i + "].seconds: must be more than 0");
      } else if (!(piece.from() >= 0) || !(piece.to() >= 0)) {
        out.add("shape[" + i + "]: factors must be at least 0");
      }
    }
  }

  private static void joins(Workload w, List<String> out) {
    Map<JoinEntity, Integer> at = new EnumMap<>(JoinEntity.class);
    for (int i = 0; i < w.topics().size(); i++) {
      Workload.Record r = w.topics().get(i).record();
      if (r == null || r.entity() == null) {
        continue;
      }
      String field = "topics[" + i + "].record.entity";
      Optional<JoinEntity> entity = JoinEntity.find(r.entity());
      if (!"avro".equals(r.format())) {
        out.add(field + ": only with format avro");
      } else if (entity.isEmpty()) {
        out.add(
            field
                + ": unknown entity '"
                + r.entity()
                + "' ("
                + String.join(", ", JoinEntity.names())
                + ")");
      } else if (at.putIfAbsent(entity.get(), i) != null) {
        out.add(field + ": '" + r.entity() + "' is already topics[" + at.get(entity.get()) + "]");
      }
    }
    if (at.isEmpty()) {
      return;
    }
    if (blank(w.schemaRegistryUrl())) {
      out.add("schemaRegistryUrl: required where a topic has a record.entity");
    } else if (!w.schemaRegistryUrl().matches("https?://\\S+")) {
      out.add("schemaRegistryUrl: '" + w.schemaRegistryUrl() + "' is not an http(s) URL");
    }
    boolean facts = at.keySet().stream().anyMatch(e -> !e.dimension);
    for (JoinEntity dimension : List.of(JoinEntity.CUSTOMER, JoinEntity.PRODUCT)) {
      if (facts && !at.containsKey(dimension)) {
        out.add("topics: orders, shipments and reviews need a topic of entity " + dimension.wire);
      }
    }
    if (w.mode() == Workload.Mode.PREPOPULATE) {
      out.add("mode: prepopulate has no stateful-joins tables (they are seeded in run mode)");
      return;
    }
    for (JoinEntity follower : List.of(JoinEntity.SHIPMENT, JoinEntity.REVIEW)) {
      if (!at.containsKey(follower)) {
        continue;
      }
      Integer orders = at.get(JoinEntity.ORDER);
      Double rate = w.topics().get(at.get(follower)).ratePerSecond();
      if (orders == null) {
        out.add("topics: " + follower.wire + "s need a topic of entity order");
      } else if (rate != null
          && w.topics().get(orders).ratePerSecond() != null
          && rate > w.topics().get(orders).ratePerSecond()) {
        out.add(
            "topics["
                + at.get(follower)
                + "].ratePerSecond: "
                + follower.wire
                + " n follows order n, so at most the orders' "
                + w.topics().get(orders).ratePerSecond()
                + ", got "
                + rate);
      }
    }
  }

  private static void topic(
      Workload w, Workload.Topic t, String at, Set<String> names, List<String> out) {
    if (blank(t.name())) {
      out.add(at + ".name: required");
    } else if (!names.add(t.name())) {
      out.add(at + ".name: '" + t.name() + "' is listed twice");
    }
    boolean prepopulate = w.mode() == Workload.Mode.PREPOPULATE;
    if (prepopulate) {
      if (t.prepopulateRecords() == null || t.prepopulateRecords() < 1) {
        out.add(at + ".prepopulateRecords: must be at least 1 in prepopulate mode");
      }
    } else if (t.ratePerSecond() == null || !(t.ratePerSecond() > 0)) {
      out.add(at + ".ratePerSecond: must be greater than 0, got " + t.ratePerSecond());
    }
    Workload.Record r = t.record();
    if (r == null) {
      out.add(at + ".record: required");
      return;
    }
    if (r.format() == null) {
      out.add(at + ".record.format: required (string, text, bytes, protobuf or avro)");
    } else if (!FORMATS.contains(r.format())) {
      out.add(
          at
              + ".record.format: unknown format '"
              + r.format()
              + "' (string, text, bytes, protobuf or avro)");
    }
    if ("protobuf".equals(r.format()) != (r.message() != null)) {
      out.add(at + ".record.message: required with format protobuf, and only there");
    } else if (r.message() != null && ProtobufValues.MessageKind.find(r.message()).isEmpty()) {
      out.add(
          at
              + ".record.message: unknown message '"
              + r.message()
              + "' ("
              + String.join(", ", ProtobufValues.MessageKind.names())
              + ")");
    }
    if (r.keyDistribution() != null && !DISTRIBUTIONS.contains(r.keyDistribution())) {
      out.add(
          at
              + ".record.keyDistribution: unknown '"
              + r.keyDistribution()
              + "' (uniform, round-robin or zipf)");
    }
    if (r.keys() == null || r.keys() < 1) {
      out.add(at + ".record.keys: must be at least 1");
    }
    if (r.zipfExponent() != null && !(r.zipfExponent() > 0)) {
      out.add(at + ".record.zipfExponent: must be greater than 0");
    }
    if (r.words() != null && r.words() < 1) {
      out.add(at + ".record.words: must be at least 1");
    }
    valueSize(r.valueSize(), at + ".record.valueSize", out);
  }

  private static void valueSize(Workload.ValueSize s, String at, List<String> out) {
    if (s == null) {
      out.add(at + ": required (fixed, or min and max)");
      return;
    }
    boolean range = s.min() != null || s.max() != null;
    if ((s.fixed() != null) == range) {
      out.add(at + ": set either fixed, or min and max");
      return;
    }
    if (s.fixed() != null) {
      if (s.fixed() < 1) {
        out.add(at + ".fixed: must be at least 1");
      }
      return;
    }
    if (s.min() == null || s.max() == null) {
      out.add(at + ": min and max must be set together");
    } else if (s.min() < 1 || s.min() > s.max()) {
      out.add(at + ": need 1 <= min <= max, got min " + s.min() + ", max " + s.max());
    } else if (s.mean() != null && (s.mean() < s.min() || s.mean() > s.max())) {
      out.add(at + ".mean: must lie between min and max");
    }
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
