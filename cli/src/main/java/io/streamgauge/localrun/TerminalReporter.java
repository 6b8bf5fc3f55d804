package io.streamgauge.localrun;

import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.FailureReason;
import io.streamgauge.run.RunEvents;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * A local run on the terminal: one line per phase entered or failure, and a progress line (phase
 * progress, live produced and consumed rates) rewritten in place on a terminal, or printed every
 * {@link #PLAIN_EVERY} when the output is a file or a pipe.
 */
public final class TerminalReporter implements RunEvents {

  /** How often the progress line is printed when it cannot be rewritten in place. */
  static final Duration PLAIN_EVERY = Duration.ofSeconds(10);

  private final PrintWriter out;
  private final Clock clock;
  private final boolean interactive;
  private final Instant started;
  private boolean progressShown;
  private Instant lastPlain = Instant.MIN;
  private String lastProgress = "";

  /**
   * @param interactive true on a terminal: the progress line is rewritten in place
   */
  public TerminalReporter(PrintWriter out, Clock clock, boolean interactive) {
    this.out = out;
    this.clock = clock;
    this.interactive = interactive;
    this.started = clock.instant();
  }

  @Override
  public void phaseEntered(RunContext run, Phase phase, String message) {
    line("%-17s %s".formatted(phase, message == null ? "" : message));
  }

  @Override
  public void failed(RunContext run, FailureReason reason, String message) {
    line("%-17s %s: %s".formatted("Failed", reason, message));
  }

  @Override
  public void warning(RunContext run, String message) {
    line("%-17s %s".formatted("Warning", message));
  }

  @Override
  public void invalid(RunContext run, String failures) {
    line("%-17s %s".formatted("Invalid", "not a valid measurement: " + failures));
  }

  /** Shows the run's progress and {@code rates} (may be empty). */
  void progress(RunContext run, String rates) {
    String progress = run.status().getProgress() == null ? "" : run.status().getProgress();
    String text = elapsed() + "  " + progress + (rates.isEmpty() ? "" : "  " + rates);
    if (interactive) {
      out.print("\r\033[2K" + text);
      out.flush();
      progressShown = true;
      return;
    }
    Instant now = clock.instant();
    boolean changed = !progress.equals(lastProgress) && !progress.startsWith(phaseOf(lastProgress));
    if (changed || Duration.between(lastPlain, now).compareTo(PLAIN_EVERY) >= 0) {
      out.println(text);
      out.flush();
      lastPlain = now;
    }
    lastProgress = progress;
  }

  /** Ends the progress line, before results are printed. */
  void endProgress() {
    if (progressShown) {
      out.println();
      out.flush();
      progressShown = false;
    }
  }

  /** A line of its own, above the progress line. */
  public void line(String text) {
    if (progressShown) {
      out.print("\r\033[2K");
      progressShown = false;
    }
    out.println(elapsed() + "  " + text);
    out.flush();
  }

  private String elapsed() {
    long seconds = Duration.between(started, clock.instant()).toSeconds();
    return "[%02d:%02d]".formatted(seconds / 60, seconds % 60);
  }

  private static String phaseOf(String progress) {
    int space = progress.indexOf(' ');
    return space < 0 ? progress : progress.substring(0, space);
  }
}
