package io.streamgauge.platform;

import io.streamgauge.api.spec.FaultType;
import java.util.List;
import java.util.Optional;

/** Does to the run's components what its {@code spec.faults} ask, at the times they ask. */
public interface FaultInjector {

  /**
   * Why this platform cannot inject faults of {@code type}, or empty when it can: checked at
   * Pending, before anything starts.
   */
  Optional<String> cannotInject(FaultType type);

  /**
   * What {@code action} will act on now (the app's pods, a broker pod, a process), each named so
   * that it cannot be mistaken for what replaces it (a pod's uid, a pid). Recorded in the run's
   * status before the action, so an action repeated after a lost status write acts on the same.
   *
   * @param instance the app instance an app fault acts on ({@code spec.faults[].instance}, from 0);
   *     ignored by a broker roll
   * @throws PlatformException when there is nothing to act on
   */
  List<String> faultTargets(RunContext run, FaultAction action, int instance);

  /**
   * Does {@code action} to {@code targets} (as {@link #faultTargets} named them), at once; a target
   * already gone is skipped, so doing it twice does it once.
   *
   * @return what was done, for status.faults and the run's Events
   * @throws PlatformException when it cannot be done (permanent when the platform cannot do it at
   *     all)
   */
  String inject(RunContext run, FaultAction action, List<String> targets);
}
