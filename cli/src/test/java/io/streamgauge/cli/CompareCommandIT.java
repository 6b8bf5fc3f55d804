package io.streamgauge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.testing.SharesTheMachine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code streamgauge compare} as a user runs it: directories of repetitions in, the table, {@code
 * comparison.md} and {@code comparison.json} out; exit 6 for a failed gate, 2 with one line for bad
 * input. (The figures are written by the test; {@code LocalRunE2E} compares real runs.)
 */
@SharesTheMachine
class CompareCommandIT {

  private static final Duration LIMIT = Duration.ofSeconds(60);
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void repetitionsAreComparedWithIntervalsAndWrittenBothWays() throws Exception {
    Path base = repetitions("kstreams", "ks:4.1.1", 200, 204, 198);
    Path cand = repetitions("candidate", "sf:0.6", 150, 152, 149);

    CliProcess cli =
        CliProcess.run(
            dir.resolve("cli"),
            LIMIT,
            "compare",
            base.toString(),
            cand.toString(),
            "-d",
            dir.resolve("out").toString());

    assertThat(cli.exitCode()).as(cli.stderr()).isEqualTo(ExitCodes.SUCCESS);
    assertThat(cli.stdout())
        .contains(
            "## Comparison: `candidate` (candidate, 3 runs) against `kstreams` (baseline, 3 runs)")
        .contains("| True E2E p99 (ms) | 200.0 (198.0–204.0) | 150.0 (149.0–152.0) | -25.0% | [")
        .contains("- `spec.app.image: ks:4.1.1 → sf:0.6`")
        .doesNotContain("Indicative only");
    assertThat(Files.readString(dir.resolve("out/comparison.md"))).isEqualTo(cli.stdout());
    JsonNode json = JSON.readTree(dir.resolve("out/comparison.json").toFile());
    assertThat(json.get("indicative").asBoolean()).isFalse();
    assertThat(json.get("rows").get(0).get("verdict").asText()).isEqualTo("candidate wins");
    assertThat(json.get("candidate").get("runs")).hasSize(3);
  }

  @Test
  void outputFormatPrintsTheComparisonDocumentInsteadOfTheTable() throws Exception {
    Path base = repetitions("kstreams", "ks:4.1.1", 200, 204, 198);
    Path cand = repetitions("candidate", "sf:0.6", 150, 152, 149);

    CliProcess cli =
        CliProcess.run(
            dir.resolve("cli"),
            LIMIT,
            "compare",
            base.toString(),
            cand.toString(),
            "-o",
            "json",
            "-d",
            dir.resolve("out").toString());

    assertThat(cli.exitCode()).as(cli.stderr()).isEqualTo(ExitCodes.SUCCESS);
    assertThat(JSON.readTree(cli.stdout()))
        .isEqualTo(JSON.readTree(dir.resolve("out/comparison.json").toFile()));
    assertThat(cli.stdout()).doesNotContain("## Comparison");
  }

  @Test
  void aGateFailsAWorseCandidateWithExit6AndPassesABetterOne() throws Exception {
    Path fast = repetitions("fast", "a", 150, 152, 149);
    Path slow = repetitions("slow", "b", 200, 204, 198);

    CliProcess worse =
        CliProcess.run(
            dir.resolve("worse"),
            LIMIT,
            "compare",
            fast.toString(),
            slow.toString(),
            "--gate",
            "latency.p99<=5%");
    assertThat(worse.exitCode()).isEqualTo(ExitCodes.GATE_FAILED);
    assertThat(worse.stderr().strip())
        .isEqualTo("streamgauge: gate failed: latency.p99<=5% (33.3% worse)");
    assertThat(worse.stdout())
        .contains("## Gate: FAILED")
        .contains("- FAIL `latency.p99<=5%`: 33.3% worse");

    CliProcess better =
        CliProcess.run(
            dir.resolve("better"),
            LIMIT,
            "compare",
            slow.toString(),
            fast.toString(),
            "--gate",
            "latency.p99<=5%");
    assertThat(better.exitCode()).as(better.stderr()).isEqualTo(ExitCodes.SUCCESS);
    assertThat(better.stdout()).contains("## Gate: passed");
  }

  @Test
  void badInputIsOneLineAndExit2() throws Exception {
    Path base = repetitions("base", "a", 100);
    Files.writeString(dir.resolve("broken.json"), "{not json");

    CliProcess missing =
        CliProcess.run(
            dir.resolve("c1"), LIMIT, "compare", base.toString(), dir.resolve("nope").toString());
    assertThat(missing.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(missing.stderr().strip())
        .isEqualTo("streamgauge: " + dir.resolve("nope") + ": no such file or directory");

    CliProcess broken =
        CliProcess.run(
            dir.resolve("c2"),
            LIMIT,
            "compare",
            base.toString(),
            dir.resolve("broken.json").toString());
    assertThat(broken.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(broken.stderr().strip())
        .startsWith(
            "streamgauge: "
                + dir.resolve("broken.json")
                + ": not JSON at line 1, column 2: Unexpected character ('n'");
    assertThat(broken.stderr().lines()).hasSize(1);

    CliProcess rule =
        CliProcess.run(
            dir.resolve("c3"),
            LIMIT,
            "compare",
            base.toString(),
            base.toString(),
            "--gate",
            "p99<5%");
    assertThat(rule.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(rule.stderr().strip())
        .isEqualTo("streamgauge: gate rule 'p99<5%': expected FIGURE<=N%, e.g. latency.p99<=5%");
  }

  /** A directory of repetitions {@code name/1..n/result.json}, one per p99 value. */
  private Path repetitions(String name, String image, double... p99s) throws IOException {
    Path side = dir.resolve(name);
    for (int i = 0; i < p99s.length; i++) {
      ObjectNode doc = JSON.createObjectNode();
      doc.put("apiVersion", "streamgauge.io/v1alpha1").put("kind", "LocalResult");
      ObjectNode spec = doc.putObject("spec");
      spec.put("scenario", "stateless-simple").put("processingGuarantee", "exactly_once_v2");
      spec.putObject("app").put("image", image);
      ObjectNode summary = doc.putObject("status").putObject("summary");
      summary.putObject("latency").put("p50Ms", p99s[i] / 2).put("p99Ms", p99s[i]);
      summary.put("cpuCores", 1.0);
      summary.putArray("checks").addObject().put("name", "producedRate").put("passed", true);
      Path run = Files.createDirectories(side.resolve(Integer.toString(i + 1)));
      Files.writeString(run.resolve("result.json"), JSON.writeValueAsString(doc));
    }
    return side;
  }
}
