package io.streamgauge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.common.ListenPorts;
import io.streamgauge.testing.HasTheMachineToItself;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code streamgauge conformance} as a runtime author runs it: an app that breaks the contract
 * fails exactly the checks it breaks, each saying why; every reference runtime's app passes them
 * all, exactly-once across a kill -9 included (full tier, a runtime per slice: about two minutes
 * each).
 */
@HasTheMachineToItself
class ConformanceE2E {

  private static final Duration LIMIT = Duration.ofMinutes(6);
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void anAppThatRestampsDropsHeadersAndSkipsTransactionsFailsThoseChecksSayingWhy()
      throws Exception {
    Path script = dir.resolve("restamping-app.sh");
    Files.writeString(
        script,
        "exec java -cp '"
            + System.getProperty("java.class.path")
            + "' "
            + RestampingApp.class.getName()
            + "\n");

    CliProcess cli =
        CliProcess.run(
            dir.resolve("cli"),
            LIMIT,
            "conformance",
            "--app-command",
            "bash " + script,
            "--commit-interval",
            "2s",
            "-d",
            dir.resolve("out").toString(),
            "-o",
            "json");

    assertThat(cli.exitCode()).as(cli.stderr()).isEqualTo(ExitCodes.NOT_CONFORMANT);
    Map<String, JsonNode> checks = checks(JSON.readTree(cli.stdout()));
    assertThat(verdict(checks, "ready")).isEqualTo("PASS");
    assertThat(verdict(checks, "outputs")).isEqualTo("PASS");
    assertThat(verdict(checks, "timestamps")).isEqualTo("FAIL");
    assertThat(checks.get("timestamps").path("detail").asText())
        .contains("stamped with the time they were written");
    assertThat(verdict(checks, "headers")).isEqualTo("FAIL");
    assertThat(verdict(checks, "transactional")).isEqualTo("FAIL");
    assertThat(checks.get("transactional").path("detail").asText())
        .contains("contiguous offsets", "not written in transactions");
    assertThat(verdict(checks, "aborted-unseen")).isEqualTo("NOT_CHECKED");
    assertThat(verdict(checks, "metric heapBytes")).isEqualTo("PASS");
    assertThat(verdict(checks, "sigterm")).isEqualTo("PASS");
    assertThat(cli.stderr()).contains("does not conform").contains("FAIL         timestamps");
    assertThat(dir.resolve("out/conformance.json")).exists();
  }

  @Test
  @Tag("full")
  @Tag("slice-3")
  void theKafkaStreamsAppConforms() throws Exception {
    referenceAppConforms("kafka-streams", "wordcount");
  }

  @Test
  @Tag("full")
  @Tag("slice-1")
  void theFlinkAppConforms() throws Exception {
    referenceAppConforms("flink", "wordcount");
  }

  @Test
  @Tag("full")
  @Tag("slice-2")
  void thePlainClientsAppConforms() throws Exception {
    referenceAppConforms("kafka-clients", "stateless-simple");
  }

  /**
   * The skeleton app of the examples, run from its source as its first lines say, checked from its
   * run file (scenario custom, its own topics): it conforms, its metrics read by the process
   * profile, the figures that profile does not offer not checked.
   */
  @Test
  @Tag("full")
  @Tag("slice-2")
  void theSkeletonAppOfTheExamplesConformsFromItsRunFile() throws Exception {
    CliProcess cli =
        CliProcess.run(
            dir.resolve("cli-skeleton"),
            LIMIT,
            "conformance",
            CliProcess.repoFile("examples/skeleton-app/run.yaml").toString(),
            "--app-command",
            "java -cp '"
                + CliProcess.distribution().resolve("lib")
                + "/*' "
                + CliProcess.repoFile("examples/skeleton-app/SkeletonApp.java"),
            "--commit-interval",
            "2s",
            "--metrics-port",
            Integer.toString(ListenPorts.pick()),
            "-d",
            dir.resolve("skeleton").toString(),
            "-o",
            "json");

    assertThat(cli.exitCode()).as(cli.stderr()).isEqualTo(ExitCodes.SUCCESS);
    JsonNode document = JSON.readTree(cli.stdout());
    Map<String, JsonNode> checks = checks(document);
    for (String name :
        List.of("ready", "outputs", "timestamps", "transactional", "metric cpuCores", "sigterm")) {
      assertThat(verdict(checks, name)).as(name + ": " + checks.get(name)).isEqualTo("PASS");
    }
    assertThat(verdict(checks, "metric heapBytes"))
        .as("the process profile offers no heap")
        .isEqualTo("NOT_CHECKED");
    assertThat(cli.stderr()).contains("custom, exactly_once_v2");
  }

  private void referenceAppConforms(String runtime, String scenario) throws Exception {
    CliProcess cli =
        CliProcess.run(
            dir.resolve("cli-" + runtime + "-" + scenario),
            LIMIT,
            "conformance",
            "--runtime",
            runtime,
            "--scenario",
            scenario,
            "-d",
            dir.resolve(runtime + "-" + scenario).toString(),
            "-o",
            "json");

    assertThat(cli.exitCode()).as(cli.stderr()).isEqualTo(ExitCodes.SUCCESS);
    JsonNode document = JSON.readTree(cli.stdout());
    Map<String, JsonNode> checks = checks(document);
    assertThat(document.path("conforms").asBoolean()).isTrue();
    for (String name :
        List.of("ready", "outputs", "timestamps", "transactional", "aborted-unseen", "sigterm")) {
      assertThat(verdict(checks, name)).as(name + ": " + checks.get(name)).isEqualTo("PASS");
    }
    assertThat(checks.get("aborted-unseen").path("detail").asText())
        .startsWith("after kill -9 with");
  }

  private static Map<String, JsonNode> checks(JsonNode document) {
    Map<String, JsonNode> checks = new HashMap<>();
    document.path("checks").forEach(c -> checks.put(c.path("name").asText(), c));
    return checks;
  }

  private static String verdict(Map<String, JsonNode> checks, String name) {
    assertThat(checks).as("check " + name).containsKey(name);
    return checks.get(name).path("verdict").asText();
  }
}
