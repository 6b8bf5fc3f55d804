package io.streamgauge.testing;

import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.FailureReason;
import io.streamgauge.run.RunEvents;
import java.util.ArrayList;
import java.util.List;

/**
 * Run events written down as short lines a test can assert on: the phase's name for a phase
 * entered, {@code failed <reason>}, {@code warning <message>} and {@code invalid <failures>}.
 */
public final class RecordedRunEvents implements RunEvents {

  private final List<String> lines;

  /** Records into a list of its own ({@link #lines()}). */
  public RecordedRunEvents() {
    this(new ArrayList<>());
  }

  /** Records into {@code lines}, which a test may share with other recorders. */
  public RecordedRunEvents(List<String> lines) {
    this.lines = lines;
  }

  /** What was said, in order. */
  public List<String> lines() {
    return lines;
  }

  @Override
  public void phaseEntered(RunContext run, Phase phase, String message) {
    lines.add(phase.name());
  }

  @Override
  public void failed(RunContext run, FailureReason reason, String message) {
    lines.add("failed " + reason);
  }

  @Override
  public void warning(RunContext run, String message) {
    lines.add("warning " + message);
  }

  @Override
  public void invalid(RunContext run, String failures) {
    lines.add("invalid " + failures);
  }
}
