package io.streamgauge.localrun;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.FailureReason;
import java.io.ByteArrayOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class TerminalReporterTest {

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final MutableClock clock = new MutableClock();
  private final RunContext run = new RunContext("local", "r", null, null, new BenchmarkRunStatus());

  @Test
  void phasesAndFailuresAreLinesWithTheElapsedTime() {
    TerminalReporter reporter = reporter(false);
    clock.advance(Duration.ofSeconds(65));

    reporter.phaseEntered(run, Phase.Measuring, "WarmingUp ended");
    reporter.failed(run, FailureReason.AppFailed, "process app exited");

    assertThat(output())
        .isEqualTo(
            "[01:05]  Measuring         WarmingUp ended\n"
                + "[01:05]  Failed            AppFailed: process app exited\n");
  }

  @Test
  void withoutATerminalProgressIsPrintedEveryTenSecondsOrWhenThePhaseChanges() {
    TerminalReporter reporter = reporter(false);
    run.status().setProgress("WarmingUp 1s/10s");
    reporter.progress(run, "");
    clock.advance(Duration.ofSeconds(1));
    run.status().setProgress("WarmingUp 2s/10s");
    reporter.progress(run, "");
    clock.advance(Duration.ofSeconds(1));
    run.status().setProgress("Measuring 0s/20s");
    reporter.progress(run, "produced 1,000/s");
    clock.advance(Duration.ofSeconds(10));
    run.status().setProgress("Measuring 10s/20s");
    reporter.progress(run, "produced 1,000/s");

    assertThat(output().lines())
        .containsExactly(
            "[00:00]  WarmingUp 1s/10s",
            "[00:02]  Measuring 0s/20s  produced 1,000/s",
            "[00:12]  Measuring 10s/20s  produced 1,000/s");
  }

  @Test
  void onATerminalProgressIsOneLineRewrittenInPlace() {
    TerminalReporter reporter = reporter(true);
    run.status().setProgress("Measuring 1s/20s");
    reporter.progress(run, "");
    reporter.phaseEntered(run, Phase.Collecting, "done");
    reporter.endProgress();

    assertThat(output())
        .isEqualTo("\r\033[2K[00:00]  Measuring 1s/20s\r\033[2K[00:00]  Collecting        done\n");
  }

  private TerminalReporter reporter(boolean interactive) {
    return new TerminalReporter(
        new PrintWriter(new OutputStreamWriter(bytes, StandardCharsets.UTF_8), true),
        clock,
        interactive);
  }

  private String output() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /** A clock the test moves. */
  private static final class MutableClock extends Clock {
    private Instant now = Instant.parse("2026-11-22T10:00:00Z");

    void advance(Duration duration) {
      now = now.plus(duration);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }
  }
}
