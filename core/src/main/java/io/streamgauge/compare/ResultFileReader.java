package io.streamgauge.compare;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.streamgauge.common.DocumentReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads one side of a comparison from the file system: a result file (a local {@code result.json},
 * or a BenchmarkRun saved with {@code kubectl get -o json|yaml}), a run directory holding {@code
 * result.json}, or a directory of repetitions whose subdirectories each hold one.
 */
public final class ResultFileReader {

  /** The file a run directory holds. */
  public static final String RESULT_FILE = "result.json";

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final ObjectMapper JSON = new ObjectMapper();

  private ResultFileReader() {}

  /**
   * The runs at {@code path}, repetitions in the order of their directory names (numbers by value).
   *
   * @throws ComparedRun.NotAResultException when the path is missing, unreadable, or holds no run
   *     with a summary; the message names the file
   */
  public static List<ComparedRun> read(Path path) {
    if (Files.isRegularFile(path)) {
      return List.of(readFile(path));
    }
    if (!Files.isDirectory(path)) {
      throw new ComparedRun.NotAResultException(path + ": no such file or directory");
    }
    Path own = path.resolve(RESULT_FILE);
    if (Files.isRegularFile(own)) {
      return List.of(readFile(own));
    }
    List<ComparedRun> runs = new ArrayList<>();
    for (Path dir : subdirectories(path)) {
      if (Files.isRegularFile(dir.resolve(RESULT_FILE))) {
        runs.add(readFile(dir.resolve(RESULT_FILE)));
      }
    }
    if (runs.isEmpty()) {
      throw new ComparedRun.NotAResultException(
          path + ": no " + RESULT_FILE + " in it or in its subdirectories");
    }
    return runs;
  }

  private static ComparedRun readFile(Path file) {
    try {
      ObjectMapper parser = file.toString().endsWith(".json") ? JSON : YAML;
      JsonNode document = parser.readTree(Files.readString(file));
      if (document == null || !document.isObject()) {
        throw new ComparedRun.NotAResultException(file + ": not a JSON or YAML object");
      }
      return ComparedRun.of(file.toString(), document);
    } catch (JacksonException e) {
      throw new ComparedRun.NotAResultException(
          file
              + ": not "
              + (file.toString().endsWith(".json") ? "JSON " : "YAML or JSON ")
              + DocumentReader.parseProblem(e));
    } catch (IOException e) {
      throw new ComparedRun.NotAResultException(file + ": cannot read: " + e.getMessage());
    }
  }

  private static List<Path> subdirectories(Path dir) {
    try (Stream<Path> children = Files.list(dir)) {
      return children
          .filter(Files::isDirectory)
          .sorted(Comparator.comparing(ResultFileReader::numberFirst))
          .toList();
    } catch (IOException e) {
      throw new ComparedRun.NotAResultException(dir + ": cannot list: " + e.getMessage());
    }
  }

  /** Sorts "2" before "10": names of digits by value, padded, before other names. */
  private static String numberFirst(Path p) {
    String name = p.getFileName().toString();
    return name.matches("\\d{1,18}") ? String.format("0%019d", Long.parseLong(name)) : "1" + name;
  }
}
