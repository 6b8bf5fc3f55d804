package io.streamgauge.chart;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamgauge.testing.RepoFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Iterator;
import java.util.Map;
import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.lib.jse.JsePlatform;

/**
 * Runs one of the chart's Argo CD health checks ({@code charts/streamgauge/argocd/}) in a real Lua
 * interpreter, on a resource as the API server returns it: Argo CD gives the script the object as
 * the global {@code obj} and reads {@code status} and {@code message} from what it returns.
 */
public final class ArgoCdHealth {

  /** The BenchmarkRun's health check. */
  public static final String RUN = "benchmarkrun-health.lua";

  /** The BenchmarkSuite's health check. */
  public static final String SUITE = "benchmarksuite-health.lua";

  /** What Argo CD shows: its status (Progressing, Healthy, Degraded) and message. */
  public record Health(String status, String message) {}

  private ArgoCdHealth() {}

  /** The health {@code script} gives {@code resource}. */
  public static Health of(String script, JsonNode resource) {
    String code;
    try {
      code = Files.readString(RepoFiles.repoDir().resolve("charts/streamgauge/argocd/" + script));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Globals lua = JsePlatform.standardGlobals();
    lua.set("obj", toLua(resource));
    LuaValue hs = lua.load(code, script).call();
    return new Health(hs.get("status").tojstring(), hs.get("message").tojstring());
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
