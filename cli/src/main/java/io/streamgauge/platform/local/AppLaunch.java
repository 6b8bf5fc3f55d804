package io.streamgauge.platform.local;

import io.streamgauge.scenario.ReferenceRuntime;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How local mode starts the app under test. Every kind gets the same environment: the settings as
 * {@code STREAMGAUGE_APP_*} variables and the JVM options in {@code JDK_JAVA_OPTIONS}.
 */
public sealed interface AppLaunch {

  /** How it is described in reports. */
  String describe();

  /** The command line. */
  List<String> command();

  /** Variables the command needs besides the app's settings (the reference app's class path). */
  default Map<String, String> environment() {
    return Map.of();
  }

  /** True when it listens on a metrics port of its own choosing (so the spec's port is used). */
  boolean fixedMetricsPort();

  /**
   * The path on its metrics port that answers 200 once it processes records, when known: the
   * default of {@code spec.app.metrics.readinessPath} for this app.
   */
  default Optional<String> readinessPath() {
    return Optional.empty();
  }

  /**
   * The reference app of {@code runtime}: the Kafka Streams and plain-clients apps from the CLI's
   * own class path, the Flink app from its own jar in the distribution ({@code apps/flink-app.jar},
   * never on the CLI's class path).
   */
  record ReferenceApp(ReferenceRuntime runtime) implements AppLaunch {
    @Override
    public String describe() {
      return switch (runtime) {
        case KAFKA_STREAMS -> "reference Kafka Streams app (io.streamgauge.apps.Main)";
        case KAFKA_CLIENTS -> "reference plain-clients app (io.streamgauge.clientsapp.Main)";
        case FLINK -> "reference Flink app (" + ReferenceAppJars.flinkApp() + ")";
      };
    }

    @Override
    public List<String> command() {
      return switch (runtime) {
        case KAFKA_STREAMS -> JavaCommand.of("io.streamgauge.apps.Main", List.of(), List.of());
        case KAFKA_CLIENTS ->
            JavaCommand.of("io.streamgauge.clientsapp.Main", List.of(), List.of());
        case FLINK -> JavaCommand.ofJar(ReferenceAppJars.flinkApp(), List.of());
      };
    }

    @Override
    public Map<String, String> environment() {
      return runtime == ReferenceRuntime.FLINK ? Map.of() : JavaCommand.classPath();
    }

    @Override
    public boolean fixedMetricsPort() {
      return false;
    }

    /** {@code /health}, which answers 200 once the app processes records. */
    @Override
    public Optional<String> readinessPath() {
      return Optional.of(ReferenceRuntime.READINESS_PATH);
    }
  }

  /** {@code java -jar <jar>}. */
  record Jar(Path jar) implements AppLaunch {
    @Override
    public String describe() {
      return "java -jar " + jar;
    }

    @Override
    public List<String> command() {
      return JavaCommand.ofJar(jar, List.of());
    }

    @Override
    public boolean fixedMetricsPort() {
      return true;
    }
  }

  /** {@code bash -c <line>}. */
  record Command(String line) implements AppLaunch {
    @Override
    public String describe() {
      return "bash -c '" + line + "'";
    }

    @Override
    public List<String> command() {
      return List.of("bash", "-c", line);
    }

    @Override
    public boolean fixedMetricsPort() {
      return true;
    }
  }
}
