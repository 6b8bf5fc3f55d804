package io.streamgauge.loadgen;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.common.QuietKafkaLogging;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code load-generator} command. Reads the workload from {@code --workload FILE} or the {@code
 * STREAMGAUGE_WORKLOAD} environment variable, runs it, and prints one JSON report line on stdout.
 * Exit codes: 0 all records sent; 1 some records failed or were never sent; 2 bad workload; 3 Kafka
 * unreachable or a topic missing. SIGTERM stops the run, flushes, and still prints the report.
 */
@Command(
    name = "load-generator",
    mixinStandardHelpOptions = true,
    description = "Open-loop fixed-rate Kafka producer for Streamgauge benchmarks.")
public final class Main implements Callable<Integer> {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Option(
      names = {"-w", "--workload"},
      paramLabel = "FILE",
      description = "Workload document (YAML or JSON). Default: $" + WorkloadReader.ENV + ".")
  private Path workloadFile;

  public static void main(String[] args) {
    QuietKafkaLogging.apply();
    System.exit(new CommandLine(new Main()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    try {
      Workload workload = read();
      List<String> problems = WorkloadValidator.problems(workload);
      if (!problems.isEmpty()) {
        problems.forEach(p -> System.err.println("load-generator: workload: " + p));
        return 2;
      }
      LoadRun run = new LoadRun(workload, System.err);
      CountDownLatch reported = new CountDownLatch(1);
      Thread hook =
          new Thread(
              () -> {
                try {
                  run.stop(Duration.ofSeconds(60));
                  reported.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              },
              "load-generator-shutdown");
      Runtime.getRuntime().addShutdownHook(hook);
      Report report;
      try {
        report = run.execute();
        System.out.println(JSON.writeValueAsString(report));
        System.out.flush();
      } finally {
        reported.countDown();
      }
      if (report.failed() > 0 || report.unsent() > 0) {
        System.err.println(
            "load-generator: "
                + report.failed()
                + " records failed and "
                + report.unsent()
                + " were never sent (fell behind); last error: "
                + report.lastError());
        return 1;
      }
      return 0;
    } catch (WorkloadException e) {
      System.err.println("load-generator: " + e.getMessage());
      return e.exitCode();
    }
  }

  private Workload read() {
    if (workloadFile != null) {
      return WorkloadReader.fromFile(workloadFile);
    }
    String text = System.getenv(WorkloadReader.ENV);
    if (text == null || text.isBlank()) {
      throw new WorkloadException(
          2, "no workload: pass --workload FILE or set " + WorkloadReader.ENV);
    }
    return WorkloadReader.parse(text, "$" + WorkloadReader.ENV);
  }
}
