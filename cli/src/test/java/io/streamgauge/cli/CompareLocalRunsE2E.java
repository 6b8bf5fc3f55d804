package io.streamgauge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.report.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real local runs compared: stateless-simple under exactly-once, three repetitions with Kafka
 * Streams committing every 100 ms (the baseline) and three committing every 400 ms (the candidate).
 * Under EOS a record becomes visible to a read_committed reader only when its transaction commits,
 * so the candidate's p50 is about 150 ms later: a difference the comparison must call with an
 * interval that excludes 0, and a gate must fail on it and pass the reverse. The candidate's spec
 * carries that gate itself, judged against the baseline's runs when its own have run.
 */
@Tag("full")
@Tag("slice-1")
class CompareLocalRunsE2E {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration LIMIT = Duration.ofMinutes(6);

  @TempDir static Path dir;
  private static Path baseline;
  private static Path candidate;
  private static CliProcess candidateCli;

  @BeforeAll
  static void runThreeRepetitionsOfEachSide() throws Exception {
    Path example = dir.resolve("commit-100ms.yaml");
    Path slowCommits = dir.resolve("commit-400ms.yaml");
    String text =
        E2eChecks.withChecks(
            Files.readString(CliProcess.repoFile("examples/run-stateless-simple-eos.yaml")));
    assertThat(text).contains("commit.interval.ms: \"100\"");
    Files.writeString(example, text);
    // The candidate's spec has a gate: its repetitions are judged against the baseline's. Its
    // bound leaves room for the hour: 300 ms more commit interval adds about 150 ms to p50 (half
    // the interval), against a p50 of 50 ms plus what the machine adds. 2026-11-28 in a slow hour
    // p50 went 316 -> 445 ms (+40.6%; interval +34.9..+66.6%), so 50% failed to see it; 20% holds
    // while the machine adds less than 700 ms.
    Files.writeString(
        slowCommits,
        text.replace("commit.interval.ms: \"100\"", "commit.interval.ms: \"400\"")
            + "  gate:\n    baseline: stateless-simple-eos\n    rules: [\"latency.p50<=20%\"]\n");
    baseline = repetitions("commit-100ms", example);
    candidate = repetitions("commit-400ms", slowCommits, "--baseline", baseline.toString());
  }

  private static Path repetitions(String name, Path spec, String... options) throws Exception {
    Path out = dir.resolve(name);
    List<String> args =
        new ArrayList<>(
            List.of(
                "run",
                "--local",
                spec.toString(),
                "--warmup",
                "10s",
                "--measurement",
                "20s",
                "--rate-scale",
                E2eChecks.RATE_SCALE,
                "--scrape-interval",
                LocalRunE2E.QUICK_SCRAPE_INTERVAL,
                "--repetitions",
                "3",
                "-d",
                out.toString()));
    args.addAll(List.of(options));
    CliProcess cli = CliProcess.run(dir.resolve(name + "-cli"), LIMIT, args.toArray(String[]::new));
    if (options.length > 0) {
      candidateCli = cli;
    } else {
      // 5: a run may fail a check on a busy machine; compare leaves it out and says so.
      assertThat(cli.exitCode())
          .as(cli.stdout() + cli.stderr())
          .isIn(ExitCodes.SUCCESS, ExitCodes.INVALID_RUN);
    }
    for (String rep : List.of("1", "2", "3")) {
      assertThat(out.resolve(rep).resolve("result.json")).isRegularFile();
    }
    assertThat(cli.stdout()).contains("## Repetitions: ");
    JsonNode summary = JSON.readTree(out.resolve("repetitions.json").toFile());
    assertThat(summary.get("figures").get("latency.p99").get("median").asDouble()).isPositive();
    System.out.println(name + ":\n" + Files.readString(out.resolve("repetitions.md")));
    return out;
  }

  @Test
  void theTableHasIntervalsAndCallsTheSlowerCommitsWorse() throws Exception {
    CliProcess cli =
        CliProcess.run(
            dir.resolve("compare-cli"),
            Duration.ofSeconds(60),
            "compare",
            baseline.toString(),
            candidate.toString(),
            "-d",
            dir.resolve("comparison").toString());
    System.out.println(cli.stdout());
    assertThat(cli.exitCode()).as(cli.stderr()).isEqualTo(ExitCodes.SUCCESS);
    JsonNode json = JSON.readTree(dir.resolve("comparison/comparison.json").toFile());
    assertThat(json.get("baseline").get("runs").size())
        .as("valid baseline runs")
        .isGreaterThanOrEqualTo(2);
    assertThat(json.get("candidate").get("runs").size())
        .as("valid candidate runs")
        .isGreaterThanOrEqualTo(2);
    JsonNode p50 = row(json, "latency.p50");
    assertThat(p50.get("interval").isObject()).isTrue();
    assertThat(p50.get("delta").asDouble()).as("p50 400 ms vs 100 ms commits").isGreaterThan(0.3);
    assertThat(p50.get("interval").get("low").asDouble()).isPositive();
    assertThat(p50.get("verdict").asText()).isEqualTo("baseline wins");
    assertThat(json.get("specDifferences").toString())
        .contains("spec.app.config.commit.interval.ms: 100 → 400");
    assertThat(cli.stdout()).contains("| True E2E p50 (ms) |").contains("95% CI of Δ");
    HeadlessChromium.Rendered html =
        HeadlessChromium.render(dir.resolve("comparison/comparison.html"), dir);
    html.assertDrew(1);
    assertThat(html.dom()).contains("True E2E p50 (ms)");
  }

  @Test
  void aGateFailsTheWorseSideAndPassesTheBetterOne() throws Exception {
    CliProcess worse =
        CliProcess.run(
            dir.resolve("gate-worse"),
            Duration.ofSeconds(60),
            "compare",
            baseline.toString(),
            candidate.toString(),
            "--gate",
            "latency.p50<=5%");
    assertThat(worse.exitCode()).as(worse.stdout()).isEqualTo(ExitCodes.GATE_FAILED);
    assertThat(worse.stderr()).startsWith("streamgauge: gate failed: latency.p50<=5% (");

    CliProcess better =
        CliProcess.run(
            dir.resolve("gate-better"),
            Duration.ofSeconds(60),
            "compare",
            candidate.toString(),
            baseline.toString(),
            "--gate",
            "latency.p50<=5%");
    assertThat(better.exitCode())
        .as(better.stdout() + better.stderr())
        .isEqualTo(ExitCodes.SUCCESS);
    assertThat(better.stdout()).contains("## Gate: passed");
  }

  /**
   * {@code run --local} with a gate in its spec (the candidate's), against the baseline's
   * repetitions: the 400 ms commits are judged worse by the spec's rule after its three runs, exit
   * code 6, and gate.md and gate.json say so.
   */
  @Test
  void aRunWhoseSpecHasAGateIsJudgedAgainstTheBaselineItIsGiven() throws Exception {
    assertThat(candidateCli.exitCode())
        .as(candidateCli.stdout() + candidateCli.stderr())
        .isEqualTo(ExitCodes.GATE_FAILED);
    assertThat(candidateCli.stderr()).contains("streamgauge: gate failed: latency.p50<=20% (");
    assertThat(Files.readString(candidate.resolve("gate.md")))
        .contains("(candidate, ")
        .contains("against `" + baseline + "` (baseline, ")
        .contains("## Gate: FAILED");
    assertThat(JSON.readTree(candidate.resolve("gate.json").toFile()).get("passed").asBoolean())
        .isFalse();
  }

  private static JsonNode row(JsonNode comparison, String figure) {
    for (JsonNode row : comparison.get("rows")) {
      if (row.get("figure").asText().equals(figure)) {
        return row;
      }
    }
    throw new AssertionError("no row " + figure + " in " + comparison);
  }
}
