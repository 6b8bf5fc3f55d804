package io.streamgauge.fetch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class ClusterResultTest {

  private static ConfigMap gzipped(byte[] plain) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
      gzip.write(plain);
    }
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withName("r-results")
        .endMetadata()
        .withBinaryData(
            Map.of("result.json.gz", Base64.getEncoder().encodeToString(bytes.toByteArray())))
        .build();
  }

  @Test
  void aGzippedDocumentIsRead() throws IOException {
    ConfigMap configMap =
        gzipped("{\"summary\": {\"p99Ms\": 12.5}}".getBytes(StandardCharsets.UTF_8));

    assertThat(ClusterResult.document(configMap, "result.json.gz").at("/summary/p99Ms").asDouble())
        .isEqualTo(12.5);
  }

  @Test
  void aDocumentExpandingBeyondTheBoundIsRefusedWithoutReadingItAll() throws IOException {
    // 65 MiB of spaces compresses to about 65 KiB: a small ConfigMap, a large heap.
    byte[] bomb = new byte[ClusterResult.MAX_EXPANDED_BYTES + 1024 * 1024];
    Arrays.fill(bomb, (byte) ' ');
    ConfigMap configMap = gzipped(bomb);

    assertThatThrownBy(() -> ClusterResult.document(configMap, "result.json.gz"))
        .isInstanceOf(ClusterResult.FetchException.class)
        .hasMessage(
            "ConfigMap r-results key result.json.gz expands to more than 64 MiB: not a result"
                + " document Streamgauge wrote");
  }

  @Test
  void aDocumentJustWithinTheBoundIsRead() throws IOException {
    byte[] plain = new byte[ClusterResult.MAX_EXPANDED_BYTES];
    Arrays.fill(plain, (byte) ' ');
    plain[0] = '{';
    plain[plain.length - 1] = '}';

    assertThat(ClusterResult.document(gzipped(plain), "result.json.gz").isObject()).isTrue();
  }

  /** A large suite's suite.md and suite.json are stored compressed; a small one's plain. */
  @Test
  void aSuitesTextIsReadCompressedOrPlain() throws IOException {
    ConfigMap compressed = gzipped("# suite".getBytes(StandardCharsets.UTF_8));
    compressed.setBinaryData(
        Map.of("suite.md.gz", compressed.getBinaryData().get("result.json.gz")));
    ConfigMap plain =
        new ConfigMapBuilder()
            .withNewMetadata()
            .withName("s-results")
            .endMetadata()
            .withData(Map.of("suite.md", "# plain suite"))
            .build();

    assertThat(ClusterResult.text(compressed, "suite.md", "suite.md.gz")).isEqualTo("# suite");
    assertThat(ClusterResult.text(plain, "suite.md", "suite.md.gz")).isEqualTo("# plain suite");
    assertThatThrownBy(() -> ClusterResult.text(plain, "suite.json", "suite.json.gz"))
        .isInstanceOf(ClusterResult.FetchException.class)
        .hasMessage("ConfigMap s-results has no key suite.json");
  }
}
