package io.streamgauge.testing.controlplane;

import io.streamgauge.testing.RepoFiles;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the Kubernetes tests find the binaries of {@code make tools} and the third-party CRDs (the
 * repository's own files: {@link RepoFiles}). Third-party CRDs are never copied into the
 * repository: they are read from {@code ../shared/} beside the checkout, or from the directories
 * named by {@code STRIMZI_CRDS_DIR} and {@code PROMETHEUS_OPERATOR_CRDS_DIR}.
 */
public final class TestPaths {

  private TestPaths() {}

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

  /**
   * The {@code streamgauge} distribution ({@code make cli} builds it into cli/target/streamgauge),
   * or the directory {@code streamgauge.dist.dir} names.
   *
   * @throws IllegalStateException saying how to build it when it is missing
   */
  public static Path streamgaugeDistribution() {
    Path dir =
        Path.of(
                System.getProperty(
                    "streamgauge.dist.dir",
                    RepoFiles.repoDir().resolve("cli/target/streamgauge").toString()))
            .toAbsolutePath();
    if (!Files.isExecutable(dir.resolve("bin/streamgauge"))) {
      throw new IllegalStateException(
          "no streamgauge command in "
              + dir
              + ": build it with `make cli` (make test-cluster does)");
    }
    return dir;
  }

  /** Strimzi 0.50.0's CRDs. */
  public static Path strimziCrdsDir() {
    return dirFromEnv(
        "STRIMZI_CRDS_DIR", RepoFiles.repoDir().resolve("../shared/strimzi-crds/0.50.0"));
  }

  /** The prometheus-operator CRDs: PodMonitor (the operator's) and ServiceMonitor (the chart's). */
  public static Path prometheusOperatorCrdsDir() {
    return dirFromEnv(
        "PROMETHEUS_OPERATOR_CRDS_DIR",
        RepoFiles.repoDir().resolve("../shared/prometheus-operator-crds/v0.89.0"));
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
              + " to the directory it names (../shared/ beside the checkout holds them; `make"
              + " third-party-crds` downloads the CRDs)");
    }
    return dir;
  }
}
