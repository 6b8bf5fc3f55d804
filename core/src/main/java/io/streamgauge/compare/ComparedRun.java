package io.streamgauge.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.results.RunChecks;
import java.util.ArrayList;
import java.util.List;

/**
 * One run as a comparison sees it: where it came from, its spec, its summary and the checks it
 * failed. Read from a local {@code result.json}, a BenchmarkRun ({@code kubectl get -o json}) or a
 * results document; each carries the summary as {@code status.summary} or {@code summary}.
 *
 * @param source where the run was read from, for messages (a file name)
 * @param setup what ran: {@code spec} (the resolved spec, when the document has it) and, for a
 *     local run, {@code local} (how the app was started, the local options)
 * @param summary the run's summary ({@code status.summary})
 * @param problems why it is not a valid measurement, empty for a valid run: {@code did not succeed
 *     (…)} for a failed or interrupted run's partial figures, {@code failed} with each failed check
 *     as {@code name value not <= threshold} (e.g. {@code failed publishDelayP99 7.979 not <= 5})
 */
public record ComparedRun(String source, JsonNode setup, JsonNode summary, List<String> problems) {

  /** A document that is not a run's result; the message names the source. */
  public static final class NotAResultException extends RuntimeException {
    NotAResultException(String message) {
      super(message);
    }
  }

  /**
   * Reads a run from a result document.
   *
   * @throws NotAResultException when the document has no summary (a run that failed or never
   *     measured, or not a result at all)
   */
  public static ComparedRun of(String source, JsonNode document) {
    JsonNode summary = document.path("status").path("summary");
    if (!summary.isObject()) {
      summary = document.path("summary");
    }
    if (!summary.isObject()) {
      String outcome = document.path("run").path("outcome").asText("");
      String phase = document.path("status").path("phase").asText("");
      String why =
          !outcome.isEmpty()
              ? "the run " + outcome + " without a summary"
              : !phase.isEmpty()
                  ? "the run is " + phase + " and has no summary"
                  : "no status.summary or summary: not a Streamgauge result";
      throw new NotAResultException(source + ": " + why);
    }
    ObjectNode setup = JsonNodeFactory.instance.objectNode();
    if (document.has("spec")) {
      setup.set("spec", document.get("spec"));
    }
    if (document.path("run").has("app")) {
      setup
          .putObject("local")
          .<ObjectNode>set("app", document.path("run").path("app"))
          .set("options", document.path("run").path("options"));
    }
    List<String> problems = new ArrayList<>();
    String phase = document.path("status").path("phase").asText("Succeeded");
    if (!phase.equals("Succeeded") || document.path("run").path("partial").asBoolean(false)) {
      problems.add("did not succeed (" + phase + "; its figures are partial)");
    }
    List<String> failed = failed(summary).stream().map(ComparedRun::failure).toList();
    if (!failed.isEmpty()) {
      problems.add("failed " + String.join(", ", failed));
    }
    return new ComparedRun(source, setup, summary, List.copyOf(problems));
  }

  /** True when the run succeeded and every validity check that was judged passed. */
  public boolean valid() {
    return problems.isEmpty();
  }

  /** The names of the validity checks it failed, in the summary's order. */
  public List<String> failedChecks() {
    return failed(summary).stream().map(check -> check.path("name").asText()).toList();
  }

  /** The checks of {@code summary} judged and failed. */
  private static List<JsonNode> failed(JsonNode summary) {
    List<JsonNode> failed = new ArrayList<>();
    for (JsonNode check : summary.path("checks")) {
      if (check.path("passed").isBoolean() && !check.path("passed").asBoolean()) {
        failed.add(check);
      }
    }
    return failed;
  }

  private static String failure(JsonNode check) {
    String name = check.path("name").asText();
    if (!check.path("value").isNumber() || !check.path("threshold").isNumber()) {
      return name;
    }
    return name
        + " "
        + RunChecks.number(check.path("value").asDouble())
        + " not "
        + check.path("comparison").asText("?")
        + " "
        + RunChecks.number(check.path("threshold").asDouble());
  }
}
