package io.streamgauge.api;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn.Type;
import io.fabric8.generator.annotation.Required;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * One benchmark of a Kafka stream-processing application: what to provision, what to run, how hard
 * to drive it and for how long ({@link BenchmarkRunSpec}), and what was measured ({@link
 * BenchmarkRunStatus}).
 */
@Group(BenchmarkRun.GROUP)
@Version(BenchmarkRun.VERSION)
@ShortNames({"br", "bench"})
@AdditionalPrinterColumn(name = "Phase", jsonPath = ".status.phase", type = Type.STRING)
@AdditionalPrinterColumn(name = "Scenario", jsonPath = ".spec.scenario", type = Type.STRING)
@AdditionalPrinterColumn(name = "Runtime", jsonPath = ".status.runtime", type = Type.STRING)
@AdditionalPrinterColumn(
    name = "Guarantee",
    jsonPath = ".spec.processingGuarantee",
    type = Type.STRING)
@AdditionalPrinterColumn(
    name = "P99 (ms)",
    jsonPath = ".status.summary.latency.p99Ms",
    type = Type.NUMBER)
@AdditionalPrinterColumn(name = "Age", jsonPath = ".metadata.creationTimestamp", type = Type.DATE)
public class BenchmarkRun extends CustomResource<BenchmarkRunSpec, BenchmarkRunStatus>
    implements Namespaced {

  /** The API group of every Streamgauge resource. */
  public static final String GROUP = "streamgauge.io";

  /** The served and stored API version. */
  public static final String VERSION = "v1alpha1";

  /** The spec is required: a run without one would have nothing to do. */
  @Override
  @Required
  public BenchmarkRunSpec getSpec() {
    return super.getSpec();
  }
}
