package io.streamgauge.operator;

import io.javaoperatorsdk.operator.processing.event.source.AbstractEventSource;
import io.javaoperatorsdk.operator.processing.event.source.ResourceEventAware;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.run.RunStateMetrics;
import java.util.Set;

/**
 * Drops a run's gauges ({@link RunStateMetrics}) when it is deleted, so dashboards never show runs
 * that no longer exist. Told of deletions by the run informer itself (JOSDK tells every event
 * source that is {@link ResourceEventAware}); it watches nothing of its own and never triggers a
 * reconcile.
 */
final class RunDeletions extends AbstractEventSource<Void, BenchmarkRun>
    implements ResourceEventAware<BenchmarkRun> {

  private final RunStateMetrics runMetrics;

  RunDeletions(RunStateMetrics runMetrics) {
    super(Void.class, "run-deletions");
    this.runMetrics = runMetrics;
  }

  @Override
  public void onResourceDeleted(BenchmarkRun run) {
    runMetrics.forget(run.getMetadata().getNamespace(), run.getMetadata().getName());
  }

  @Override
  public Set<Void> getSecondaryResources(BenchmarkRun primary) {
    return Set.of();
  }
}
