package io.streamgauge.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.controlplane.CommandResult;
import io.streamgauge.testing.controlplane.ControlPlaneExtension;
import io.streamgauge.testing.controlplane.TestControlPlane;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one-node Kafka's chart ({@code charts/kafka-single-node}): its image follows {@code
 * image.registry} as the operator's chart's images do, its Service answers at the address the
 * examples name ({@code kafka.kafka:9092}), its schema refuses a misspelt value, and its manifests
 * pass a server-side dry run. The broker itself runs on the real node ({@code RealClusterExtension}
 * installs it with this chart).
 */
@ExtendWith(ControlPlaneExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KafkaSingleNodeChartIT {

  private static final Path CHART = RepoFiles.repoDir().resolve("charts/kafka-single-node");
  private static final String KUBE_VERSION = "--kube-version=1.33.4";

  @TempDir Path dir;
  private TestControlPlane plane;
  private KubernetesClient client;

  @BeforeAll
  void setUp(TestControlPlane plane) {
    this.plane = plane;
    this.client = plane.client();
  }

  @Test
  void lintPasses() {
    CommandResult lint = plane.helm("lint", "--strict", CHART.toString(), KUBE_VERSION);

    assertThat(lint.succeeded()).as(lint.stdout() + lint.stderr()).isTrue();
  }

  @Test
  void theBrokersImageComesFromTheRegistryItIsGivenAtTheChartsVersion() throws IOException {
    Container byDefault = broker(render());
    Container own = broker(render("--set", "image.registry=registry.example:5000/streamgauge"));

    assertThat(byDefault.getImage()).isEqualTo("ghcr.io/streamgauge/kafka:0.1.0");
    assertThat(own.getImage()).isEqualTo("registry.example:5000/streamgauge/kafka:0.1.0");
    assertThat(byDefault.getResources().getLimits().get("memory").toString()).isEqualTo("1Gi");
  }

  @Test
  void runsReachItAtTheAddressTheExamplesName() throws IOException {
    Service service = only(render(), Service.class);

    assertThat(service.getMetadata().getName() + "." + service.getMetadata().getNamespace())
        .isEqualTo("kafka.kafka");
    assertThat(service.getSpec().getPorts())
        .singleElement()
        .satisfies(p -> assertThat(p.getPort()).isEqualTo(9092));
    assertThat(
            Files.readString(RepoFiles.repoDir().resolve("examples/run-wordcount-eos-small.yaml")))
        .contains("bootstrapServers: kafka.kafka:9092");
    assertThat(ChartNotes.render(plane, CHART, "kafka", dir, KUBE_VERSION, "-n", "kafka"))
        .contains("bootstrapServers kafka.kafka:9092", "No image is published yet");
  }

  @Test
  void aMisspeltValueFailsNamingIt() {
    CommandResult result =
        plane.helm("template", "kafka", CHART.toString(), KUBE_VERSION, "--set", "imag.registry=x");

    assertThat(result.succeeded()).isFalse();
    assertThat(result.stderr()).contains("Additional property imag is not allowed");
  }

  @Test
  void theManifestsPassAServerSideDryRun() throws IOException {
    client
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName("kafka").endMetadata().build())
        .serverSideApply();
    Path manifests = Files.writeString(dir.resolve("kafka.yaml"), template());

    CommandResult dryRun = plane.kubectl("apply", "--dry-run=server", "-f", manifests.toString());

    assertThat(dryRun.succeeded()).as(dryRun.stderr()).isTrue();
    assertThat(dryRun.stdout())
        .contains("deployment.apps/kafka created (server dry run)")
        .contains("service/kafka created (server dry run)");
  }

  private static Container broker(List<HasMetadata> objects) {
    return only(objects, Deployment.class).getSpec().getTemplate().getSpec().getContainers().get(0);
  }

  private List<HasMetadata> render(String... args) throws IOException {
    try (InputStream in =
        new ByteArrayInputStream(template(args).getBytes(StandardCharsets.UTF_8))) {
      return client.load(in).items();
    }
  }

  /** The chart as the docs install it: release kafka in namespace kafka. */
  private String template(String... args) {
    List<String> command =
        new ArrayList<>(
            List.of("template", "kafka", CHART.toString(), KUBE_VERSION, "-n", "kafka"));
    command.addAll(List.of(args));
    CommandResult result = plane.helm(command.toArray(String[]::new));
    assertThat(result.succeeded()).as(result.stderr()).isTrue();
    return result.stdout();
  }

  private static <T> T only(List<HasMetadata> objects, Class<T> type) {
    List<T> matching = objects.stream().filter(type::isInstance).map(type::cast).toList();
    assertThat(matching).as(type.getSimpleName()).hasSize(1);
    return matching.get(0);
  }
}
