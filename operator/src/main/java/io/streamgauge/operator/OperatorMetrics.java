package io.streamgauge.operator;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.FailureReason;
import io.streamgauge.run.RunEvents;

/**
 * The operator's own metrics: phases entered and runs failed (by reason), plus JVM metrics;
 * forwards every moment to the events it wraps.
 */
final class OperatorMetrics implements RunEvents {

  private final RunEvents delegate;
  private final Counter phases =
      Counter.builder()
          .name("sg_operator_phases_entered_total")
          .help("BenchmarkRun phases entered, by phase (Succeeded counts finished runs)")
          .labelNames("phase")
          .build();
  private final Counter failures =
      Counter.builder()
          .name("sg_operator_runs_failed_total")
          .help("BenchmarkRuns that failed, by reason")
          .labelNames("reason")
          .build();
  private final Counter retries =
      Counter.builder()
          .name("sg_operator_run_warnings_total")
          .help("Warnings of runs: errors retried (each new message once), failed cleanups")
          .build();

  private final Counter invalid =
      Counter.builder()
          .name("sg_operator_runs_invalid_total")
          .help("BenchmarkRuns that succeeded but failed a validity check (Valid condition False)")
          .build();

  /** Registers the counters and JVM metrics with {@code registry}. */
  OperatorMetrics(PrometheusRegistry registry, RunEvents delegate) {
    this.delegate = delegate;
    registry.register(phases);
    registry.register(failures);
    registry.register(retries);
    registry.register(invalid);
    JvmMetrics.builder().register(registry);
  }

  @Override
  public void phaseEntered(RunContext run, Phase phase, String message) {
    phases.labelValues(phase.name()).inc();
    delegate.phaseEntered(run, phase, message);
  }

  @Override
  public void failed(RunContext run, FailureReason reason, String message) {
    failures.labelValues(reason.name()).inc();
    delegate.failed(run, reason, message);
  }

  @Override
  public void warning(RunContext run, String message) {
    retries.inc();
    delegate.warning(run, message);
  }

  @Override
  public void invalid(RunContext run, String failures) {
    invalid.inc();
    delegate.invalid(run, failures);
  }
}
