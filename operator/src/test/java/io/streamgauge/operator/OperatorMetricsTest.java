package io.streamgauge.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.FailureReason;
import io.streamgauge.testing.RecordedRunEvents;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class OperatorMetricsTest {

  @Test
  void countsPhasesAndFailuresAndForwardsThem() throws Exception {
    RecordedRunEvents forwarded = new RecordedRunEvents();
    PrometheusRegistry registry = new PrometheusRegistry();
    OperatorMetrics metrics = new OperatorMetrics(registry, forwarded);
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
    assertThat(forwarded.lines())
        .containsExactly(
            "Measuring", "Measuring", "failed AppFailed", "invalid producedRate 0.5 not >= 0.99");
  }
}
