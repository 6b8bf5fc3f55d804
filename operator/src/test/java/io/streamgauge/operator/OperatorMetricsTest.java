package io.streamgauge.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.streamgauge.api.Phase;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.FailureReason;
import io.streamgauge.run.RunEvents;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OperatorMetricsTest {

  @Test
  void countsPhasesAndFailuresAndForwardsThem() throws Exception {
    List<String> forwarded = new ArrayList<>();
    PrometheusRegistry registry = new PrometheusRegistry();
    OperatorMetrics metrics =
        new OperatorMetrics(
            registry,
            new RunEvents() {
              @Override
              public void phaseEntered(RunContext run, Phase phase, String message) {
                forwarded.add(phase.name());
              }

              @Override
              public void failed(RunContext run, FailureReason reason, String message) {
                forwarded.add(reason.name());
              }

              @Override
              public void warning(RunContext run, String message) {
                forwarded.add("retrying");
              }

              @Override
              public void invalid(RunContext run, String failures) {
                forwarded.add("invalid");
              }
            });
    RunContext run = new RunContext("ns", "r", "uid", null, null);

    metrics.phaseEntered(run, Phase.Measuring, "");
    metrics.phaseEntered(run, Phase.Measuring, "");
    metrics.failed(run, FailureReason.AppFailed, "boom");
    metrics.invalid(run, "producedRate 0.5 not >= 0.99");

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new PrometheusTextFormatWriter(false).write(out, registry.scrape());
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("sg_operator_phases_entered_total{phase=\"Measuring\"} 2.0")
        .contains("sg_operator_runs_failed_total{reason=\"AppFailed\"} 1.0")
        .contains("sg_operator_runs_invalid_total 1.0")
        .contains("jvm_threads_current");
    assertThat(forwarded).containsExactly("Measuring", "Measuring", "AppFailed", "invalid");
  }
}
