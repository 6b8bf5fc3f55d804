package io.streamgauge.loadgen;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.streamgauge.common.LoadShape;
import java.util.List;
import java.util.Map;

/**
 * The workload document: what to send, where and how fast. The operator and local mode write it
 * from a run's resolved {@code spec.load}; people may write it by hand (YAML or JSON).
 *
 * @param bootstrapServers Kafka to connect to
 * @param producerId this instance's id, stamped on every record (default: $HOSTNAME or
 *     load-generator-0)
 * @param mode {@code run} (live rate) or {@code prepopulate} (exactly N records, as fast as
 *     possible)
 * @param duration how long {@code run} lasts, like 30s or 10m; absent: until stopped
 * @param rampUp how long {@code run}'s rate takes to rise linearly from nothing to {@code
 *     ratePerSecond} (each record keeps its intended send time along the ramp); absent: the full
 *     rate from the start
 * @param endAt an absolute end of {@code run} (ISO-8601 instant), whichever of it and the duration
 *     comes first
 * @param windowsUrl a latency consumer's API ({@code http://host:port}); when set, the run also
 *     ends {@code endAfterMeasurement} after the measurement window it reports at {@code GET
 *     /windows}, asked every second until known
 * @param endAfterMeasurement how long past the measurement window to send (default 1m)
 * @param seed seed of every generator; the same seed gives the same records
 * @param producers number of instances sharing the load; each sends rate / producers
 * @param producerIndex this instance's index in [0, producers), which splits prepopulate counts
 * @param producerConfig Kafka producer properties (acks, linger.ms, batch.size, ...)
 * @param transactions optional transactional mode
 * @param metricsPort port of /metrics and /health; 0 picks a free one, -1 disables
 * @param trace whether records carry the {@code sg} trace header (default true); off where the
 *     latency consumer tracks no integrity, so the app does not copy ~45 bytes per record for
 *     nothing
 * @param topics the topics and their load
 * @param schemaRegistryUrl the schema registry (Confluent's REST API) that topics of {@code
 *     record.entity} register their schemas with and frame their values for
 */
public record Workload(
    String bootstrapServers,
    String producerId,
    Mode mode,
    String duration,
    String rampUp,
    String endAt,
    String windowsUrl,
    String endAfterMeasurement,
    Long seed,
    Integer producers,
    Integer producerIndex,
    Map<String, String> producerConfig,
    Transactions transactions,
    Integer metricsPort,
    Boolean trace,
    List<Topic> topics,
    String schemaRegistryUrl,
    List<LoadShape.Piece> shape) {

  /** What the generator does. */
  public enum Mode {
    /** Send at the configured rates for the duration or until stopped. */
    @JsonProperty("run")
    RUN,
    /** Send exactly {@code prepopulateRecords} per topic as fast as possible, then exit. */
    @JsonProperty("prepopulate")
    PREPOPULATE
  }

  /**
   * One topic's load.
   *
   * @param name topic name (must exist)
   * @param ratePerSecond records per second over all producers (run mode)
   * @param prepopulateRecords records to write (prepopulate mode)
   * @param record record profile
   */
  public record Topic(String name, Double ratePerSecond, Long prepopulateRecords, Record record) {}

  /**
   * Record profile.
   *
   * @param format string, text, bytes, protobuf or avro
   * @param valueSize fixed, or min/max with an optional mean
   * @param keys distinct keys
   * @param keyDistribution uniform, round-robin or zipf
   * @param zipfExponent skew of zipf keys (default 1.0)
   * @param words vocabulary size of the text format
   * @param message the message of the protobuf format: user-event, product-update, order or
   *     click-stream
   * @param entity the stateful-joins table of the avro format, its values framed for the schema
   *     registry: customer, product, order, shipment or review; absent, plain Avro without a
   *     registry
   */
  public record Record(
      String format,
      ValueSize valueSize,
      Long keys,
      String keyDistribution,
      Double zipfExponent,
      Integer words,
      String message,
      String entity) {

    /** A record profile without a stateful-joins entity. */
    public Record(
        String format,
        ValueSize valueSize,
        Long keys,
        String keyDistribution,
        Double zipfExponent,
        Integer words,
        String message) {
      this(format, valueSize, keys, keyDistribution, zipfExponent, words, message, null);
    }

    /** A record profile of a format without a message. */
    public Record(
        String format,
        ValueSize valueSize,
        Long keys,
        String keyDistribution,
        Double zipfExponent,
        Integer words) {
      this(format, valueSize, keys, keyDistribution, zipfExponent, words, null, null);
    }
  }

  /**
   * Value size in bytes.
   *
   * @param fixed every value this size
   * @param min smallest size
   * @param max largest size
   * @param mean mean size (values skewed towards it instead of uniform)
   */
  public record ValueSize(Integer fixed, Integer min, Integer max, Integer mean) {}

  /**
   * Transactional sending: records go out in transactions committed every {@code commitRecords}
   * records or {@code commitIntervalMs} milliseconds, whichever comes first.
   *
   * @param enabled use transactions
   * @param commitRecords records per transaction (default 1000)
   * @param commitIntervalMs longest transaction in ms (default 100)
   */
  public record Transactions(Boolean enabled, Integer commitRecords, Integer commitIntervalMs) {}
}
