package io.streamgauge.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.api.status.ResultRef;
import io.streamgauge.platform.NameConflictException;
import io.streamgauge.series.PlannedRun;
import io.streamgauge.testing.RecordedRunEvents;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Runs as documents a test ends as it likes; records what was created, stored and said (the suite's
 * Events and, in {@link #runEvents}, a repeated run's).
 */
public final class FakeSeriesPlatform implements SuitePlatform {

  private static final ObjectMapper JSON = new ObjectMapper();

  public final Map<String, ObjectNode> runs = new LinkedHashMap<>();
  public final List<String> created = new ArrayList<>();
  public final List<String> events = new ArrayList<>();

  /** The events of a repeated run, recorded beside the suite's. */
  public final RecordedRunEvents runEvents = new RecordedRunEvents(events);

  public final Set<String> foreign = new HashSet<>();

  /** When set, every read fails as an unreachable API server's would. */
  boolean unreachable;

  SuiteResults stored;

  @Override
  public Optional<JsonNode> find(String name) {
    if (unreachable) {
      throw new IllegalStateException("connection refused");
    }
    if (foreign.contains(name)) {
      throw new NameConflictException("BenchmarkRun " + name + " is not this series'");
    }
    return Optional.ofNullable(runs.get(name));
  }

  @Override
  public boolean create(PlannedRun run) {
    if (foreign.contains(run.name())) {
      throw new NameConflictException("BenchmarkRun " + run.name() + " is not this series'");
    }
    created.add(run.name());
    ObjectNode doc = JSON.createObjectNode();
    doc.set("spec", JSON.valueToTree(run.spec()));
    doc.putObject("status").put("phase", "Measuring");
    runs.put(run.name(), doc);
    return true;
  }

  /** Ends the run {@code name} as succeeded with this p99 and a check that passed or failed. */
  public void succeed(String name, double p99, boolean valid) {
    ((ObjectNode) runs.get(name).get("status"))
        .setAll(statusOf(SuiteResultsTest.succeeded(p99, 1.0), valid));
  }

  public void fail(String name) {
    ObjectNode status = (ObjectNode) runs.get(name).get("status");
    status.put("phase", "Failed");
    status
        .putArray("conditions")
        .addObject()
        .put("type", "Ready")
        .put("reason", "AppFailed")
        .put("message", "OOMKilled");
  }

  private static ObjectNode statusOf(JsonNode document, boolean valid) {
    ObjectNode status = ((ObjectNode) document.get("status")).deepCopy();
    ((ObjectNode) status.get("summary").get("checks").get(0)).put("passed", valid);
    return status;
  }

  @Override
  public ResultRef storeResults(SuiteResults results) {
    stored = results;
    ResultRef ref = new ResultRef();
    ref.setConfigMap("s-results");
    return ref;
  }

  @Override
  public void event(boolean warning, String reason, String message) {
    events.add((warning ? "Warning " : "Normal ") + reason);
  }
}
