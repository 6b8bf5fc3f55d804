package io.streamgauge.operator;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.streamgauge.api.BenchmarkRun;
import java.util.Set;

/**
 * The informer on a series' child BenchmarkRuns (a run's repetitions and capacity probes, a suite's
 * runs): a child carries its parent's name in a label, and a change of it reconciles that parent.
 */
final class ChildRunInformer {

  private ChildRunInformer() {}

  /**
   * @param parent the parent's resource class
   * @param name the event source's name
   * @param parentLabel the label a child carries its parent's name in; children without it are not
   *     watched
   */
  static <P extends HasMetadata> InformerEventSource<BenchmarkRun, P> of(
      Class<P> parent, String name, String parentLabel, EventSourceContext<P> context) {
    return new InformerEventSource<>(
        InformerEventSourceConfiguration.from(BenchmarkRun.class, parent)
            .withName(name)
            .withLabelSelector(parentLabel)
            .withSecondaryToPrimaryMapper(
                run ->
                    Set.of(
                        new ResourceID(
                            run.getMetadata().getLabels().get(parentLabel),
                            run.getMetadata().getNamespace())))
            .build(),
        context);
  }
}
