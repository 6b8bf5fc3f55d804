package io.streamgauge.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Where tests find the repository's own files: the generated CRDs and the examples. */
public final class RepoFiles {

  private RepoFiles() {}

  /** The repository root (Maven passes it as {@code streamgauge.repo.dir}). */
  public static Path repoDir() {
    return Path.of(System.getProperty("streamgauge.repo.dir", "..")).toAbsolutePath().normalize();
  }

  /** Our generated CRDs, checked in under {@code crds/}. */
  public static Path crdsDir() {
    return repoDir().resolve("crds");
  }

  /** The examples under {@code examples/}: BenchmarkRuns and the manifests they rely on. */
  public static Path examplesDir() {
    return repoDir().resolve("examples");
  }

  /** The example BenchmarkRuns, {@code examples/run-*.yaml}, sorted by name. */
  public static List<Path> exampleRuns() {
    return yamlFiles(examplesDir()).stream()
        .filter(f -> f.getFileName().toString().startsWith("run-"))
        .toList();
  }

  /** The example BenchmarkSuites, {@code examples/suite-*.yaml}, sorted by name. */
  public static List<Path> exampleSuites() {
    return yamlFiles(examplesDir()).stream()
        .filter(f -> f.getFileName().toString().startsWith("suite-"))
        .toList();
  }

  /** The YAML and JSON files directly inside {@code dir}, sorted by name. */
  public static List<Path> yamlOrJsonFiles(Path dir) {
    return list(dir, ".*\\.(ya?ml|json)$");
  }

  /** The YAML files directly inside {@code dir}, sorted by name. */
  public static List<Path> yamlFiles(Path dir) {
    return list(dir, ".*\\.ya?ml$");
  }

  private static List<Path> list(Path dir, String pattern) {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.toString().matches(pattern)).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
  }
}
