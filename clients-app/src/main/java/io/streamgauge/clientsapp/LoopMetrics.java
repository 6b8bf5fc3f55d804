package io.streamgauge.clientsapp;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * What the loop counts, on /metrics beside the JVM's: records consumed and produced, commits and
 * how long each took (under exactly-once, the transaction's commit), in all and step by step.
 */
final class LoopMetrics {

  private final Counter consumed;
  private final Counter produced;
  private final Histogram commits;
  private final Histogram commitSteps;

  /** The steps of a commit, as {@code sg_app_commit_step_seconds} labels them. */
  enum CommitStep {
    /** The producer's flush: every record sent so far acknowledged. */
    FLUSH,
    /**
     * The input offsets: {@code commitSync} at at-least-once, {@code sendOffsetsToTransaction} (the
     * group coordinator's TxnOffsetCommit) under exactly-once.
     */
    OFFSETS,
    /** {@code commitTransaction}: the transaction coordinator's EndTxn (exactly-once only). */
    TRANSACTION;

    String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  LoopMetrics(PrometheusRegistry registry) {
    consumed =
        Counter.builder()
            .name("sg_app_records_consumed_total")
            .help("Input records the loop read")
            .register(registry);
    produced =
        Counter.builder()
            .name("sg_app_records_produced_total")
            .help("Output records the loop sent")
            .register(registry);
    commits =
        Histogram.builder()
            .name("sg_app_commit_seconds")
            .help("How long each commit took: flush, then the offsets or the transaction")
            .classicUpperBounds(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)
            .register(registry);
    commitSteps =
        Histogram.builder()
            .name("sg_app_commit_step_seconds")
            .help("How long each step of a commit took (flush, offsets, transaction)")
            .labelNames("step")
            .classicUpperBounds(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)
            .register(registry);
    for (CommitStep step : CommitStep.values()) {
      commitSteps.labelValues(step.label()); // on /metrics from the start, at zero
    }
  }

  void consumed() {
    consumed.inc();
  }

  void produced() {
    produced.inc();
  }

  void committed(double seconds) {
    commits.observe(seconds);
  }

  void commitStep(CommitStep step, double seconds) {
    commitSteps.labelValues(step.label()).observe(seconds);
  }
}
