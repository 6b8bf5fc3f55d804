package io.streamgauge.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.compare.ComparedRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Result documents ({@code result.json}): their identity, and the full documents behind compared
 * runs, for the charts: each run read again from the file it came from. A run that did not come
 * from a JSON file (a BenchmarkRun from {@code kubectl get}, which has no histograms) or cannot be
 * read is left out of the charts.
 */
public final class ResultDocuments {

  /** The result document's API version, as a BenchmarkRun's. */
  public static final String API_VERSION = BenchmarkRun.GROUP + "/" + BenchmarkRun.VERSION;

  /**
   * The result document's kind, the same for a local run and a cluster run fetched with {@code
   * streamgauge results fetch} ({@code run.mode} tells them apart).
   */
  public static final String KIND = "BenchmarkResult";

  private static final ObjectMapper JSON = new ObjectMapper();

  private ResultDocuments() {}

  /** The documents of {@code runs} that are JSON files. */
  public static List<JsonNode> of(List<ComparedRun> runs) {
    List<JsonNode> documents = new ArrayList<>();
    for (ComparedRun run : runs) {
      read(Path.of(run.source())).ifPresent(documents::add);
    }
    return documents;
  }

  /** The document in {@code file}, when it is a readable JSON file. */
  public static Optional<JsonNode> read(Path file) {
    if (!file.toString().endsWith(".json") || !Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(JSON.readTree(file.toFile()));
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
