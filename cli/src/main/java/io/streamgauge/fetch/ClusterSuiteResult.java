package io.streamgauge.fetch;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.streamgauge.api.BenchmarkSuite;
import io.streamgauge.api.suite.status.SuitePhase;
import io.streamgauge.suite.SuiteResults;

/**
 * A finished BenchmarkSuite read from a cluster with the results the operator stored for it (the
 * ConfigMap {@code status.resultRef} names: {@code suite.md} and {@code suite.json}, as {@code
 * streamgauge suite --local} writes them; a large suite's gzip-compressed in binaryData).
 *
 * @param suite the BenchmarkSuite as the API server has it
 * @param markdown suite.md, or null when the suite ended before it stored results (it failed)
 * @param json suite.json, or null likewise
 */
public record ClusterSuiteResult(BenchmarkSuite suite, String markdown, String json) {

  /**
   * Reads suite {@code name} in {@code namespace} and its results.
   *
   * @throws ClusterResult.FetchException when the cluster is unreachable, the suite or its
   *     ConfigMap is missing, or the suite has not ended
   */
  public static ClusterSuiteResult fetch(KubernetesClient client, String namespace, String name) {
    String who = "BenchmarkSuite " + namespace + "/" + name;
    BenchmarkSuite suite;
    try {
      suite = client.resources(BenchmarkSuite.class).inNamespace(namespace).withName(name).get();
    } catch (KubernetesClientException e) {
      throw new ClusterResult.FetchException(
          "cannot read " + who + ": " + ClusterResult.firstLine(e), true);
    }
    if (suite == null) {
      throw new ClusterResult.FetchException(
          "no BenchmarkSuite " + name + " in namespace " + namespace, false);
    }
    SuitePhase phase = suite.getStatus() == null ? null : suite.getStatus().getPhase();
    if (phase != SuitePhase.Succeeded && phase != SuitePhase.Failed) {
      throw new ClusterResult.FetchException(
          who
              + " is "
              + (phase == null ? "not started" : phase)
              + ": fetch it once it has Succeeded or Failed",
          false);
    }
    var ref = suite.getStatus().getResultRef();
    if (ref == null || ref.getConfigMap() == null) {
      return new ClusterSuiteResult(suite, null, null);
    }
    ConfigMap configMap;
    try {
      configMap = client.configMaps().inNamespace(namespace).withName(ref.getConfigMap()).get();
    } catch (KubernetesClientException e) {
      throw new ClusterResult.FetchException(
          "cannot read ConfigMap "
              + namespace
              + "/"
              + ref.getConfigMap()
              + ": "
              + ClusterResult.firstLine(e),
          true);
    }
    if (configMap == null) {
      throw new ClusterResult.FetchException(
          "the results ConfigMap "
              + namespace
              + "/"
              + ref.getConfigMap()
              + " of "
              + who
              + " is gone (deleted by hand?)",
          false);
    }
    return new ClusterSuiteResult(
        suite,
        ClusterResult.text(
            configMap, SuiteResults.MARKDOWN_FILE, SuiteResults.MARKDOWN_FILE + ".gz"),
        ClusterResult.text(configMap, SuiteResults.JSON_FILE, SuiteResults.JSON_FILE + ".gz"));
  }
}
