package io.streamgauge.images;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.streamgauge.platform.kubernetes.ClientImages;
import io.streamgauge.scenario.ReferenceRuntime;
import io.streamgauge.testing.RepoFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Image names and tags are set once, in {@code images/images.mk}; the chart's defaults, the
 * operator's defaults, the Containerfiles and the examples follow them.
 */
class ImageNamesTest {

  private static final Path REPO = RepoFiles.repoDir();
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Pattern ASSIGNMENT =
      Pattern.compile("^([A-Z_]+)\\s*[?:]?=\\s*(.*?)\\s*$", Pattern.MULTILINE);

  private final Map<String, String> mk = imagesMk();
  private final String registry = mk.get("IMAGE_REGISTRY");
  private final String tag = mk.get("IMAGE_TAG");
  private final List<String> names = Arrays.asList(mk.get("IMAGE_NAMES").split("\\s+"));

  @Test
  void everyImageHasItsContainerfileAndEveryContainerfileIsBuilt() throws IOException {
    try (Stream<Path> files = Files.list(REPO.resolve("images"))) {
      List<String> withContainerfile =
          files
              .filter(d -> Files.exists(d.resolve("Containerfile")))
              .map(d -> d.getFileName().toString())
              .sorted()
              .toList();
      assertThat(withContainerfile).containsExactlyInAnyOrderElementsOf(names);
    }
  }

  @Test
  void theChartDeploysTheseImagesAtTheChartsVersion() throws IOException {
    JsonNode chart = YAML.readTree(REPO.resolve("charts/streamgauge/Chart.yaml").toFile());
    JsonNode values = YAML.readTree(REPO.resolve("charts/streamgauge/values.yaml").toFile());

    assertThat(chart.path("appVersion").asText()).isEqualTo(tag);
    assertThat(values.at("/image/registry").asText()).isEqualTo(registry);
    assertThat(values.at("/image/tag").asText()).as("empty: the appVersion").isEmpty();
    for (String repository :
        List.of(
            values.at("/image/repository").asText(),
            values.at("/clientImages/loadGenerator/repository").asText(),
            values.at("/clientImages/latencyConsumer/repository").asText(),
            values.at("/clientImages/schemaRegistry/repository").asText())) {
      assertThat(names).contains(repository);
    }
    for (ReferenceRuntime runtime : ReferenceRuntime.values()) {
      assertThat(values.at("/referenceApps/" + runtime.runtime() + "/repository").asText())
          .as("the chart's reference app of " + runtime.runtime())
          .isEqualTo(runtime.imageName());
      assertThat(names).contains(runtime.imageName());
    }
  }

  @Test
  void theOneNodeKafkasChartDeploysTheKafkaImageFromTheSameRegistryAtTheSameVersion()
      throws IOException {
    JsonNode chart = YAML.readTree(REPO.resolve("charts/kafka-single-node/Chart.yaml").toFile());
    JsonNode values = YAML.readTree(REPO.resolve("charts/kafka-single-node/values.yaml").toFile());

    assertThat(chart.path("version").asText()).isEqualTo(tag);
    assertThat(chart.path("appVersion").asText()).isEqualTo(tag);
    assertThat(values.at("/image/registry").asText()).isEqualTo(registry);
    assertThat(values.at("/image/tag").asText()).as("empty: the appVersion").isEmpty();
    assertThat(values.at("/image/repository").asText()).isEqualTo("kafka");
    assertThat(names).contains("kafka");
  }

  @Test
  void theOperatorDefaultsToTheseClientImages() {
    ClientImages defaults = ClientImages.fromEnvironment(Map.of());

    assertThat(ClientImages.VERSION).isEqualTo(tag);
    assertThat(defaults.loadGenerator()).isEqualTo(registry + "/load-generator:" + tag);
    assertThat(defaults.latencyConsumer()).isEqualTo(registry + "/latency-consumer:" + tag);
    assertThat(defaults.schemaRegistry()).isEqualTo(registry + "/schema-registry:" + tag);
    assertThat(defaults.referenceApps().images())
        .isEqualTo(
            Map.of(
                "kafka-streams", registry + "/streams-app:" + tag,
                "flink", registry + "/flink-app:" + tag,
                "kafka-clients", registry + "/clients-app:" + tag));
  }

  @Test
  void examplesAndManifestsNameOnlyImagesThatAreBuiltAtThisTag() throws IOException {
    List<String> named = new ArrayList<>();
    List<Path> files = new ArrayList<>(RepoFiles.yamlOrJsonFiles(RepoFiles.examplesDir()));
    files.addAll(RepoFiles.yamlOrJsonFiles(REPO.resolve("deploy")));
    for (Path file : files) {
      Matcher m =
          Pattern.compile("(?:image:|value:)\\s*\"?(" + Pattern.quote(registry) + "/[^\"\\s}]+)")
              .matcher(Files.readString(file));
      while (m.find()) {
        named.add(m.group(1));
      }
    }

    assertThat(named).isNotEmpty();
    assertThat(named)
        .allSatisfy(
            image ->
                assertThat(names.stream().map(n -> registry + "/" + n + ":" + tag).toList())
                    .contains(image));
  }

  private static Map<String, String> imagesMk() {
    try {
      Map<String, String> values = new LinkedHashMap<>();
      Matcher m = ASSIGNMENT.matcher(Files.readString(REPO.resolve("images/images.mk")));
      while (m.find()) {
        values.put(m.group(1), m.group(2));
      }
      return values;
    } catch (IOException e) {
      throw new IllegalStateException("cannot read images/images.mk", e);
    }
  }
}
