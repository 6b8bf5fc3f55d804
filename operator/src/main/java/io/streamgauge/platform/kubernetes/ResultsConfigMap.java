package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * The full result document of a run ({@code result.json}); cleanup never deletes it. Owned by the
 * run, so it lives as long as the run — or, with {@code spec.cleanup.keepResults}, unowned and
 * named with the run's uid, so it outlives the run and a re-created run of the same name never
 * meets it; labelled {@link Labels#KEPT_RESULTS} and annotated with the run's uid. A ConfigMap
 * holds at most 1 MiB: a document above {@link #PLAIN_LIMIT_BYTES} is stored gzip-compressed in
 * {@code binaryData} under {@link #GZIP_KEY}.
 */
public final class ResultsConfigMap {

  /** The key holding the document as plain JSON. */
  public static final String KEY = "result.json";

  /** The key holding the document gzip-compressed, in {@code binaryData}. */
  public static final String GZIP_KEY = "result.json.gz";

  /**
   * The largest document stored as plain JSON: half the ConfigMap limit, so a plain document is
   * always readable with {@code kubectl get -o jsonpath}, and a compressed one (histograms and JSON
   * compress about tenfold) has room for ten times more.
   */
  public static final int PLAIN_LIMIT_BYTES = 512 * 1024;

  /** What the API server accepts in one ConfigMap, all keys together. */
  static final int CONFIG_MAP_LIMIT_BYTES = 1024 * 1024;

  private ResultsConfigMap() {}

  /** The ConfigMap's name: {@code <run>-results}, or {@code <run>-results-<uid[0..8]>} if kept. */
  public static String name(RunOwner owner, boolean keep) {
    String name = owner.nameOf("results");
    return keep ? name + "-" + owner.uid().substring(0, Math.min(8, owner.uid().length())) : name;
  }

  /**
   * The ConfigMap holding {@code document}.
   *
   * @param keep true to leave it without owner reference (it outlives the run)
   * @throws IllegalArgumentException when even compressed the document exceeds the ConfigMap limit
   */
  public static ConfigMap build(RunOwner owner, String document, boolean keep) {
    ObjectMeta metadata = owner.metadata(name(owner, keep), Labels.forRun(owner.name()));
    if (keep) {
      metadata.setOwnerReferences(List.of());
      Map<String, String> labels = new LinkedHashMap<>(metadata.getLabels());
      labels.put(Labels.KEPT_RESULTS, Labels.KEPT_RESULTS_VALUE);
      metadata.setLabels(labels);
      metadata.setAnnotations(Map.of(Labels.RUN_UID, owner.uid()));
    }
    byte[] plain = document.getBytes(StandardCharsets.UTF_8);
    if (plain.length <= PLAIN_LIMIT_BYTES) {
      return new ConfigMapBuilder().withMetadata(metadata).withData(Map.of(KEY, document)).build();
    }
    byte[] gzip = gzip(plain);
    if (gzip.length > CONFIG_MAP_LIMIT_BYTES * 3 / 4) {
      throw new IllegalArgumentException(
          "the result document is "
              + plain.length
              + " bytes, "
              + gzip.length
              + " gzip-compressed: more than a ConfigMap holds");
    }
    return new ConfigMapBuilder()
        .withMetadata(metadata)
        .withBinaryData(Map.of(GZIP_KEY, Base64.getEncoder().encodeToString(gzip)))
        .build();
  }

  /** The key {@code configMap} holds its document under. */
  public static String keyOf(ConfigMap configMap) {
    return configMap.getBinaryData() != null && configMap.getBinaryData().containsKey(GZIP_KEY)
        ? GZIP_KEY
        : KEY;
  }

  /** {@code text} gzip-compressed and base64-encoded, as a ConfigMap's binaryData holds it. */
  public static String gzipBase64(String text) {
    return Base64.getEncoder().encodeToString(gzip(text.getBytes(StandardCharsets.UTF_8)));
  }

  private static byte[] gzip(byte[] plain) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(plain.length / 8);
    try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
      zip.write(plain);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
