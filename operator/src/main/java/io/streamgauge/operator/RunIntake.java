package io.streamgauge.operator;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.PlatformLimits;
import io.streamgauge.run.SpecIntake;
import io.streamgauge.scenario.ReferenceApps;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A run's spec as this operator takes it in — once: {@link SpecIntake}'s defaults and checks, the
 * faults this platform cannot inject, then whether the operator may query the run's Prometheus. The
 * resolved spec is stored in {@code status.resolvedSpec}, and every later reconcile runs that (the
 * spec cannot change: the CRD makes it immutable, so once is once per generation). An operator
 * restarted or upgraded meanwhile, with other defaults or other reference images, runs the run as
 * it started, and never refuses a run it took in before.
 */
final class RunIntake {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private final ReferenceApps referenceApps;
  private final PlatformLimits limits;
  private final Function<RunContext, Optional<String>> prometheusRefusal;

  /**
   * @param referenceApps the app of a run that names no {@code spec.app.image}, by its runtime
   * @param limits what this platform cannot do: faults it cannot inject, what it cannot provision
   * @param prometheusRefusal why the operator must not query a run's Prometheus (empty: it may)
   */
  RunIntake(
      ReferenceApps referenceApps,
      PlatformLimits limits,
      Function<RunContext, Optional<String>> prometheusRefusal) {
    this.referenceApps = referenceApps;
    this.limits = limits;
    this.prometheusRefusal = prometheusRefusal;
  }

  /**
   * The spec {@code resource} runs: the one stored in {@code status} when there is one; else taken
   * in now and, when it resolved, stored in {@code status} (written with the reconcile's status). A
   * run that ended before the operator stored resolved specs is taken in again, without the
   * Prometheus check (its figures are in its status already) and without storing it.
   */
  SpecIntake.Result of(BenchmarkRun resource, BenchmarkRunStatus status) {
    if (status.getResolvedSpec() != null) {
      return new SpecIntake.Resolved(
          SERIALIZATION.convertValue(status.getResolvedSpec(), BenchmarkRunSpec.class));
    }
    SpecIntake.Result intake = SpecIntake.of(resource.getSpec(), referenceApps, limits);
    if (!(intake instanceof SpecIntake.Resolved resolved) || ended(status)) {
      return intake;
    }
    RunContext run =
        new RunContext(
            resource.getMetadata().getNamespace(),
            resource.getMetadata().getName(),
            resource.getMetadata().getUid(),
            resolved.spec(),
            status,
            resource.getMetadata().getGeneration());
    Optional<String> prometheus = prometheusRefusal.apply(run);
    if (prometheus.isPresent()) {
      return new SpecIntake.Refused(List.of(prometheus.get()), resolved.spec());
    }
    status.setResolvedSpec(SERIALIZATION.convertValue(resolved.spec(), JsonNode.class));
    return intake;
  }

  private static boolean ended(BenchmarkRunStatus status) {
    return status.getPhase() != null && status.getPhase().ended();
  }
}
