package io.streamgauge.dashboards;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** One Grafana dashboard of {@code dashboards/}, and the PromQL in it. */
record Dashboard(Path file, JsonNode json) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** A query as Grafana would send it, before its variables are filled. */
  record Query(String where, String expr) {}

  /** Every dashboard under the repository's {@code dashboards/}. */
  static List<Dashboard> all() {
    Path dir = Path.of(System.getProperty("streamgauge.repo.dir", "..")).resolve("dashboards");
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(f -> f.toString().endsWith(".json"))
          .sorted()
          .map(Dashboard::read)
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
  }

  static Dashboard read(Path file) {
    try {
      return new Dashboard(file, JSON.readTree(file.toFile()));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  String name() {
    return file.getFileName().toString();
  }

  List<JsonNode> panels() {
    List<JsonNode> panels = new ArrayList<>();
    json.path("panels").forEach(panels::add);
    return panels;
  }

  /** The PromQL of every panel target and annotation. */
  List<Query> queries() {
    List<Query> queries = new ArrayList<>();
    for (JsonNode panel : panels()) {
      for (JsonNode target : panel.path("targets")) {
        queries.add(
            new Query(
                name()
                    + " panel '"
                    + panel.path("title").asText()
                    + "' "
                    + target.path("refId").asText(),
                target.path("expr").asText()));
      }
    }
    for (JsonNode annotation : json.path("annotations").path("list")) {
      queries.add(
          new Query(
              name() + " annotation '" + annotation.path("name").asText() + "'",
              annotation.path("expr").asText()));
    }
    return queries;
  }

  /** The query variables' definitions, e.g. {@code label_values(sg_run_info, run_namespace)}. */
  List<Query> variableQueries() {
    List<Query> queries = new ArrayList<>();
    for (JsonNode variable : json.path("templating").path("list")) {
      if ("query".equals(variable.path("type").asText())) {
        queries.add(
            new Query(
                name() + " variable " + variable.path("name").asText(),
                variable.path("definition").asText()));
      }
    }
    return queries;
  }
}
