package io.streamgauge.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionVersion;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.streamgauge.compare.ComparedFigure;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Properties of the generated CRD that `kubectl` users rely on. */
class CrdSchemaTest {

  /**
   * Kubernetes' own types embedded in our model; their inner fields are Kubernetes' to document.
   */
  private static final Set<String> KUBERNETES_TYPES =
      Set.of("resources", "tolerations", "conditions");

  private final CustomResourceDefinition crd = GeneratedCrd.load(GeneratedCrd.RUN);
  private final CustomResourceDefinitionVersion version = crd.getSpec().getVersions().get(0);
  private final CustomResourceDefinitionVersion suiteVersion =
      GeneratedCrd.load(GeneratedCrd.SUITE).getSpec().getVersions().get(0);

  @ParameterizedTest
  @ValueSource(strings = {GeneratedCrd.RUN, GeneratedCrd.SUITE})
  void everyFieldOfSpecAndStatusIsDocumented(String fileName) {
    JSONSchemaProps root =
        GeneratedCrd.load(fileName).getSpec().getVersions().get(0).getSchema().getOpenAPIV3Schema();
    List<String> undocumented = new ArrayList<>();
    collectUndocumented(root.getProperties().get("spec"), "spec", undocumented);
    collectUndocumented(root.getProperties().get("status"), "status", undocumented);

    assertThat(undocumented).as("fields without @JsonPropertyDescription").isEmpty();
  }

  @Test
  void namesGroupScopeAndStatusSubresource() {
    assertThat(crd.getSpec().getGroup()).isEqualTo("streamgauge.io");
    assertThat(crd.getSpec().getScope()).isEqualTo("Namespaced");
    assertThat(crd.getSpec().getNames().getShortNames()).containsExactly("br", "bench");
    assertThat(version.getName()).isEqualTo("v1alpha1");
    assertThat(version.getSubresources().getStatus()).isNotNull();
  }

  @Test
  void printerColumnsShowTheRunAtAGlanceInReadingOrder() {
    assertThat(version.getAdditionalPrinterColumns())
        .extracting(c -> c.getName() + "=" + c.getJsonPath())
        .containsExactly(
            "Phase=.status.phase",
            "Scenario=.spec.scenario",
            "Guarantee=.spec.processingGuarantee",
            "Runtime=.status.runtime",
            "P99 (ms)=.status.summary.latency.p99Ms",
            "Valid=.status.conditions[?(@.type==\"Valid\")].status",
            "Reason=.status.conditions[?(@.type==\"Ready\")].reason",
            "Progress=.status.progress",
            "Warnings=.status.summary.warnings",
            "Median P99 (ms)=.status.repetitions.figures[?(@.figure==\"latency.p99\")].median",
            "Ceiling (/s)=.status.capacity.limits[0].lastPassPerSecond",
            "Age=.metadata.creationTimestamp");
    assertThat(version.getAdditionalPrinterColumns())
        .filteredOn(c -> c.getPriority() == 1)
        .extracting(c -> c.getName())
        .as("a series' figures only with -o wide: a single run leaves them empty")
        .containsExactly("Median P99 (ms)", "Ceiling (/s)");
  }

  @Test
  void theKindsAndTheirSpecsSayWhatTheyAreForKubectlExplain() {
    JSONSchemaProps run = version.getSchema().getOpenAPIV3Schema();
    JSONSchemaProps suite = suiteVersion.getSchema().getOpenAPIV3Schema();

    assertThat(run.getDescription())
        .startsWith("One benchmark of a Kafka stream-processing application")
        .contains("--for=condition=Ended");
    assertThat(run.getProperties().get("spec").getDescription()).startsWith("What to benchmark");
    assertThat(suite.getDescription()).startsWith("A matrix of BenchmarkRuns");
    assertThat(suite.getProperties().get("spec").getDescription()).startsWith("The suite's matrix");
  }

  @Test
  void suitePrinterColumnsShowProgressAndTheGate() {
    assertThat(suiteVersion.getAdditionalPrinterColumns())
        .extracting(c -> c.getName() + "=" + c.getJsonPath())
        .containsExactly(
            "Phase=.status.phase",
            "Completed=.status.completed",
            "Valid=.status.conditions[?(@.type==\"Valid\")].status",
            "Gate=.status.conditions[?(@.type==\"Gate\")].status",
            "Progress=.status.progress",
            "Age=.metadata.creationTimestamp");
    assertThat(suiteVersion.getSubresources().getStatus()).isNotNull();
  }

  @Test
  void theGateFiguresInTheDescriptionAreTheComparedFigures() {
    String description =
        version
            .getSchema()
            .getOpenAPIV3Schema()
            .getProperties()
            .get("spec")
            .getProperties()
            .get("gate")
            .getProperties()
            .get("rules")
            .getDescription();
    for (ComparedFigure figure : ComparedFigure.values()) {
      assertThat(description).containsAnyOf(" " + figure.key() + ",", " " + figure.key() + ".");
    }
  }

  private static void collectUndocumented(JSONSchemaProps schema, String path, List<String> out) {
    if (path.contains(".")
        && (schema.getDescription() == null || schema.getDescription().isBlank())) {
      out.add(path);
    }
    String name = path.substring(path.lastIndexOf('.') + 1);
    if (KUBERNETES_TYPES.contains(name)) {
      return;
    }
    if (schema.getProperties() != null) {
      for (Map.Entry<String, JSONSchemaProps> e : schema.getProperties().entrySet()) {
        collectUndocumented(e.getValue(), path + "." + e.getKey(), out);
      }
    }
    if (schema.getItems() != null && schema.getItems().getSchema() != null) {
      JSONSchemaProps items = schema.getItems().getSchema();
      if (items.getProperties() != null) {
        for (Map.Entry<String, JSONSchemaProps> e : items.getProperties().entrySet()) {
          collectUndocumented(e.getValue(), path + "[]." + e.getKey(), out);
        }
      }
    }
  }
}
