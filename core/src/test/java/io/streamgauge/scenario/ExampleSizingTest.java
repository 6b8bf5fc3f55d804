package io.streamgauge.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.KafkaProvisionSpec;
import io.streamgauge.testing.RepoFiles;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The sizing table of docs/getting-started/cluster.md is what the operator resolves from each
 * example: the app's requests, the provisioned Kafka's (per node, times its nodes) and their sum. A
 * capacity search's probes run one at a time, so it requests its largest instance count's. When an
 * example or a default changes, the failure prints the table to put there.
 */
class ExampleSizingTest {

  private static final String BEGIN = "<!-- sizing:begin -->\n";
  private static final String END = "<!-- sizing:end -->";
  private static final BigDecimal GIB = BigDecimal.valueOf(1024L * 1024 * 1024);

  @Test
  void theDocsSizingTableIsWhatTheExamplesResolveTo() throws IOException {
    Path doc = RepoFiles.repoDir().resolve("docs/getting-started/cluster.md");
    String text = Files.readString(doc);
    int begin = text.indexOf(BEGIN);
    int end = text.indexOf(END);
    assertThat(begin)
        .as("docs/getting-started/cluster.md marks the table with " + BEGIN.strip())
        .isNotNegative();

    String expected = table();

    assertThat(text.substring(begin + BEGIN.length(), end))
        .as("docs/getting-started/cluster.md's sizing table; put this there:%n%s", expected)
        .isEqualTo(expected);
  }

  /** The app's instances, or a capacity search's largest count of them. */
  private static int largestInstances(BenchmarkRunSpec spec) {
    int replicas = spec.getApp().getReplicas();
    return spec.getCapacity() == null || spec.getCapacity().getInstances() == null
        ? replicas
        : Math.max(
            replicas,
            spec.getCapacity().getInstances().stream().mapToInt(Integer::intValue).max().orElse(1));
  }

  private static String table() throws IOException {
    StringBuilder table =
        new StringBuilder(
            "| example | app: (instances ×) CPU, memory | Kafka: nodes × (CPU, memory, storage) | requested in"
                + " all |\n|---|---|---|---|\n");
    for (Path example : RepoFiles.exampleRuns()) {
      BenchmarkRunSpec spec = resolved(example);
      ResourceRequirements app = spec.getApp().getResources();
      BigDecimal instances = BigDecimal.valueOf(largestInstances(spec));
      BigDecimal cpu = amount(app, "cpu").multiply(instances);
      BigDecimal memory = amount(app, "memory").multiply(instances);
      String kafka = "external (`spec.kafka.external`)";
      KafkaProvisionSpec provision = spec.getKafka().getProvision();
      if (provision != null) {
        BigDecimal nodes = BigDecimal.valueOf(provision.getReplicas());
        BigDecimal kafkaCpu = amount(provision.getResources(), "cpu");
        BigDecimal kafkaMemory = amount(provision.getResources(), "memory");
        kafka =
            "%s × (%s, %s GiB, %s%s)"
                .formatted(
                    nodes,
                    plain(kafkaCpu),
                    gib(kafkaMemory),
                    provision.getStorage().getSize(),
                    Boolean.TRUE.equals(provision.getStorage().getEphemeral()) ? " ephemeral" : "");
        cpu = cpu.add(kafkaCpu.multiply(nodes));
        memory = memory.add(kafkaMemory.multiply(nodes));
      }
      table.append(
          "| `%s` | %s%s, %s GiB%s | %s | %s CPU, %s GiB |\n"
              .formatted(
                  example.getFileName(),
                  instances.intValue() == 1 ? "" : instances + " × (",
                  plain(amount(app, "cpu")),
                  gib(amount(app, "memory")),
                  instances.intValue() == 1 ? "" : ")",
                  kafka,
                  plain(cpu),
                  gib(memory)));
    }
    return table.toString();
  }

  private static BenchmarkRunSpec resolved(Path example) throws IOException {
    try (InputStream in = Files.newInputStream(example)) {
      BenchmarkRun run = Serialization.unmarshal(in, BenchmarkRun.class);
      return new SpecDefaulter().apply(run.getSpec());
    }
  }

  private static BigDecimal amount(ResourceRequirements resources, String resource) {
    Quantity request = resources.getRequests().get(resource);
    return Quantity.getAmountInBytes(request);
  }

  private static String gib(BigDecimal bytes) {
    return plain(bytes.divide(GIB, 2, RoundingMode.HALF_UP));
  }

  private static String plain(BigDecimal value) {
    return value.stripTrailingZeros().toPlainString();
  }
}
