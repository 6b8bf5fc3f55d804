package io.streamgauge.operator;

import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.FailureReason;
import io.streamgauge.run.RunEvents;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * A run's events held while it is reconciled, and said only once the reconcile stored what they
 * tell: a reconcile whose status write is refused (the run changed or went) or that fails is done
 * again, and would otherwise say its events again each time. Held per run uid: one run is
 * reconciled by one thread at a time.
 */
final class HeldRunEvents implements RunEvents {

  private final RunEvents said;
  private final Map<String, List<Consumer<RunEvents>>> held = new ConcurrentHashMap<>();

  /**
   * @param said where the events go once released
   */
  HeldRunEvents(RunEvents said) {
    this.said = said;
  }

  @Override
  public void phaseEntered(RunContext run, Phase phase, String message) {
    hold(run, to -> to.phaseEntered(run, phase, message));
  }

  @Override
  public void failed(RunContext run, FailureReason reason, String message) {
    hold(run, to -> to.failed(run, reason, message));
  }

  @Override
  public void warning(RunContext run, String message) {
    hold(run, to -> to.warning(run, message));
  }

  @Override
  public void invalid(RunContext run, String failures) {
    hold(run, to -> to.invalid(run, failures));
  }

  /** Says the events held for the run of {@code uid}, in order. */
  void release(String uid) {
    List<Consumer<RunEvents>> events = held.remove(uid);
    if (events != null) {
      events.forEach(event -> event.accept(said));
    }
  }

  /** Forgets the events held for the run of {@code uid}: what they told was not stored. */
  void drop(String uid) {
    held.remove(uid);
  }

  private void hold(RunContext run, Consumer<RunEvents> event) {
    if (run.uid() == null) {
      event.accept(said); // not a resource of the API server: nothing is stored first
      return;
    }
    held.computeIfAbsent(run.uid(), uid -> new ArrayList<>()).add(event);
  }
}
