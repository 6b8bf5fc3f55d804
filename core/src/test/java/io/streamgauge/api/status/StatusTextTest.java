package io.streamgauge.api.status;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.suite.status.BenchmarkSuiteStatus;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.common.StatusText;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every free text a status carries is cut to StatusText.MAX, however it is set. */
class StatusTextTest {

  private static final String LONG = "Prometheus answered: " + "x".repeat(100_000);

  @Test
  void theProgressLinesAreCut() {
    BenchmarkRunStatus run = new BenchmarkRunStatus();
    run.setProgress(LONG);
    BenchmarkSuiteStatus suite = new BenchmarkSuiteStatus();
    suite.setProgress(LONG);

    assertThat(run.getProgress())
        .hasSizeBetween(StatusText.MAX - 8, StatusText.MAX)
        .startsWith("Prometheus answered: xxx")
        .endsWith("more characters)");
    assertThat(suite.getProgress()).hasSizeBetween(StatusText.MAX - 8, StatusText.MAX);
  }

  @Test
  void aPhasesMessageIsCut() {
    PhaseTransition transition = new PhaseTransition();
    transition.setMessage(LONG);

    assertThat(transition.getMessage())
        .hasSizeBetween(StatusText.MAX - 8, StatusText.MAX)
        .endsWith("more characters)");
  }

  @Test
  void eachMissingFiguresReasonIsCut() {
    RunSummary summary = new RunSummary();
    summary.setMissing(List.of("app.cpuCores: " + LONG, "latency: short"));

    assertThat(summary.getMissing()).hasSize(2);
    assertThat(summary.getMissing().get(0))
        .hasSizeBetween(StatusText.MAX - 8, StatusText.MAX)
        .startsWith("app.cpuCores: ");
    assertThat(summary.getMissing().get(1)).isEqualTo("latency: short");
  }

  @Test
  void shortTextsAndNullsAreKeptAsTheyAre() {
    BenchmarkRunStatus run = new BenchmarkRunStatus();
    run.setProgress("Measuring 4m10s/10m");
    RunSummary summary = new RunSummary();
    summary.setMissing(null);

    assertThat(run.getProgress()).isEqualTo("Measuring 4m10s/10m");
    assertThat(summary.getMissing()).isNull();
    assertThat(StatusText.bounded(null)).isNull();
  }
}
