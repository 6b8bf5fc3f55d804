package io.streamgauge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.streamgauge.testing.SharesTheMachine;
import io.streamgauge.validation.CrdSchemaValidator;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command's answers to bad input and an unfit machine: exit code 2 or 3, one line per problem
 * naming the field or option, no stack trace, nothing started.
 */
@SharesTheMachine
class RunCommandIT {

  private static final Duration LIMIT = Duration.ofSeconds(60);
  private static final String VALID =
      """
      apiVersion: streamgauge.io/v1alpha1
      kind: BenchmarkRun
      metadata:
        name: quick
      spec:
        scenario: stateless-simple
        processingGuarantee: at_least_once
        app:
          image: example.invalid/app:1
      """;

  @TempDir Path dir;

  @Test
  void anInvalidSpecListsEveryProblemWithItsFieldAndExits2() throws Exception {
    Path file =
        write(
            VALID
                + "  load:\n    producers: 0\n    topics:\n    - name: input\n      ratePerSecond: -5\n"
                + "  schedule: {warmup: 10m, measurement: 10m, timeout: 5m}\n"
                + "  scenarios: typo\n");

    CliProcess cli = CliProcess.run(dir.resolve("cli"), LIMIT, "run", "--local", file.toString());

    assertThat(cli.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(cli.stderr().lines())
        .containsExactlyInAnyOrder(
            "streamgauge: "
                + file
                + ": spec.load.producers: Invalid value: 0: should be greater than or equal to 1",
            "streamgauge: "
                + file
                + ": spec.load.topics[0].ratePerSecond: Invalid value: -5: should be greater than 0",
            "streamgauge: "
                + file
                + ": spec.schedule: Invalid value: \"object\": timeout must be longer than catchUp + warmup + measurement",
            "streamgauge: " + file + ": spec.scenarios: unknown field \"spec.scenarios\"");
    assertNothingStarted(cli);
  }

  @Test
  void whatOnlyTheOperatorChecksIsCheckedToo() throws Exception {
    Path file = write(VALID + "  latency: {topics: [words]}\n");

    CliProcess cli = CliProcess.run(dir.resolve("cli"), LIMIT, "run", "--local", file.toString());

    assertThat(cli.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(cli.stderr())
        .contains("spec.latency.topics[0]: scenario stateless-simple writes no topic 'words'");
  }

  @Test
  void aScenarioTheReferenceAppLacksNeedsTheUsersApp() throws Exception {
    Path file =
        write(
            VALID
                .replace("stateless-simple", "stateful-joins")
                .replace("image: example.invalid/app:1", "runtime: flink"));

    CliProcess cli = CliProcess.run(dir.resolve("cli"), LIMIT, "run", "--local", file.toString());

    assertThat(cli.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(cli.stderr())
        .contains(
            "spec.scenario: the reference app of flink implements stateless-simple, wordcount,"
                + " not stateful-joins; run your own app with --app-jar or --app-command");
  }

  @Test
  void conformanceSaysItDoesNotCheckStatefulJoinsAndWhatMeasuresSuchAnApp() throws Exception {
    CliProcess cli =
        CliProcess.run(dir.resolve("cli"), LIMIT, "conformance", "--scenario", "stateful-joins");

    assertThat(cli.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(cli.stderr().strip())
        .isEqualTo(
            "streamgauge: --scenario: stateful-joins is not checked by conformance; measure such"
                + " an app with `streamgauge run --local --app-jar JAR` on"
                + " examples/run-stateful-joins-eos.yaml, whose integrity check is the join's");
  }

  @Test
  void fileAndYamlProblemsAreOneLine() throws Exception {
    Path broken = write("apiVersion: streamgauge.io/v1alpha1\nkind: [BenchmarkRun\n");

    CliProcess missing =
        CliProcess.run(
            dir.resolve("a"), LIMIT, "run", "--local", dir.resolve("nope.yaml").toString());
    CliProcess yaml = CliProcess.run(dir.resolve("b"), LIMIT, "run", "--local", broken.toString());
    CliProcess kind =
        CliProcess.run(
            dir.resolve("c"),
            LIMIT,
            "run",
            "--local",
            write(VALID.replace("kind: BenchmarkRun", "kind: Deployment")).toString());

    assertThat(missing.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(missing.stderr().strip()).endsWith("nope.yaml: no such file");
    assertThat(yaml.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(yaml.stderr().strip().lines())
        .singleElement()
        .asString()
        .contains("not valid YAML", "expected ',' or ']'", "(line 2");
    assertThat(kind.stderr()).contains("kind: must be BenchmarkRun, got \"Deployment\"");
  }

  @Test
  void badOptionsExit2WithAHint() throws Exception {
    Path file = write(VALID);

    CliProcess noLocal =
        CliProcess.run(dir.resolve("a"), LIMIT, "run", file.toString(), "--warmup", "10s");
    CliProcess badDuration =
        CliProcess.run(
            dir.resolve("b"), LIMIT, "run", "--local", file.toString(), "--warmup", "10");
    CliProcess badScale =
        CliProcess.run(
            dir.resolve("c"), LIMIT, "run", "--local", file.toString(), "--rate-scale", "0");
    CliProcess both =
        CliProcess.run(
            dir.resolve("d"),
            LIMIT,
            "run",
            "--local",
            file.toString(),
            "--app-jar",
            "a.jar",
            "--app-command",
            "x");

    assertThat(noLocal.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(noLocal.stderr())
        .isEqualTo(
            "streamgauge: --warmup: only with --local (on a cluster, the spec says it)"
                + System.lineSeparator());
    assertThat(badDuration.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(badDuration.stderr())
        .contains("--warmup", "'10' is not a duration like 30s, 10m or 1h30m");
    assertThat(badScale.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(badScale.stderr()).contains("--rate-scale must be greater than 0");
    assertThat(both.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(both.stderr()).contains("mutually exclusive");
    for (CliProcess cli : new CliProcess[] {noLocal, badDuration, badScale, both}) {
      assertThat(cli.stderr()).doesNotContain("\tat ");
    }
  }

  @Test
  void repetitionsGoOnlyIntoADirectoryWithoutRuns() throws Exception {
    Path file = write(VALID);
    Path out = dir.resolve("reps");
    Files.createDirectories(out.resolve("4"));
    Files.writeString(out.resolve("4/result.json"), "{}");

    CliProcess cli =
        CliProcess.run(
            dir.resolve("cli"),
            LIMIT,
            "run",
            "--local",
            file.toString(),
            "--repetitions",
            "3",
            "--output-dir",
            out.toString());
    CliProcess zero =
        CliProcess.run(
            dir.resolve("cli0"), LIMIT, "run", "--local", file.toString(), "--repetitions", "0");

    assertThat(cli.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(cli.stderr().strip())
        .isEqualTo(
            "streamgauge: "
                + out
                + " already holds runs (a result.json in it or a subdirectory): repetitions and"
                + " capacity probes go into an empty directory, so what reads them reads only"
                + " them");
    assertThat(out).isDirectoryNotContaining(p -> p.getFileName().toString().equals("1"));
    assertThat(zero.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(zero.stderr().strip())
        .isEqualTo("streamgauge: --repetitions must be 1 or more, got 0");
  }

  @Test
  void aMissingPrometheusIsAnEnvironmentProblem() throws Exception {
    Path file = write(VALID);

    CliProcess cli =
        CliProcess.run(
            dir.resolve("cli"),
            LIMIT,
            "run",
            "--local",
            file.toString(),
            "--prometheus-bin",
            "/nonexistent/prometheus",
            "--output-dir",
            dir.resolve("out").toString());

    assertThat(cli.exitCode()).isEqualTo(ExitCodes.ENVIRONMENT);
    assertThat(cli.stderr().strip())
        .isEqualTo(
            "streamgauge: Prometheus binary /nonexistent/prometheus (--prometheus-bin) is not an"
                + " executable file");
    assertNothingStarted(cli);
  }

  @Test
  void aPortInUseIsAnEnvironmentProblem() throws Exception {
    Path file = write(VALID);
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CliProcess cli =
          CliProcess.run(
              dir.resolve("cli"),
              LIMIT,
              "run",
              "--local",
              file.toString(),
              "--kafka-port",
              String.valueOf(taken.getLocalPort()),
              "--output-dir",
              dir.resolve("out").toString());

      assertThat(cli.exitCode()).isEqualTo(ExitCodes.ENVIRONMENT);
      assertThat(cli.stderr().strip())
          .isEqualTo(
              "streamgauge: port "
                  + taken.getLocalPort()
                  + " (--kafka-port) is in use on this machine");
      assertNothingStarted(cli);
    }
  }

  /** Every example, runs and suites, in one command: each file named valid, exit 0. */
  @Test
  void everyExampleIsValidForTheOperator() throws Exception {
    List<String> examples;
    try (Stream<Path> files = Files.list(CliProcess.repoFile("examples"))) {
      examples =
          files
              .filter(f -> f.getFileName().toString().matches("(run|suite)-.*\\.yaml"))
              .map(Path::toString)
              .sorted()
              .toList();
    }
    assertThat(examples).hasSizeGreaterThan(10);
    List<String> args = new ArrayList<>(List.of("validate"));
    args.addAll(examples);

    CliProcess cli = CliProcess.run(dir.resolve("cli"), LIMIT, args.toArray(String[]::new));

    assertThat(cli.exitCode()).as(cli.stderr()).isZero();
    assertThat(cli.stdout().lines())
        .as("one line per file, in order")
        .hasSize(examples.size())
        .allSatisfy(line -> assertThat(line).containsPattern(": valid Benchmark(Run|Suite) "));
    for (int i = 0; i < examples.size(); i++) {
      assertThat(cli.stdout().lines().toList().get(i)).startsWith(examples.get(i) + ": valid ");
    }
  }

  /** With several files, an invalid one fails the command and the valid ones are still named. */
  @Test
  void validateNamesEveryFileAndFailsIfAnyIsInvalid() throws Exception {
    Path invalid = write(VALID + "  cleanup: {policy: Sometimes}\n");
    String valid = CliProcess.repoFile("examples/run-wordcount-eos.yaml").toString();

    CliProcess cli =
        CliProcess.run(dir.resolve("cli"), LIMIT, "validate", invalid.toString(), valid);

    assertThat(cli.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(cli.stderr())
        .contains(invalid + ": spec.cleanup.policy: Unsupported value: \"Sometimes\"");
    assertThat(cli.stdout()).isEqualTo(valid + ": valid BenchmarkRun wordcount-eos\n");
  }

  /**
   * Several resources in one file or on stdin, as {@code kustomize build} or {@code helm template}
   * give them: each checked and named by its place.
   */
  @Test
  void validateChecksEveryDocumentOfAFileAndTheStandardInput() throws Exception {
    String run = Files.readString(CliProcess.repoFile("examples/run-wordcount-eos.yaml"));
    String suite = Files.readString(CliProcess.repoFile("examples/suite-commit-interval.yaml"));
    String broken =
        run.replace("name: wordcount-eos", "name: broken") + "  cleanup: {policy: Sometimes}\n";
    Path several = write(run + "\n---\n" + suite + "\n---\n" + broken);

    CliProcess file = CliProcess.run(dir.resolve("several"), LIMIT, "validate", several.toString());
    ProcessBuilder stdin =
        new ProcessBuilder(
                CliProcess.distribution().resolve("bin/streamgauge").toString(), "validate", "-")
            .redirectInput(several.toFile())
            .redirectError(ProcessBuilder.Redirect.PIPE);
    Process piped = stdin.start();
    String pipedOut = new String(piped.getInputStream().readAllBytes());
    String pipedErr = new String(piped.getErrorStream().readAllBytes());

    assertThat(file.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(file.stdout())
        .contains(several + " (document 1): valid BenchmarkRun wordcount-eos")
        .contains(several + " (document 2): valid BenchmarkSuite commit-interval");
    assertThat(file.stderr())
        .contains(several + " (document 3): spec.cleanup.policy: Unsupported value: \"Sometimes\"");
    assertThat(piped.waitFor()).isEqualTo(ExitCodes.INVALID);
    assertThat(pipedOut).contains("<stdin> (document 2): valid BenchmarkSuite commit-interval");
    assertThat(pipedErr).contains("<stdin> (document 3): spec.cleanup.policy");
  }

  /** What a scenario means: the spec as the operator will run it, every default filled in. */
  @Test
  void validatePrintsTheResolvedSpecThatTheSchemaAccepts() throws Exception {
    CliProcess cli =
        CliProcess.run(
            dir.resolve("resolved"),
            LIMIT,
            "validate",
            "--print-resolved",
            CliProcess.repoFile("examples/run-wordcount-eos.yaml").toString());

    assertThat(cli.exitCode()).as(cli.stderr()).isEqualTo(ExitCodes.SUCCESS);
    assertThat(cli.stderr()).contains(": valid BenchmarkRun wordcount-eos");
    JsonNode resolved = new ObjectMapper(new YAMLFactory()).readTree(cli.stdout());
    assertThat(resolved.at("/metadata/name").asText()).isEqualTo("wordcount-eos");
    assertThat(resolved.at("/spec/schedule/warmup").asText()).isNotEmpty();
    assertThat(resolved.at("/spec/load/topics/0/ratePerSecond").asDouble()).isPositive();
    assertThat(resolved.at("/spec/checks").isObject()).as("the checks' thresholds").isTrue();
    assertThat(CrdSchemaValidator.benchmarkRun().problems(resolved.get("spec")))
        .as("the resolved spec is one the API server accepts")
        .isEmpty();
  }

  @Test
  void validateChecksAFileAsAClusterWould() throws Exception {
    CliProcess valid =
        CliProcess.run(
            dir.resolve("a"),
            LIMIT,
            "validate",
            CliProcess.repoFile("examples/run-wordcount-eos.yaml").toString());
    CliProcess invalid =
        CliProcess.run(
            dir.resolve("b"),
            LIMIT,
            "validate",
            write(VALID + "  cleanup: {policy: Sometimes}\n").toString());
    CliProcess noApp =
        CliProcess.run(
            dir.resolve("c"),
            LIMIT,
            "validate",
            write(VALID.replace("image: example.invalid/app:1", "runtime: stoatflow")).toString());

    assertThat(valid.exitCode()).as(valid.stderr()).isZero();
    assertThat(valid.stdout())
        .as("no spec.app.image: the reference app of kafka-streams")
        .contains("valid BenchmarkRun wordcount-eos");
    assertThat(invalid.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(invalid.stderr()).contains("spec.cleanup.policy: Unsupported value: \"Sometimes\"");
    assertThat(noApp.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(noApp.stderr())
        .contains(
            "spec.app.image: required for runtime 'stoatflow' (spec.app.runtime): there is a"
                + " reference app only for flink, kafka-clients, kafka-streams");
  }

  @Test
  void aGateNeedsItsBaselineAndGoodRulesBeforeAnythingStarts() throws Exception {
    String gate = "  gate: {baseline: base, rules: [\"latency.p99<=5%\"]}\n";
    Path gated = write(VALID + gate);
    Path notResults = Files.createDirectories(dir.resolve("empty"));

    CliProcess noBaseline =
        CliProcess.run(dir.resolve("a"), LIMIT, "run", "--local", gated.toString());
    CliProcess noGate =
        CliProcess.run(
            dir.resolve("b"),
            LIMIT,
            "run",
            "--local",
            write(VALID).toString(),
            "--baseline",
            notResults.toString());
    CliProcess emptyBaseline =
        CliProcess.run(
            dir.resolve("c"),
            LIMIT,
            "run",
            "--local",
            gated.toString(),
            "--baseline",
            notResults.toString());
    CliProcess badRule =
        CliProcess.run(
            dir.resolve("d"),
            LIMIT,
            "run",
            "--local",
            write(VALID + gate.replace("latency.p99", "p99")).toString(),
            "--baseline",
            notResults.toString());

    assertThat(noBaseline.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(noBaseline.stderr().strip())
        .isEqualTo(
            "streamgauge: "
                + gated
                + ": spec.gate: locally the baseline's results come from --baseline PATH (a"
                + " result.json or a directory of repetitions; spec.gate.baseline names a"
                + " BenchmarkRun on Kubernetes)");
    assertThat(noGate.stderr()).contains("--baseline is for the spec's gate, and ");
    assertThat(emptyBaseline.stderr().strip())
        .isEqualTo(
            "streamgauge: --baseline "
                + notResults
                + ": no result.json in it or in its subdirectories");
    assertThat(badRule.stderr())
        .contains("spec.gate.rules[0]: gate rule 'p99<=5%': unknown figure 'p99' (known:");
    for (CliProcess cli : List.of(noBaseline, noGate, emptyBaseline, badRule)) {
      assertThat(cli.exitCode()).isEqualTo(ExitCodes.INVALID);
      assertNothingStarted(cli);
    }
  }

  @Test
  void validateChecksASuiteAndEveryCellOfIt() throws Exception {
    CliProcess valid =
        CliProcess.run(
            dir.resolve("a"),
            LIMIT,
            "validate",
            CliProcess.repoFile("examples/suite-commit-interval.yaml").toString());
    String suite =
        Files.readString(CliProcess.repoFile("examples/suite-commit-interval.yaml"))
            .replace(
                "config: {commit.interval.ms: \"400\"}",
                "config: {commit.interval.ms: \"400\", bootstrap.servers: \"x:1\"}");
    Path invalidFile = write(suite);
    CliProcess invalid =
        CliProcess.run(dir.resolve("b"), LIMIT, "validate", invalidFile.toString());

    assertThat(valid.exitCode()).as(valid.stderr()).isZero();
    assertThat(valid.stdout()).contains("valid BenchmarkSuite commit-interval (4 cells, 12 runs)");
    assertThat(invalid.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(invalid.stderr().strip())
        .isEqualTo(
            "streamgauge: "
                + invalidFile
                + ": spec.matrix.variants[1].config[bootstrap.servers]: is set by the run's Kafka"
                + " (spec.kafka) and cannot be overridden here (cell"
                + " commit-400ms/stateless-simple/exactly_once_v2/x1 and 1 more)");
  }

  @Test
  void theRuntimesSuiteIsValidAndAVariantsOwnAppMustNameAVariantItHas() throws Exception {
    Path example = CliProcess.repoFile("examples/suite-runtimes.yaml");
    CliProcess valid = CliProcess.run(dir.resolve("v"), LIMIT, "validate", example.toString());
    Path jar = Files.writeString(dir.resolve("app.jar"), "");
    CliProcess unknown =
        CliProcess.run(
            dir.resolve("u"),
            LIMIT,
            "suite",
            "--local",
            example.toString(),
            "--variant-app-jar",
            "stoatflow=" + jar,
            "-d",
            dir.resolve("never").toString());
    CliProcess onCluster =
        CliProcess.run(
            dir.resolve("c"),
            LIMIT,
            "suite",
            example.toString(),
            "--variant-app-jar",
            "flink=" + jar);

    assertThat(valid.exitCode()).as(valid.stderr()).isZero();
    assertThat(valid.stdout()).contains("valid BenchmarkSuite runtimes (10 cells, 30 runs)");
    assertThat(unknown.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(unknown.stderr())
        .contains(
            "--variant-app-jar/--variant-app-command: the suite has no variant 'stoatflow' (its"
                + " variants: kafka-streams, flink, kafka-clients)");
    assertThat(dir.resolve("never")).doesNotExist();
    assertThat(onCluster.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(onCluster.stderr()).contains("--variant-app-jar: only with --local");
  }

  private Path write(String yaml) throws IOException {
    Path file = Files.createTempFile(dir, "run", ".yaml");
    Files.writeString(file, yaml);
    return file;
  }

  private void assertNothingStarted(CliProcess cli) {
    assertThat(cli.seenDescendants().stream().map(CliProcess.Seen::commandLine))
        .noneSatisfy(c -> assertThat(c).contains("kafka.Kafka"));
    assertThat(dir.resolve("out"))
        .as("no output directory for a run that never started")
        .doesNotExist();
  }
}
