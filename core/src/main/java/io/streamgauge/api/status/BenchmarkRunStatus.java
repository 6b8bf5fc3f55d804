package io.streamgauge.api.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.crd.generator.annotation.PreserveUnknownFields;
import io.fabric8.kubernetes.api.model.Condition;
import io.streamgauge.api.spec.ScheduleSpec;
import io.streamgauge.api.summary.CatchUpSummary;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.api.summary.StartupSummary;
import io.streamgauge.common.StatusText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import lombok.Getter;
import lombok.Setter;

/** What the operator observed and measured. Written only by the operator. */
@Getter
@Setter
public class BenchmarkRunStatus {

  @JsonPropertyDescription(
      "Current phase: Pending, ProvisioningKafka, Prepopulating, Restoring, DeployingApp,"
          + " StartingLoad, WarmingUp, Measuring, Collecting, Succeeded or Failed; Repeating while"
          + " the repetitions of a run with spec.repetitions run; Searching while the probes of a"
          + " run with spec.capacity run.")
  private Phase phase;

  @JsonPropertyDescription("The metadata.generation this status describes.")
  private Long observedGeneration;

  @JsonPropertyDescription(
      "The install of the operator that drives it (its namespace): the first to reconcile it"
          + " records itself here, and any other install watching the namespace leaves it alone.")
  private String operator;

  @JsonPropertyDescription(
      "The spec the run runs: spec as written with every default applied and the app's image"
          + " chosen, checked and stored once as the run is taken in, so every later reconcile"
          + " (also by an operator restarted or upgraded meanwhile) runs the run as it started."
          + " The run's result document records the same spec.")
  @PreserveUnknownFields
  private JsonNode resolvedSpec;

  @JsonPropertyDescription(
      "Standard conditions (type, status, reason, message, lastTransitionTime,"
          + " observedGeneration); Ready carries the reason of a failure.")
  private List<Condition> conditions = new ArrayList<>();

  @JsonPropertyDescription("Every phase the run entered, in order, with when and why.")
  private List<PhaseTransition> phaseHistory = new ArrayList<>();

  @JsonPropertyDescription(
      "The Kafka bootstrap address the run uses: the provisioned cluster's listener or"
          + " spec.kafka.external.bootstrapServers.")
  private String kafkaBootstrapServers;

  @JsonPropertyDescription(
      "The schema registry the run's Avro records are registered with (stateful-joins): the run's"
          + " own, or spec.schemaRegistry.url.")
  private String schemaRegistryUrl;

  @JsonPropertyDescription(
      "When the load generators were first seen running (RFC 3339). The warmup starts then, or,"
          + " with spec.schedule.catchUp, once the app has caught up with its input.")
  private String loadStartedAt;

  @JsonPropertyDescription(
      "With spec.schedule.catchUp: since when the app's input lag has stayed within"
          + " checks.maxBacklogAtStartSeconds of the target rate (RFC 3339); the warmup starts once"
          + " it has for spec.schedule.catchUpHold (default "
          + ScheduleSpec.DEFAULT_CATCH_UP_HOLD_SECONDS
          + " s).")
  private String lagWithinBoundSince;

  @JsonPropertyDescription(
      "With spec.schedule.catchUp: the catch-up's readings of the app's input lag and, once the"
          + " warmup started, how it ended (summary.catchUp repeats it).")
  private CatchUpSummary catchUp;

  @JsonPropertyDescription("When the warmup window started (RFC 3339).")
  private String warmupStartedAt;

  @JsonPropertyDescription(
      "When the measurement window started (RFC 3339); every figure starts exactly here.")
  private String measurementStartedAt;

  @JsonPropertyDescription(
      "When the measurement window ended (RFC 3339); every figure ends exactly here.")
  private String measurementEndedAt;

  @JsonPropertyDescription(
      "On a Kafka the run shares (kafka.external, topicNames PerRun): appended to every topic"
          + " name of the run and to the app's application.id (input → input-3f2a9c1b), so runs on"
          + " one cluster never read each other's records, every run starts on fresh topics and a"
          + " deleted run deletes them. Empty on a Kafka of the run's own.")
  private String topicSuffix;

  @JsonPropertyDescription(
      "The instances (pod uids; local mode: process ids) of the app and of the latency consumer"
          + " when the warmup started, by component; a different instance later fails the run"
          + " (AppRestarted, LatencyConsumerLost): it would start cold, or has lost the"
          + " histograms.")
  private Map<String, List<String>> warmupInstances;

  @JsonPropertyDescription(
      "The nodes each component ran on when the warmup started, by component (local mode: this"
          + " machine's name). Latency is true only when the load generators and the latency"
          + " consumer read one clock, i.e. share a node: see summary.latency.sharedClock.")
  private Map<String, List<String>> nodes;

  @JsonPropertyDescription(
      "Progress of the current phase: what it waits for (e.g. 'Waiting for the app: Deployment"
          + " bench/wc-app has no ready replica yet'), the window so far ('Measuring 4m10s/10m'),"
          + " 'Done' or 'Failed: <reason>'.")
  private String progress;

  /** Sets the progress line, cut to {@link StatusText#MAX} characters (it may quote a server). */
  public void setProgress(String progress) {
    this.progress = StatusText.bounded(progress);
  }

  @JsonPropertyDescription(
      "The runtime the run benchmarks: spec.app.runtime, or its default (kafka-streams); shown"
          + " by kubectl get.")
  private String runtime;

  @JsonPropertyDescription(
      "How long the app took to become ready, recorded the moment it first was (before later"
          + " readiness changes could blur it); copied into summary.startup.")
  private StartupSummary appStartup;

  @JsonPropertyDescription(
      "The run's planned faults (spec.faults), each with when it is due and when and how it was"
          + " injected.")
  private List<FaultStatus> faults;

  @JsonPropertyDescription("The measured figures over the measurement window.")
  private RunSummary summary;

  @JsonPropertyDescription("Where the full result document (incl. histograms) is stored.")
  private ResultRef resultRef;

  @JsonPropertyDescription(
      "When the run's workloads were deleted as spec.cleanup.policy says: after its end was"
          + " stored, never before, so a run is never driven on with its workloads gone.")
  private String cleanedUpAt;

  @JsonPropertyDescription(
      "The ConfigMap holding the end of each container log of the run's pods (the app, the load"
          + " generators, the latency consumer, the brokers of a Kafka of its own), the previous"
          + " instance's too for a container that restarted; read just before cleanup deleted"
          + " them, owned by the run. One key per log: <pod>.<container>[.previous].log.")
  private String logsConfigMap;

  @JsonPropertyDescription(
      "With spec.repetitions: every repetition as it ended and the figures over the valid ones"
          + " (median, min, max, coefficient of variation).")
  private RepetitionsStatus repetitions;

  @JsonPropertyDescription(
      "With spec.gate: the comparison with the baseline judged by each rule; the Gate condition"
          + " says whether all passed.")
  private GateStatus gate;

  @JsonPropertyDescription(
      "With spec.capacity: every probe as it ran and, per CPU limit, the highest sustainable rate"
          + " as an interval [last pass, first fail].")
  private CapacityStatus capacity;
}
