package io.streamgauge.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.ProcessingGuarantee;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.testing.GeneratedPage;
import io.streamgauge.validation.SpecValidator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The scenario defaults page ({@code docs/reference/scenarios.md}): what a run of each scenario
 * runs when its spec names only the scenario and the guarantee, read from the spec {@link
 * SpecDefaulter} resolves, so the page is the code's and cannot drift from it.
 */
class ScenarioDefaultsPageTest {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  @Test
  void everyScenarioIsOnThePageAsTheDefaulterResolvesIt() {
    StringBuilder out =
        new StringBuilder(
            GeneratedPage.header(
                "Scenario defaults",
                "`ScenarioCatalog` and `SpecDefaulter` (`core/src/main/java/io/streamgauge/"
                    + "scenario/`)"));
    out.append(
        "What a BenchmarkRun runs when its spec names only `scenario` and"
            + " `processingGuarantee`: the methodology's topics, rates, record profiles and"
            + " windows (see [The methodology](../concepts/methodology.md)), and the resources"
            + " and checks every scenario shares. Anything the spec sets replaces the default;"
            + " `streamgauge validate --print-resolved FILE` prints a file with every default"
            + " filled in. Sizes are bytes (the methodology's KB are KiB here).\n");
    for (Scenario scenario : Scenario.values()) {
      scenario(out, scenario);
    }
    shared(out, resolved(Scenario.WORDCOUNT));
    GeneratedPage.check("reference/scenarios.md", out.toString());
  }

  @Test
  void theMethodologysRatesAreThePagesRates() {
    JsonNode simple = resolved(Scenario.STATELESS_SIMPLE);
    assertThat(simple.at("/load/topics/0/ratePerSecond").asDouble()).isEqualTo(20_000);
    assertThat(simple.at("/schedule/warmup").asText()).isEqualTo("10m");
    assertThat(simple.at("/latency/isolationLevel").asText()).isEqualTo("read_committed");
  }

  /** The spec of {@code scenario} naming nothing else, every default applied. */
  private static BenchmarkRunSpec defaults(Scenario scenario) {
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    spec.setScenario(scenario);
    spec.setProcessingGuarantee(ProcessingGuarantee.EXACTLY_ONCE_V2);
    return new SpecDefaulter().apply(spec);
  }

  private static JsonNode resolved(Scenario scenario) {
    return SERIALIZATION.convertValue(defaults(scenario), JsonNode.class);
  }

  private static void scenario(StringBuilder out, Scenario scenario) {
    BenchmarkRunSpec spec = defaults(scenario);
    JsonNode resolved = SERIALIZATION.convertValue(spec, JsonNode.class);
    out.append("\n## ").append(scenario.value()).append("\n\n");
    List<String> refused =
        SpecValidator.problems(spec).stream().filter(p -> p.startsWith("spec.scenario:")).toList();
    if (!refused.isEmpty()) {
      out.append("Not runnable yet: the operator and `run --local` refuse it at Pending.\n\n");
    }
    JsonNode topics = resolved.at("/load/topics");
    if (topics.isEmpty()) {
      out.append("No topics of its own: the spec names them (`spec.load.topics`).\n");
      return;
    }
    out.append(
        "Warmup "
            + resolved.at("/schedule/warmup").asText()
            + ", measurement "
            + resolved.at("/schedule/measurement").asText()
            + "; latency read from "
            + quoted(resolved.at("/latency/topics"))
            + ".\n\n");
    out.append(
        "| Input topic | Partitions | Records/s | Prepopulated | Format | Value size | Keys |\n"
            + "|---|---:|---:|---:|---|---|---:|\n");
    for (JsonNode topic : topics) {
      JsonNode record = topic.path("record");
      out.append("| `")
          .append(topic.path("name").asText())
          .append("` | ")
          .append(topic.path("partitions").asInt())
          .append(" | ")
          .append(number(topic.path("ratePerSecond")))
          .append(" | ")
          .append(number(topic.path("prepopulateRecords")))
          .append(" | ")
          .append(format(record))
          .append(" | ")
          .append(size(record.path("valueSize")))
          .append(" | ")
          .append(number(record.path("keys")))
          .append(" |\n");
    }
  }

  private static void shared(StringBuilder out, JsonNode spec) {
    out.append("\n## Every scenario\n\n| Part | Default |\n|---|---|\n");
    JsonNode kafka = spec.at("/kafka/provision");
    row(
        out,
        "Kafka (`kafka.provision`)",
        kafka.path("replicas").asInt()
            + " brokers of Kafka "
            + kafka.path("version").asText()
            + ", each "
            + resources(kafka.path("resources"))
            + " and "
            + kafka.at("/storage/size").asText()
            + " of storage");
    JsonNode app = spec.path("app");
    row(
        out,
        "App (`app`)",
        "runtime "
            + app.path("runtime").asText()
            + ", "
            + resources(app.path("resources"))
            + " (requests equal to limits), metrics on :"
            + app.at("/metrics/port").asText()
            + app.at("/metrics/path").asText()
            + " read by the `"
            + app.at("/metrics/profile").asText()
            + "` profile");
    row(
        out,
        "Load generator (`load`)",
        "producers: "
            + spec.at("/load/producers").asInt()
            + ", seed "
            + spec.at("/load/seed").asText()
            + ", "
            + resources(spec.at("/load/resources")));
    row(
        out,
        "Latency consumer (`latency`)",
        spec.at("/latency/isolationLevel").asText()
            + ", "
            + resources(spec.at("/latency/resources")));
    row(
        out,
        "Schedule (`schedule`)",
        "drain timeout "
            + spec.at("/schedule/drainTimeout").asText()
            + "; timeout "
            + spec.at("/schedule/timeout").asText()
            + " (the windows and "
            + SpecDefaulter.TIMEOUT_SLACK.toMinutes()
            + "m of slack)");
    row(
        out,
        "Prometheus (`prometheus`)",
        spec.at("/prometheus/url").asText()
            + ", scrape every "
            + spec.at("/prometheus/scrapeInterval").asText()
            + ", cAdvisor every "
            + spec.at("/prometheus/cadvisorScrapeInterval").asText());
    List<String> checks = new ArrayList<>();
    spec.path("checks")
        .fields()
        .forEachRemaining(f -> checks.add("`" + f.getKey() + "` " + f.getValue().asText()));
    row(out, "Validity checks (`checks`)", String.join(", ", checks));
  }

  private static void row(StringBuilder out, String part, String value) {
    out.append("| ").append(part).append(" | ").append(value).append(" |\n");
  }

  private static String resources(JsonNode resources) {
    JsonNode limits = resources.path("limits");
    List<String> parts = new ArrayList<>();
    if (limits.has("cpu")) {
      parts.add(limits.path("cpu").asText() + " CPU");
    }
    if (limits.has("memory")) {
      parts.add(limits.path("memory").asText());
    }
    return parts.isEmpty() ? "no limits" : String.join(" / ", parts);
  }

  private static String format(JsonNode record) {
    String format = record.path("format").asText();
    if (record.hasNonNull("message")) {
      return format + " (`" + record.path("message").asText() + "`)";
    }
    if (record.hasNonNull("words")) {
      return format + " (a vocabulary of " + number(record.path("words")) + " words)";
    }
    return format;
  }

  private static String size(JsonNode size) {
    if (size.hasNonNull("fixed")) {
      return number(size.path("fixed"));
    }
    String range = number(size.path("min")) + "–" + number(size.path("max"));
    return size.hasNonNull("mean") ? range + " (mean " + number(size.path("mean")) + ")" : range;
  }

  private static String number(JsonNode value) {
    if (value.isMissingNode() || value.isNull()) {
      return "–";
    }
    double n = value.asDouble();
    return n == Math.rint(n)
        ? String.format(Locale.ROOT, "%,d", (long) n)
        : String.format(Locale.ROOT, "%,.1f", n);
  }

  private static String quoted(JsonNode names) {
    List<String> quoted = new ArrayList<>();
    names.forEach(n -> quoted.add("`" + n.asText() + "`"));
    return quoted.isEmpty() ? "no topic" : String.join(", ", quoted);
  }
}
