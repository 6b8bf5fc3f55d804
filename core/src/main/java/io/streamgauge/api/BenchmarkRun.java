package io.streamgauge.api;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn.Type;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Version;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.status.BenchmarkRunStatus;

/**
 * One benchmark of a Kafka stream-processing application: what to provision, what to run, how hard
 * to drive it and for how long ({@link BenchmarkRunSpec}), and what was measured ({@link
 * BenchmarkRunStatus}).
 */
@ValidationRule(
    value = "self.metadata.name.size() <= " + BenchmarkRun.MAX_NAME_LENGTH,
    message =
        "metadata.name: at most "
            + BenchmarkRun.MAX_NAME_LENGTH
            + " characters: the run's name goes into its Services, labels and Kafka pod names,"
            + " each limited to 63")
@ValidationRule(
    value = "self.metadata.name.matches('^[a-z]([-a-z0-9]*[a-z0-9])?$')",
    message =
        "metadata.name: lowercase letters, digits and '-', starting with a letter (a DNS-1035"
            + " label: it names the run's Services)")
@ValidationRule(
    value =
        "!has(self.spec.repetitions) || self.spec.repetitions == 1"
            + " || self.metadata.name.size() <= "
            + BenchmarkRun.MAX_REPEATED_NAME_LENGTH,
    message =
        "metadata.name: at most "
            + BenchmarkRun.MAX_REPEATED_NAME_LENGTH
            + " characters with spec.repetitions: each repetition is a run named <name>-<n>")
@ValidationRule(
    value =
        "!has(self.spec.capacity) || self.metadata.name.size() <= "
            + BenchmarkRun.MAX_SEARCHING_NAME_LENGTH,
    message =
        "metadata.name: at most "
            + BenchmarkRun.MAX_SEARCHING_NAME_LENGTH
            + " characters with spec.capacity: each probe is a run named <name>-p<n>")
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
@AdditionalPrinterColumn(
    name = "Valid",
    jsonPath = ".status.conditions[?(@.type==\"Valid\")].status",
    type = Type.STRING)
@AdditionalPrinterColumn(
    name = "Warnings",
    jsonPath = ".status.summary.warnings",
    type = Type.STRING)
@AdditionalPrinterColumn(
    name = "Reason",
    jsonPath = ".status.conditions[?(@.type==\"Ready\")].reason",
    type = Type.STRING)
@AdditionalPrinterColumn(name = "Progress", jsonPath = ".status.progress", type = Type.STRING)
@AdditionalPrinterColumn(
    name = "Median P99 (ms)",
    jsonPath = ".status.repetitions.figures[?(@.figure==\"latency.p99\")].median",
    type = Type.NUMBER,
    priority = 1)
@AdditionalPrinterColumn(
    name = "Ceiling (/s)",
    jsonPath = ".status.capacity.limits[0].lastPassPerSecond",
    type = Type.NUMBER,
    priority = 1)
@AdditionalPrinterColumn(name = "Age", jsonPath = ".metadata.creationTimestamp", type = Type.DATE)
public class BenchmarkRun extends CustomResource<BenchmarkRunSpec, BenchmarkRunStatus>
    implements Namespaced {

  /** The API group of every Streamgauge resource. */
  public static final String GROUP = "streamgauge.io";

  /** The served and stored API version. */
  public static final String VERSION = "v1alpha1";

  /**
   * The longest run name: every name derived from it stays a valid DNS label (63), the longest
   * being a provisioned Kafka's broker pods, {@code <run>-kafka-pool-<6 hex>-<node id>} (up to 3
   * digits), and its bootstrap Service {@code <run>-kafka-kafka-bootstrap}.
   */
  public static final int MAX_NAME_LENGTH = 40;

  /** The longest name of a run with repetitions: {@code <name>-99} is at most 40. */
  public static final int MAX_REPEATED_NAME_LENGTH = MAX_NAME_LENGTH - 3;

  /** The longest name of a capacity search: {@code <name>-p792} (8 limits × 99 probes) is 40. */
  public static final int MAX_SEARCHING_NAME_LENGTH = MAX_NAME_LENGTH - 5;

  /** The spec is required: a run without one would have nothing to do. */
  @Override
  @Required
  @JsonPropertyDescription(
      "What to benchmark and how: a built-in scenario (or an app of your own) and its processing"
          + " guarantee, the Kafka to provision or use, the load, the warmup and measurement"
          + " windows, the resources, and optionally repetitions, a gate against a baseline run, a"
          + " capacity search or a fault. Immutable once the run is created.")
  public BenchmarkRunSpec getSpec() {
    return super.getSpec();
  }
}
