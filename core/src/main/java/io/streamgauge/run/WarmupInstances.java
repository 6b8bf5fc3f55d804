package io.streamgauge.run;

import io.streamgauge.metrics.Component;
import io.streamgauge.platform.ComponentInstance;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The app's and the latency consumer's instances when the warmup starts, kept in {@code
 * status.warmupInstances}. A restart inside a container shows in its restart count; a replaced pod
 * (evicted, deleted, rescheduled) starts with a count of 0, so it is told apart by its identity: a
 * new app instance started cold, a new latency consumer lost its histograms.
 */
final class WarmupInstances {

  private static final List<Component> WATCHED = List.of(Component.APP, Component.LATENCY_CONSUMER);

  private WarmupInstances() {}

  /** Records the instances, once: a later call keeps the first record. */
  static void record(Platform platform, RunContext run) {
    if (run.status().getWarmupInstances() != null) {
      return;
    }
    Map<String, List<String>> instances = new LinkedHashMap<>();
    for (Component component : WATCHED) {
      instances.put(
          component.label(),
          platform.observer().instances(run, component).stream()
              .map(ComponentInstance::id)
              .toList());
    }
    run.status().setWarmupInstances(instances);
  }

  /** A Fail outcome when an instance differs from the recorded ones; empty when none does. */
  static Optional<StepOutcome> replaced(Platform platform, RunContext run) {
    Map<String, List<String>> recorded = run.status().getWarmupInstances();
    if (recorded == null) {
      return Optional.empty();
    }
    for (Component component : WATCHED) {
      if (component == Component.APP && FaultInjection.appKilled(run)) {
        continue; // a KillApp fault replaced it on purpose
      }
      List<String> before = recorded.getOrDefault(component.label(), List.of());
      List<ComponentInstance> now = platform.observer().instances(run, component);
      Optional<ComponentInstance> newcomer =
          now.stream().filter(i -> !before.contains(i.id())).findFirst();
      List<String> ids = now.stream().map(ComponentInstance::id).toList();
      Optional<String> gone = before.stream().filter(id -> !ids.contains(id)).findFirst();
      if (newcomer.isPresent()) {
        ComponentInstance i = newcomer.get();
        return Optional.of(
            new StepOutcome.Fail(
                reasonFor(component),
                i.name()
                    + (i.createdAt() == null ? "" : ", created at " + i.createdAt() + ",")
                    + " replaced the "
                    + component.label()
                    + " the warmup started with ("
                    + String.join(", ", before)
                    + ")"));
      }
      if (gone.isPresent()) {
        return Optional.of(
            new StepOutcome.Fail(
                reasonFor(component),
                "the "
                    + component.label()
                    + " the warmup started with ("
                    + gone.get()
                    + ") is gone"));
      }
    }
    return Optional.empty();
  }

  private static FailureReason reasonFor(Component component) {
    return component == Component.APP
        ? FailureReason.AppRestarted
        : FailureReason.LatencyConsumerLost;
  }
}
