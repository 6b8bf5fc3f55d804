package io.streamgauge.operator;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.BenchmarkSuite;
import io.streamgauge.api.status.ResultRef;
import io.streamgauge.platform.NameConflictException;
import io.streamgauge.platform.kubernetes.KubernetesSeriesRuns;
import io.streamgauge.platform.kubernetes.Labels;
import io.streamgauge.platform.kubernetes.ResultsConfigMap;
import io.streamgauge.series.PlannedRun;
import io.streamgauge.suite.SuitePlatform;
import io.streamgauge.suite.SuiteResults;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A BenchmarkSuite's platform on Kubernetes: its runs are BenchmarkRuns it owns ({@link
 * KubernetesSeriesRuns}), its results the ConfigMap {@code <suite>-results} ({@code suite.md},
 * {@code suite.json}, gzip-compressed in binaryData when together over half a MiB) it owns, its
 * Events on the suite — held until {@link #sayEvents}, once the suite's status that tells of them
 * is stored (one platform per reconcile).
 */
final class KubernetesSuitePlatform implements SuitePlatform {

  /** The ConfigMap's keys: the files a local suite writes. */
  static final String MARKDOWN_KEY = SuiteResults.MARKDOWN_FILE;

  static final String JSON_KEY = SuiteResults.JSON_FILE;

  private final KubernetesClient client;
  private final BenchmarkSuite suite;
  private final KubernetesSeriesRuns runs;
  private final ResourceEvents events;
  private final List<Runnable> heldEvents = new ArrayList<>();

  KubernetesSuitePlatform(
      KubernetesClient client,
      BenchmarkSuite suite,
      Function<String, Optional<BenchmarkRun>> cache,
      ResourceEvents events) {
    this.client = client;
    this.suite = suite;
    this.runs = new KubernetesSeriesRuns(client, suite, Labels.SUITE, cache);
    this.events = events;
  }

  @Override
  public Optional<JsonNode> find(String name) {
    return runs.find(name);
  }

  @Override
  public boolean create(PlannedRun run) {
    return runs.create(run);
  }

  @Override
  public ResultRef storeResults(SuiteResults results) {
    String name = suite.getMetadata().getName() + "-results";
    ConfigMap configMap =
        new ConfigMapBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(suite.getMetadata().getNamespace())
            .withLabels(
                Map.of(
                    Labels.SUITE,
                    suite.getMetadata().getName(),
                    Labels.MANAGED_BY,
                    Labels.MANAGED_BY_VALUE))
            .withOwnerReferences(
                new OwnerReferenceBuilder()
                    .withApiVersion(suite.getApiVersion())
                    .withKind(suite.getKind())
                    .withName(suite.getMetadata().getName())
                    .withUid(suite.getMetadata().getUid())
                    .withController(true)
                    .withBlockOwnerDeletion(true)
                    .build())
            .endMetadata()
            .build();
    String markdown = results.markdown();
    String json = results.json().toPrettyString();
    int bytes =
        markdown.getBytes(StandardCharsets.UTF_8).length
            + json.getBytes(StandardCharsets.UTF_8).length;
    if (bytes <= ResultsConfigMap.PLAIN_LIMIT_BYTES) {
      configMap.setData(Map.of(MARKDOWN_KEY, markdown, JSON_KEY, json));
    } else {
      // A ConfigMap holds 1 MiB; a large suite's tables compress about tenfold.
      configMap.setBinaryData(
          Map.of(
              MARKDOWN_KEY + ".gz",
              ResultsConfigMap.gzipBase64(markdown),
              JSON_KEY + ".gz",
              ResultsConfigMap.gzipBase64(json)));
    }
    ConfigMap existing = client.resource(configMap).get();
    if (existing != null
        && existing.getMetadata().getOwnerReferences().stream()
            .noneMatch(r -> suite.getMetadata().getUid().equals(r.getUid()))) {
      throw new NameConflictException(
          "ConfigMap " + name + " already exists and is not this suite's: rename or delete it");
    }
    client.resource(configMap).serverSideApply();
    ResultRef ref = new ResultRef();
    ref.setConfigMap(name);
    ref.setKey(MARKDOWN_KEY);
    return ref;
  }

  @Override
  public void event(boolean warning, String reason, String message) {
    heldEvents.add(() -> events.emit(suite, warning ? "Warning" : "Normal", reason, message));
  }

  /** Says the events held since this platform was made, in order. */
  void sayEvents() {
    heldEvents.forEach(Runnable::run);
    heldEvents.clear();
  }
}
