package io.streamgauge.fetch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.ResultRef;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.zip.GZIPInputStream;

/**
 * A finished BenchmarkRun read from a cluster with its full result document from the results
 * ConfigMap ({@code status.resultRef}; plain {@code data} or gzip-compressed {@code binaryData}).
 *
 * @param run the BenchmarkRun as the API server has it
 * @param document the result document, or null when the run ended before it measured anything
 */
public record ClusterResult(BenchmarkRun run, JsonNode document) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The most a gzip-compressed result document may expand to: 64 MiB, far above what the operator
   * stores (at most 768 KiB compressed, a result document compressing about tenfold).
   */
  static final int MAX_EXPANDED_BYTES = 64 * 1024 * 1024;

  /** The run cannot be fetched; the message is one line for the user. */
  public static final class FetchException extends RuntimeException {
    private final boolean environment;

    FetchException(String message, boolean environment) {
      super(message);
      this.environment = environment;
    }

    /** True when the cluster could not be reached, false when the run is missing or unfinished. */
    public boolean environment() {
      return environment;
    }
  }

  /**
   * Reads run {@code name} in {@code namespace} and its results.
   *
   * @throws FetchException when the cluster is unreachable, the run or its ConfigMap is missing, or
   *     the run has not finished
   */
  public static ClusterResult fetch(KubernetesClient client, String namespace, String name) {
    BenchmarkRun run;
    try {
      run = client.resources(BenchmarkRun.class).inNamespace(namespace).withName(name).get();
    } catch (KubernetesClientException e) {
      throw new FetchException(
          "cannot read BenchmarkRun " + namespace + "/" + name + ": " + firstLine(e), true);
    }
    if (run == null) {
      throw new FetchException("no BenchmarkRun " + name + " in namespace " + namespace, false);
    }
    Phase phase = run.getStatus() == null ? null : run.getStatus().getPhase();
    if (phase != Phase.Succeeded && phase != Phase.Failed) {
      throw new FetchException(
          "BenchmarkRun "
              + namespace
              + "/"
              + name
              + " is "
              + (phase == null ? "not started" : phase)
              + ": fetch it once it has Succeeded or Failed",
          false);
    }
    ResultRef ref = run.getStatus().getResultRef();
    if (ref == null || ref.getConfigMap() == null) {
      return new ClusterResult(run, null);
    }
    ConfigMap configMap;
    try {
      configMap = client.configMaps().inNamespace(namespace).withName(ref.getConfigMap()).get();
    } catch (KubernetesClientException e) {
      throw new FetchException(
          "cannot read ConfigMap " + namespace + "/" + ref.getConfigMap() + ": " + firstLine(e),
          true);
    }
    if (configMap == null) {
      throw new FetchException(
          "the results ConfigMap "
              + namespace
              + "/"
              + ref.getConfigMap()
              + " of BenchmarkRun "
              + name
              + " is gone (deleted by hand?)",
          false);
    }
    return new ClusterResult(run, document(configMap, ref.getKey()));
  }

  /**
   * The result document under {@code key}: plain, or gzip-compressed and expanded to at most {@link
   * #MAX_EXPANDED_BYTES} (a ConfigMap of 1 MiB could otherwise expand to a gigabyte).
   */
  static JsonNode document(ConfigMap configMap, String key) {
    String name = configMap.getMetadata().getName();
    try {
      return JSON.readTree(text(configMap, key, key));
    } catch (IOException e) {
      throw new FetchException(
          "ConfigMap " + name + " key " + key + " is not a result document: " + e.getMessage(),
          false);
    }
  }

  /**
   * The text under {@code gzipKey} in binaryData, gzip-compressed and expanded to at most {@link
   * #MAX_EXPANDED_BYTES}, else under {@code key} in data.
   */
  static String text(ConfigMap configMap, String key, String gzipKey) {
    String name = configMap.getMetadata().getName();
    if (configMap.getBinaryData() != null && configMap.getBinaryData().containsKey(gzipKey)) {
      try {
        byte[] gzip = Base64.getDecoder().decode(configMap.getBinaryData().get(gzipKey));
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
          byte[] plain = in.readNBytes(MAX_EXPANDED_BYTES + 1);
          if (plain.length > MAX_EXPANDED_BYTES) {
            throw new FetchException(
                "ConfigMap "
                    + name
                    + " key "
                    + gzipKey
                    + " expands to more than "
                    + MAX_EXPANDED_BYTES / (1024 * 1024)
                    + " MiB: not a result document Streamgauge wrote",
                false);
          }
          return new String(plain, StandardCharsets.UTF_8);
        }
      } catch (IOException | IllegalArgumentException e) {
        throw new FetchException(
            "ConfigMap " + name + " key " + gzipKey + " is not gzip: " + e.getMessage(), false);
      }
    }
    if (configMap.getData() != null && configMap.getData().containsKey(key)) {
      return configMap.getData().get(key);
    }
    throw new FetchException("ConfigMap " + name + " has no key " + key, false);
  }

  /** The first line of {@code e}'s message: the API server's answer without its details. */
  static String firstLine(Exception e) {
    return String.valueOf(e.getMessage()).lines().findFirst().orElse("");
  }
}
