package io.streamgauge.api.status;

/**
 * Where a run is in its life; the only phases a run passes through, in this order. A
 * state-restoration run goes Pending → ProvisioningKafka → Prepopulating → Restoring → Collecting;
 * every other scenario skips those two and goes through DeployingApp … Measuring. A run with {@code
 * spec.repetitions} above 1 goes Pending → Repeating → Succeeded: its repetitions are runs of their
 * own; a run with {@code spec.capacity} goes Pending → Searching → Succeeded.
 */
public enum Phase {
  /** Accepted, nothing created yet. */
  Pending,
  /**
   * A run with {@code spec.repetitions} above 1: its repetitions run one after another as
   * BenchmarkRuns of their own ({@code <run>-1} … {@code <run>-N}); {@code status.repetitions}
   * follows them.
   */
  Repeating,
  /**
   * A run with {@code spec.capacity}: its probes run one after another as BenchmarkRuns of their
   * own ({@code <run>-p1}, {@code -p2} …); {@code status.capacity} follows them.
   */
  Searching,
  /** Creating the Strimzi Kafka cluster and topics, or checking the external cluster. */
  ProvisioningKafka,
  /** State restoration: writing the changelog topics' records before the app exists. */
  Prepopulating,
  /**
   * State restoration: the app started cold, with empty state; the phase ends when it reports every
   * store restored. This is the window the restoration figures cover.
   */
  Restoring,
  /** Deploying the app under test. */
  DeployingApp,
  /** Starting the load generators and the latency consumer. */
  StartingLoad,
  /** Load running; measurements not yet counted. */
  WarmingUp,
  /** Inside the measurement window. */
  Measuring,
  /** Reading latency results and querying Prometheus over the measurement window. */
  Collecting,
  /** Done; the summary is in status. */
  Succeeded,
  /** Stopped by an error or the timeout; the reason is in the Ready condition. */
  Failed;

  /** True for the two phases a run ends in: Succeeded and Failed. */
  public boolean ended() {
    return this == Succeeded || this == Failed;
  }
}
