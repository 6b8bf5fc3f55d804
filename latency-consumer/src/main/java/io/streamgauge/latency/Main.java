package io.streamgauge.latency;

import io.streamgauge.common.DocumentReader;
import io.streamgauge.common.QuietKafkaLogging;
import io.streamgauge.common.TopicCheck;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code latency-consumer} command. Reads settings from {@code --config FILE} or the {@code
 * STREAMGAUGE_LATENCY} environment variable and runs until SIGTERM, when the final results go to
 * stdout (one JSON line) and to {@code resultsFile} if set. Exit codes: 2 bad settings; 3 Kafka
 * unreachable or a topic missing.
 */
@Command(
    name = "latency-consumer",
    mixinStandardHelpOptions = true,
    description = "End-to-end latency and integrity consumer for Streamgauge benchmarks.")
public final class Main implements Callable<Integer> {

  /** Environment variable that may hold the whole settings document. */
  public static final String ENV = "STREAMGAUGE_LATENCY";

  @Option(
      names = {"-c", "--config"},
      paramLabel = "FILE",
      description = "Settings document (YAML or JSON). Default: $" + ENV + ".")
  private Path configFile;

  public static void main(String[] args) {
    QuietKafkaLogging.apply();
    System.exit(new CommandLine(new Main()).execute(args));
  }

  @Override
  public Integer call() throws IOException {
    LatencySettings settings;
    try {
      settings = read();
    } catch (DocumentReader.DocumentException | IOException e) {
      System.err.println("latency-consumer: " + e.getMessage());
      return 2;
    }
    List<String> problems = SettingsValidator.problems(settings);
    if (!problems.isEmpty()) {
      problems.forEach(p -> System.err.println("latency-consumer: settings: " + p));
      return 2;
    }
    LatencyRun run = new LatencyRun(settings, System.err);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(() -> finish(run, settings.resultsFile()), "latency-consumer-shutdown"));
    try {
      run.run();
      return 0;
    } catch (TopicCheck.TopicCheckException e) {
      System.err.println("latency-consumer: " + e.getMessage());
      return 3;
    } catch (IllegalArgumentException e) {
      System.err.println("latency-consumer: " + e.getMessage());
      return 2;
    }
  }

  /** On SIGTERM: stop polling, then write the final results to stdout and the results file. */
  private static void finish(LatencyRun run, String resultsFile) {
    if (!run.hasStarted()) {
      return;
    }
    try {
      run.stop(Duration.ofSeconds(10));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    String results = run.resultsJson();
    System.out.println(results);
    System.out.flush();
    if (resultsFile != null) {
      try {
        Files.writeString(Path.of(resultsFile), results + "\n");
      } catch (IOException e) {
        System.err.println("latency-consumer: cannot write " + resultsFile + ": " + e.getMessage());
      }
    }
  }

  private LatencySettings read() throws IOException {
    if (configFile != null) {
      if (!Files.exists(configFile)) {
        throw new IOException("settings file " + configFile + " does not exist");
      }
      return DocumentReader.parse(
          Files.readString(configFile), configFile.toString(), LatencySettings.class);
    }
    String text = System.getenv(ENV);
    if (text == null || text.isBlank()) {
      throw new IOException("no settings: pass --config FILE or set " + ENV);
    }
    return DocumentReader.parse(text, "$" + ENV, LatencySettings.class);
  }
}
