package io.streamgauge.testing;

import static io.streamgauge.run.Conditions.Status.TRUE;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.api.status.ResultRef;
import io.streamgauge.api.summary.CheckResult;
import io.streamgauge.api.summary.LatencySummary;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.metrics.MeasurementWindow;
import io.streamgauge.platform.kubernetes.ResultsConfigMap;
import io.streamgauge.platform.kubernetes.RunOwner;
import io.streamgauge.results.ResultDocument;
import io.streamgauge.run.Conditions;
import io.streamgauge.scenario.SpecDefaulter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Ends a BenchmarkRun on a control plane as the operator ends a valid one: Succeeded with its phase
 * history, its {@code Valid} and {@code Ended} conditions True, its resolved spec, a summary and
 * its results ConfigMap (built by the operator's own {@link ResultsConfigMap}). For tests of what
 * reads an ended run (the CLI's fetch, the docs' kubectl commands) without running one.
 */
public final class FinishedRuns {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Instant START = Instant.parse("2026-11-24T10:00:00Z");

  private FinishedRuns() {}

  /**
   * Writes the status and the results ConfigMap of a valid run with latency p99 {@code p99Ms} onto
   * {@code run} (which exists on the API server).
   *
   * @param padding a string field added to the result document, to make it as large as a test needs
   * @return the result document the ConfigMap holds
   */
  public static ObjectNode succeed(
      KubernetesClient client, BenchmarkRun run, double p99Ms, String padding) {
    if (run.getStatus() == null) {
      run.setStatus(new BenchmarkRunStatus());
    }
    BenchmarkRunStatus status = run.getStatus();
    List<PhaseTransition> history = new ArrayList<>();
    for (Phase phase : List.of(Phase.Pending, Phase.Measuring, Phase.Collecting, Phase.Succeeded)) {
      PhaseTransition t = new PhaseTransition();
      t.setPhase(phase);
      t.setStartedAt(START.plusSeconds(60L * history.size()).toString());
      history.add(t);
    }
    status.setPhase(Phase.Succeeded);
    status.setPhaseHistory(history);
    status.setMeasurementStartedAt(START.plusSeconds(60).toString());
    status.setMeasurementEndedAt(START.plusSeconds(120).toString());
    List<Condition> conditions = new ArrayList<>();
    Instant ended = START.plusSeconds(180);
    Conditions.set(conditions, Conditions.READY, TRUE, "Succeeded", "the run succeeded", ended, 1L);
    Conditions.set(
        conditions, Conditions.VALID, TRUE, "ChecksPassed", "every check passed", ended, 1L);
    Conditions.set(conditions, Conditions.ENDED, TRUE, "Succeeded", "succeeded", ended, 1L);
    status.setConditions(conditions);
    RunSummary summary = summary(p99Ms);
    status.setSummary(summary);
    BenchmarkRunSpec resolved = new SpecDefaulter().apply(run.getSpec());
    status.setResolvedSpec(new KubernetesSerialization().convertValue(resolved, JsonNode.class));
    ObjectNode document =
        ResultDocument.build(
            resolved,
            new MeasurementWindow(
                START.plusSeconds(60),
                START.plusSeconds(120),
                Duration.ofSeconds(5),
                Duration.ofSeconds(5)),
            List.of(),
            summary,
            null);
    document.put("padding", padding);
    try {
      ConfigMap configMap =
          ResultsConfigMap.build(RunOwner.of(run), JSON.writeValueAsString(document), false);
      client
          .configMaps()
          .inNamespace(run.getMetadata().getNamespace())
          .resource(configMap)
          .create();
      ResultRef ref = new ResultRef();
      ref.setConfigMap(configMap.getMetadata().getName());
      ref.setKey(ResultsConfigMap.keyOf(configMap));
      status.setResultRef(ref);
      client.resource(run).updateStatus();
      return JSON.readValue(JSON.writeValueAsString(document), ObjectNode.class);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static RunSummary summary(double p99Ms) {
    RunSummary summary = new RunSummary();
    LatencySummary latency = new LatencySummary();
    latency.setP50Ms(p99Ms / 2);
    latency.setP99Ms(p99Ms);
    latency.setSamples(60_000L);
    latency.setNegativeSamples(0L);
    summary.setLatency(latency);
    summary.setCpuCores(1.25);
    CheckResult check = new CheckResult();
    check.setName("latencySamples");
    check.setValue(60_000.0);
    check.setThreshold(1000.0);
    check.setComparison(">=");
    check.setPassed(true);
    check.setDetail("records timed in the window");
    summary.setChecks(List.of(check));
    return summary;
  }
}
