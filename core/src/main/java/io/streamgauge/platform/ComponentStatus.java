package io.streamgauge.platform;

/** The state of one component of a run (Kafka, app, latency consumer, load generators). */
public sealed interface ComponentStatus {

  /** Running and ready (or, for Kafka, accepting clients). */
  record Ready(String detail) implements ComponentStatus {}

  /** Being created or starting; {@code reason} says what it waits for. */
  record Starting(String reason) implements ComponentStatus {}

  /**
   * Failed for good.
   *
   * @param object the object that failed, e.g. {@code Pod bench/run-app-7d9f-x2k}
   * @param reason what happened, e.g. {@code OOMKilled}
   */
  record Failed(String object, String reason) implements ComponentStatus {}

  /**
   * Finished its work and exited cleanly: normal for a load generator after the measurement window
   * (and its margin), too early inside it.
   *
   * @param object what ended, e.g. {@code Job bench/run-load}
   * @param detail how many of its instances ended
   */
  record Ended(String object, String detail) implements ComponentStatus {}

  /** True when ready. */
  default boolean isReady() {
    return this instanceof Ready;
  }
}
