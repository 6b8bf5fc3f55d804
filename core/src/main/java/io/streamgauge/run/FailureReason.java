package io.streamgauge.run;

/** Why a run failed: the reason of its Ready condition and of its Warning event. */
public enum FailureReason {
  /** The spec asks for something the platform cannot do; nothing was created. */
  ValidationFailed,
  /** The Kafka cluster did not become ready in time. */
  KafkaNotReady,
  /** The app under test failed (crash loop, OOM kill, failed pod). */
  AppFailed,
  /** A load generator failed. */
  LoadGeneratorFailed,
  /** The latency consumer failed. */
  LatencyConsumerFailed,
  /**
   * The window was collected but measured nothing meaningful: no latency samples, or load below 95
   * % of its target. Its results are kept.
   */
  InvalidMeasurement,
  /** Prometheus could not be queried after retries. */
  MetricsUnavailable,
  /** spec.schedule.timeout passed before the run finished. */
  Timeout,
  /** Stopped by the user (local mode: Ctrl-C or SIGTERM). */
  Interrupted,
  /**
   * The platform refused what the run needs for good: RBAC, a resource type that is not installed
   * (Strimzi's CRDs), an object rejected by the API server or an admission controller.
   */
  PlatformError
}
