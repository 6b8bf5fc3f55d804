package io.streamgauge.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.BenchmarkSuite;
import io.streamgauge.testing.BoundEdge;
import io.streamgauge.testing.CrdEdges;
import io.streamgauge.testing.InvalidSpecs;
import io.streamgauge.testing.InvalidSuites;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.controlplane.CommandResult;
import io.streamgauge.testing.controlplane.ControlPlaneExtension;
import io.streamgauge.testing.controlplane.TestControlPlane;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The real API server enforces the BenchmarkSuite CRD (schema, CEL rules, immutability, name
 * length) and the BenchmarkRun's repetition name rule.
 */
@ExtendWith(ControlPlaneExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BenchmarkSuiteCrdIT {

  private static final String NAMESPACE = "suite-crd-it";
  private static final ResourceDefinitionContext SUITES =
      new ResourceDefinitionContext.Builder()
          .withGroup("streamgauge.io")
          .withVersion("v1alpha1")
          .withKind("BenchmarkSuite")
          .withPlural("benchmarksuites")
          .withNamespaced(true)
          .build();
  private static final ResourceDefinitionContext RUNS =
      new ResourceDefinitionContext.Builder()
          .withGroup("streamgauge.io")
          .withVersion("v1alpha1")
          .withKind("BenchmarkRun")
          .withPlural("benchmarkruns")
          .withNamespaced(true)
          .build();

  private final AtomicInteger names = new AtomicInteger();
  private TestControlPlane plane;
  private KubernetesClient client;

  @BeforeAll
  void createNamespace(TestControlPlane plane) {
    this.plane = plane;
    this.client = plane.client();
    client
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName(NAMESPACE).endMetadata().build())
        .serverSideApply();
  }

  /**
   * The suites this test created would run on the operator other tests start on this control plane:
   * deleted with their runs.
   */
  @AfterAll
  void deleteTheSuites() {
    client.resources(BenchmarkSuite.class).inNamespace(NAMESPACE).delete();
    client.resources(BenchmarkRun.class).inNamespace(NAMESPACE).delete();
  }

  static Stream<Path> examples() {
    return RepoFiles.exampleSuites().stream();
  }

  @ParameterizedTest
  @MethodSource("examples")
  void exampleSuitesAreAcceptedByTheApiServer(Path example) {
    CommandResult result = plane.kubectl("apply", "-n", NAMESPACE, "-f", example.toString());

    assertThat(result.succeeded()).as(result.stderr()).isTrue();
    assertThat(result.stdout()).contains("benchmarksuite.streamgauge.io/").contains("created");
  }

  static Stream<Arguments> invalidSuites() {
    return InvalidSuites.cases();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidSuites")
  void invalidSuitesAreRejectedNamingTheField(String why, String spec, String field, String says) {
    assertThatThrownBy(() -> create(SUITES, "suite-" + names.incrementAndGet(), spec))
        .as(why)
        .isInstanceOf(KubernetesClientException.class)
        .satisfies(e -> assertThat(((KubernetesClientException) e).getCode()).isEqualTo(422))
        .hasMessageContaining(field + ":")
        .hasMessageContaining(says);
  }

  static Stream<BoundEdge> edges() {
    return CrdEdges.suites().stream();
  }

  /** Every bound of the suite's own fields from both sides ({@code CrdEdges}). */
  @ParameterizedTest(name = "{0}")
  @MethodSource("edges")
  void suitesJustInsideEachBoundAreAcceptedAndJustPastItRefused(BoundEdge edge) {
    assertThat(create(SUITES, "suite-" + names.incrementAndGet(), edge.inside()))
        .as("inside")
        .isNotNull();
    assertThatThrownBy(() -> create(SUITES, "suite-" + names.incrementAndGet(), edge.past()))
        .as("past")
        .isInstanceOf(KubernetesClientException.class)
        .satisfies(e -> assertThat(((KubernetesClientException) e).getCode()).isEqualTo(422))
        .hasMessageContaining(edge.field() + ":")
        .hasMessageContaining(edge.says());
  }

  @Test
  void aSuitesSpecCannotChangeAndItsNameLeavesRoomForItsRuns() {
    String name = "s" + "x".repeat(BenchmarkSuite.MAX_NAME_LENGTH - 1);
    create(SUITES, name, InvalidSuites.VALID);

    assertThatThrownBy(
            () ->
                client
                    .genericKubernetesResources(SUITES)
                    .inNamespace(NAMESPACE)
                    .withName(name)
                    .edit(
                        r -> {
                          @SuppressWarnings("unchecked")
                          Map<String, Object> spec =
                              (Map<String, Object>) r.getAdditionalProperties().get("spec");
                          spec.put("repetitions", 3);
                          return r;
                        }))
        .hasMessageContaining("spec is immutable once the suite is created");
    assertThatThrownBy(() -> create(SUITES, name + "y", InvalidSuites.VALID))
        .hasMessageContaining("metadata.name: at most 36 characters");
  }

  @Test
  void aRunWithRepetitionsHasANameItsRepetitionsCanExtend() {
    String longest = "r" + "x".repeat(BenchmarkRun.MAX_REPEATED_NAME_LENGTH - 1);
    String spec = InvalidSpecs.VALID + "repetitions: 3\n";
    assertThat(create(RUNS, longest, spec).getMetadata().getName()).isEqualTo(longest);
    assertThatThrownBy(() -> create(RUNS, longest + "y", spec))
        .hasMessageContaining("metadata.name: at most 37 characters with spec.repetitions");
    assertThat(create(RUNS, longest + "y", InvalidSpecs.VALID))
        .as("one run may be longer")
        .isNotNull();
  }

  private GenericKubernetesResource create(
      ResourceDefinitionContext type, String name, String spec) {
    GenericKubernetesResource resource =
        Serialization.unmarshal(
            "apiVersion: streamgauge.io/v1alpha1\nkind: "
                + type.getKind()
                + "\nmetadata:\n  name: "
                + name
                + "\nspec:\n"
                + spec.indent(2),
            GenericKubernetesResource.class);
    return client
        .genericKubernetesResources(type)
        .inNamespace(NAMESPACE)
        .resource(resource)
        .create();
  }
}
