package io.streamgauge.testing.controlplane;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where tests find the repository's files and the third-party CRDs. Third-party CRDs are never
 * copied into the repository: they are read from {@code ../shared/} beside the checkout, or from
 * the directories named by {@code STRIMZI_CRDS_DIR} and {@code PROMETHEUS_OPERATOR_CRDS_DIR}.
 */
public final class TestPaths {

  private TestPaths() {}

  /** The repository root (Maven passes it as {@code streamgauge.repo.dir}). */
  public static Path repoDir() {
    return Path.of(System.getProperty("streamgauge.repo.dir", "..")).toAbsolutePath().normalize();
  }

  /**
   * Where {@code make tools} put the Kubernetes binaries, kwok and helm: {@code bin/} of the
   * repository, or {@code STREAMGAUGE_BIN_DIR}.
   */
  public static Path binDir() {
    String fromEnv = System.getenv("STREAMGAUGE_BIN_DIR");
    if (fromEnv != null && !fromEnv.isBlank()) {
      return Path.of(fromEnv);
    }
    return Path.of(System.getProperty("streamgauge.bin.dir", "bin")).toAbsolutePath();
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

  /** Strimzi 0.50.0's CRDs. */
  public static Path strimziCrdsDir() {
    return dirFromEnv("STRIMZI_CRDS_DIR", repoDir().resolve("../shared/strimzi-crds/0.50.0"));
  }

  /** The prometheus-operator CRDs: PodMonitor (the operator's) and ServiceMonitor (the chart's). */
  public static Path prometheusOperatorCrdsDir() {
    return dirFromEnv(
        "PROMETHEUS_OPERATOR_CRDS_DIR",
        repoDir().resolve("../shared/prometheus-operator-crds/v0.89.0"));
  }

  /** The YAML and JSON files directly inside {@code dir}, sorted by name. */
  public static List<Path> yamlOrJsonFiles(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.toString().matches(".*\\.(ya?ml|json)$")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
  }

  /** The YAML files directly inside {@code dir}, sorted by name. */
  public static List<Path> yamlFiles(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.toString().matches(".*\\.ya?ml$")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
  }

  private static Path dirFromEnv(String env, Path fallback) {
    String value = System.getenv(env);
    Path dir = value == null || value.isBlank() ? fallback : Path.of(value);
    dir = dir.toAbsolutePath().normalize();
    if (!Files.isDirectory(dir)) {
      throw new IllegalStateException(
          dir
              + " does not exist: set "
              + env
              + " to a directory holding those CRDs (`make"
              + " third-party-crds` downloads them)");
    }
    return dir;
  }
}
