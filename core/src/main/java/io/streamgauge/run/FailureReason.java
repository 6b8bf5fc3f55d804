package io.streamgauge.run;

/** Why a run failed: the reason of its Ready condition and of its Warning event. */
public enum FailureReason {
  /** The spec asks for something the platform cannot do; nothing was created. */
  ValidationFailed,
  /** The Kafka cluster did not become ready in time. */
  KafkaNotReady,
  /** The run's own schema registry did not become ready in time. */
  SchemaRegistryNotReady,
  /** The app under test failed (crash loop, OOM kill, failed pod). */
  AppFailed,
  /**
   * The app's pod was replaced after the warmup started (evicted, deleted, rescheduled): the new
   * one started cold inside the windows.
   */
  AppRestarted,
  /** A load generator failed. */
  LoadGeneratorFailed,
  /**
   * A load generator ended before the measurement window did (it completed, or was stopped), so the
   * window was not under its full load.
   */
  LoadEndedEarly,
  /** The latency consumer failed. */
  LatencyConsumerFailed,
  /**
   * The latency consumer's pod was replaced after the warmup started: the new one has lost the
   * histograms and the records it had read.
   */
  LatencyConsumerLost,
  /**
   * The window was collected but measured nothing: no latency samples, or a restoration that
   * restored nothing or whose CPU was not measured. Its results are kept. (A run that measured but
   * fails a check, such as load below 99 % of its target, succeeds with its Valid condition False.)
   */
  InvalidMeasurement,
  /**
   * The complete result document could not be stored (the results object refused, RBAC) within the
   * collecting timeout; the summary is in the status.
   */
  ResultsNotStored,
  /** Prometheus could not be queried after retries. */
  MetricsUnavailable,
  /**
   * Prometheus did not scrape every component within the platform's first-scrape wait after the
   * load started: the windows were never fixed.
   */
  NotScraped,
  /** spec.schedule.timeout passed before the run finished. */
  Timeout,
  /** Stopped by the user (local mode: Ctrl-C or SIGTERM). */
  Interrupted,
  /**
   * An object the run needs (its Deployment, Service, Job, results ConfigMap, Kafka or topics)
   * already exists under its name without this run as its controller owner; it is left alone.
   */
  NameConflict,
  /**
   * The platform refused what the run needs for good: RBAC, a resource type that is not installed
   * (Strimzi's CRDs), an object rejected by the API server or an admission controller.
   */
  PlatformError,
  /** A run with spec.repetitions: every one of its repetitions failed. */
  RepetitionsFailed,
  /**
   * A capacity search: a probe run failed (not merely missed the SLO) before any probe passed, so
   * the setup, not the rate, is what fails; the search stops.
   */
  ProbeFailed
}
