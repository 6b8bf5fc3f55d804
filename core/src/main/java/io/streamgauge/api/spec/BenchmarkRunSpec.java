package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/**
 * What to benchmark. Anything left out is filled from the scenario's defaults; the spec cannot be
 * changed once the run exists.
 */
@ValidationRule(
    value = "self == oldSelf",
    message = "spec is immutable once the run is created; create a new BenchmarkRun instead")
@ValidationRule(
    value =
        "!has(self.capacity) || ((!has(self.repetitions) || self.repetitions == 1)"
            + " && !has(self.gate) && !has(self.faults))",
    message =
        "spec.capacity: a capacity search has no repetitions, gate or faults of its own (its"
            + " probes are single runs; spec.capacity.confirmations repeats the rates that decide)")
@ValidationRule(
    value = "!has(self.capacity) || self.scenario != 'state-restoration'",
    message =
        "spec.capacity: a state-restoration run has no input rate to search (it measures how long"
            + " the restore takes)")
@Getter
@Setter
public class BenchmarkRunSpec {

  @Required
  @JsonPropertyDescription(
      "The workload: stateless-simple, wordcount, stateless-advanced, stateful-joins,"
          + " state-restoration or custom. Selects the topology and the load, latency and"
          + " schedule defaults.")
  private Scenario scenario;

  @Required
  @JsonPropertyDescription(
      "The app's processing guarantee: exactly_once_v2 (transactions; output visible to"
          + " read_committed readers at commit) or at_least_once.")
  private ProcessingGuarantee processingGuarantee;

  @JsonPropertyDescription(
      "The Kafka cluster: provision a Strimzi cluster (default) or use an external one.")
  private KafkaSpec kafka;

  @Required
  @JsonPropertyDescription("The application under test.")
  private AppSpec app;

  @JsonPropertyDescription(
      "The input load. Defaults come from the scenario; a topic listed here overrides the"
          + " scenario's topic of the same name field by field.")
  private LoadSpec load;

  @JsonPropertyDescription("How end-to-end latency is measured on the app's output topics.")
  private LatencySpec latency;

  @JsonPropertyDescription("The warmup and measurement windows and the overall timeout.")
  private ScheduleSpec schedule;

  @JsonPropertyDescription("Where resource figures are queried from.")
  private PrometheusSpec prometheus;

  @JsonPropertyDescription("What happens to provisioned resources when the run ends.")
  private CleanupSpec cleanup;

  @JsonPropertyDescription("Node selection for the Kafka brokers, the app and the load clients.")
  private PlacementSpec placement;

  @JsonPropertyDescription(
      "Thresholds of the validity checks the finished run is judged by (status.summary.checks,"
          + " the Valid condition).")
  private ChecksSpec checks;

  @Min(1)
  @Max(BenchmarkRunSpec.MAX_REPETITIONS)
  @JsonPropertyDescription(
      "Run the spec this many times, one after another, each with fresh topics and a fresh app"
          + " (on Kubernetes as BenchmarkRuns <name>-1 … <name>-N that this run owns; locally"
          + " into DIR/1 … DIR/N), and summarise them in status.repetitions: median, min, max and"
          + " coefficient of variation per figure over the valid runs. Default 1.")
  private Integer repetitions;

  @JsonPropertyDescription(
      "A regression gate: once the run (every repetition) succeeded, compare it with a baseline"
          + " run and fail the Gate condition when a figure is worse beyond its bound and the"
          + " noise.")
  private GateSpec gate;

  @JsonPropertyDescription(
      "Search for the highest input rate the app sustains under an SLO instead of measuring one"
          + " rate: probe runs of this spec (each with fresh topics and a fresh app, on Kubernetes"
          + " BenchmarkRuns <name>-p1, -p2 … this run owns), doubling the rate until a probe fails,"
          + " then bisecting, then confirming both edges; status.capacity lists every probe and"
          + " the ceiling per CPU limit.")
  private CapacitySpec capacity;

  @Size(max = 8)
  @JsonPropertyDescription(
      "Faults injected inside the measurement window, each at its offset: the summary reports per"
          + " fault its recovery time, the latency before, during and after it, and what it did to"
          + " integrity (summary.faults). A run with faults is expected to show them: the lag"
          + " trend check is not judged.")
  private List<FaultSpec> faults;

  @JsonPropertyDescription(
      "The schema registry of a scenario of registered Avro records (stateful-joins): unset, the"
          + " run starts its own and removes it with the run; url names the user's.")
  private SchemaRegistrySpec schemaRegistry;

  /** True when faults are planned inside the window. */
  @JsonIgnore
  public boolean hasFaults() {
    return faults != null && !faults.isEmpty();
  }

  /** True when a fault of {@code type} is planned inside the window. */
  @JsonIgnore
  public boolean hasFault(FaultType type) {
    return hasFaults() && faults.stream().anyMatch(f -> f.getType() == type);
  }

  /** The most repetitions of one run (its repetitions' names stay DNS labels: {@code -99}). */
  public static final int MAX_REPETITIONS = 99;
}
