package io.streamgauge.platform.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.ConfigMap;
import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The results ConfigMap: plain when small, gzip in binaryData when large, unowned when kept. */
class ResultsConfigMapTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final RunOwner OWNER = new RunOwner("bench", "wc", "0d9c1e2f-aaaa-bbbb");

  @Test
  void aSmallDocumentIsPlainJsonOwnedByTheRun() {
    ConfigMap map = ResultsConfigMap.build(OWNER, "{\"a\":1}", false);

    assertThat(map.getMetadata().getName()).isEqualTo("wc-results");
    assertThat(map.getData()).containsEntry(ResultsConfigMap.KEY, "{\"a\":1}");
    assertThat(ResultsConfigMap.keyOf(map)).isEqualTo("result.json");
    assertThat(map.getMetadata().getOwnerReferences()).singleElement();
  }

  /**
   * 32 topics with warmup and measurement histograms of 200,000 samples each and 64 producers'
   * integrity counts: too large for plain data, stored compressed under the limit, read back whole.
   */
  @Test
  void thirtyTwoTopicsOfManyProducersAreStoredCompressedUnderTheLimit() throws Exception {
    String document = largeDocument();
    assertThat(document.length()).isGreaterThan(ResultsConfigMap.PLAIN_LIMIT_BYTES);

    ConfigMap map = ResultsConfigMap.build(OWNER, document, false);

    assertThat(map.getData()).isNullOrEmpty();
    assertThat(ResultsConfigMap.keyOf(map)).isEqualTo("result.json.gz");
    String encoded = map.getBinaryData().get(ResultsConfigMap.GZIP_KEY);
    assertThat(encoded.length()).isLessThan(ResultsConfigMap.CONFIG_MAP_LIMIT_BYTES);
    byte[] gzip = Base64.getDecoder().decode(encoded);
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(document);
    }
    System.err.printf(
        "results ConfigMap: document %d bytes, stored %d bytes%n",
        document.length(), encoded.length());
  }

  @Test
  void keptResultsAreUnownedAndNamedWithTheRunsUid() {
    ConfigMap map = ResultsConfigMap.build(OWNER, "{}", true);

    assertThat(map.getMetadata().getName()).isEqualTo("wc-results-0d9c1e2f");
    assertThat(map.getMetadata().getOwnerReferences()).isEmpty();
    assertThat(map.getMetadata().getLabels())
        .containsEntry(Labels.RUN, "wc")
        .containsEntry(Labels.KEPT_RESULTS, "true");
    assertThat(map.getMetadata().getAnnotations()).containsEntry(Labels.RUN_UID, OWNER.uid());
    assertThat(ResultsConfigMap.build(OWNER, "{}", false).getMetadata().getLabels())
        .as("results that go with their run")
        .doesNotContainKey(Labels.KEPT_RESULTS);
  }

  private static String largeDocument() {
    Random random = new Random(7);
    ObjectNode doc = JSON.createObjectNode();
    ObjectNode topics = doc.putObject("latency").putObject("topics");
    for (int t = 0; t < 32; t++) {
      ObjectNode topic = topics.putObject("output-" + t);
      for (String window : new String[] {"warmup", "measurement"}) {
        Histogram h = new Histogram(3_600_000_000L, 3);
        for (int i = 0; i < 200_000; i++) {
          h.recordValue((long) (Math.exp(random.nextGaussian() * 0.8 + 9) + 500));
        }
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.rewind();
        buffer.get(bytes);
        topic.putObject(window).put("histogram", Base64.getEncoder().encodeToString(bytes));
      }
      ObjectNode producers = topic.putObject("integrity").putObject("producers");
      for (int p = 0; p < 64; p++) {
        producers
            .putObject("wc-load-" + p + "-x7k2q")
            .put("expected", 93_750)
            .put("received", 93_750 - random.nextInt(3))
            .put("duplicated", 0);
      }
    }
    return doc.toPrettyString();
  }
}
