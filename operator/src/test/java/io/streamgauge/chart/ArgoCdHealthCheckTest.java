package io.streamgauge.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.streamgauge.testing.RepoFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Iterator;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.lib.jse.JsePlatform;

/**
 * The chart's Argo CD health check, run by a real Lua interpreter on BenchmarkRuns as the API
 * server returns them (Argo CD gives the script the object as the global {@code obj}).
 */
class ArgoCdHealthCheckTest {

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @Test
  void aRunWithoutStatusIsProgressing() throws IOException {
    assertThat(health("metadata: {name: r, generation: 1}\n"))
        .containsExactly("Progressing", "Waiting for the Streamgauge operator");
  }

  @Test
  void aRunningRunIsProgressingWithItsProgress() throws IOException {
    assertThat(
            health(
                """
                metadata: {name: r, generation: 1}
                status: {phase: Measuring, observedGeneration: 1, progress: "Measuring 4m10s/10m"}
                """))
        .containsExactly("Progressing", "Measuring 4m10s/10m");
  }

  @Test
  void aSucceededRunIsHealthyAndSaysItsP99() throws IOException {
    assertThat(
            health(
                """
                metadata: {name: r, generation: 1}
                status:
                  phase: Succeeded
                  observedGeneration: 1
                  summary: {latency: {p50Ms: 100.2, p99Ms: 180.5}}
                """))
        .containsExactly("Healthy", "Succeeded: p99 180.5 ms");
  }

  @Test
  void aFailedRunIsDegradedWithTheReason() throws IOException {
    assertThat(
            health(
                """
                metadata: {name: r, generation: 1}
                status:
                  phase: Failed
                  observedGeneration: 1
                  conditions:
                  - {type: Ready, status: "False", reason: AppFailed, message: "Pod bench/r-app-0: OOMKilled"}
                """))
        .containsExactly("Degraded", "Failed: AppFailed: Pod bench/r-app-0: OOMKilled");
  }

  @Test
  void aStatusOfAnOlderGenerationIsProgressing() throws IOException {
    assertThat(
            health(
                """
                metadata: {name: r, generation: 2}
                status: {phase: Succeeded, observedGeneration: 1}
                """))
        .containsExactly("Progressing", "Waiting for the operator to observe generation 2");
  }

  /** Runs the script on {@code yaml} and returns {@code [status, message]}. */
  private static String[] health(String yaml) throws IOException {
    String script =
        Files.readString(
            RepoFiles.repoDir().resolve("charts/streamgauge/argocd/benchmarkrun-health.lua"));
    Globals lua = JsePlatform.standardGlobals();
    lua.set("obj", toLua(YAML.readTree(yaml)));
    LuaValue hs = lua.load(script, "benchmarkrun-health.lua").call();
    return new String[] {hs.get("status").tojstring(), hs.get("message").tojstring()};
  }

  private static LuaValue toLua(JsonNode node) {
    if (node.isObject()) {
      LuaTable table = new LuaTable();
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        table.set(field.getKey(), toLua(field.getValue()));
      }
      return table;
    }
    if (node.isArray()) {
      LuaTable table = new LuaTable();
      for (int i = 0; i < node.size(); i++) {
        table.set(i + 1, toLua(node.get(i)));
      }
      return table;
    }
    if (node.isIntegralNumber()) {
      return LuaValue.valueOf(node.asLong());
    }
    if (node.isNumber()) {
      return LuaValue.valueOf(node.asDouble());
    }
    if (node.isBoolean()) {
      return LuaValue.valueOf(node.asBoolean());
    }
    return node.isNull() ? LuaValue.NIL : LuaValue.valueOf(node.asText());
  }
}
