package io.streamgauge.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.loadgen.Main;
import io.streamgauge.testing.kafka.KafkaBroker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The load generator's ceiling against Kafka's own {@code ProducerPerformance}, side by side on one
 * broker in one run, with the same record size, acks, batch size and linger; then how well the
 * generator holds 25%, 50% and 75% of its ceiling. Writes a Markdown report.
 *
 * <p>Run with {@code make bench-load-generator}.
 */
public final class LoadGeneratorCeiling {

  private static final int RECORD_SIZE = 1024;
  private static final long RECORDS = 2_000_000;
  private static final int PARTITIONS = 12;
  private static final int ROUNDS = 3;
  private static final int HOLD_SECONDS = 20;
  private static final String ACKS = "1";
  private static final String BATCH_SIZE = "65536";
  private static final String LINGER_MS = "5";
  private static final Pattern PERF_RATE = Pattern.compile("([0-9.]+) records/sec \\(");
  private static final ObjectMapper JSON = new ObjectMapper();

  private LoadGeneratorCeiling() {}

  public static void main(String[] args) throws Exception {
    Path output = Path.of(args.length > 0 ? args[0] : "bench/results/load-generator.md");
    StringBuilder report = new StringBuilder();
    try (KafkaBroker broker = KafkaBroker.start()) {
      List<Double> perf = new ArrayList<>();
      List<Double> ours = new ArrayList<>();
      for (int round = 1; round <= ROUNDS; round++) {
        perf.add(producerPerformance(broker, "pp-" + round));
        ours.add(loadGeneratorCeiling(broker, "lg-" + round));
        log(
            "round %d: ProducerPerformance %.0f rec/s, load generator %.0f rec/s",
            round, perf.get(round - 1), ours.get(round - 1));
      }
      double perfBest = perf.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
      double oursBest = ours.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
      report
          .append(
              BenchHeader.of(
                  "Load generator ceiling vs Kafka ProducerPerformance",
                  "make bench-load-generator"))
          .append(
              "Records: %,d × %d B, topic of %d partitions, acks=%s, batch.size=%s, linger.ms=%s, no compression. "
                  .formatted(RECORDS, RECORD_SIZE, PARTITIONS, ACKS, BATCH_SIZE, LINGER_MS))
          .append(
              "The load generator stamps its trace header (sequence number and stream id) and the intended timestamp on every record, uses 10,000 keys and picks partitions itself; ProducerPerformance sends keyless records. Rounds alternate the two tools.\n\n")
          .append(
              "## Ceiling (records/s)\n\n| round | ProducerPerformance | load generator | ratio |\n|---|---|---|---|\n");
      for (int i = 0; i < ROUNDS; i++) {
        report.append(
            "| %d | %,.0f | %,.0f | %.3f |\n"
                .formatted(i + 1, perf.get(i), ours.get(i), ours.get(i) / perf.get(i)));
      }
      report.append(
          "| **best** | **%,.0f** | **%,.0f** | **%.3f** |\n\n"
              .formatted(perfBest, oursBest, oursBest / perfBest));
      report.append(
          "## Holding a fraction of the ceiling (%d s each, run mode)\n\n| target | target rec/s | achieved rec/s | achieved / target | publish delay p50 ms | p99 ms | max ms |\n|---|---|---|---|---|---|---|\n"
              .formatted(HOLD_SECONDS));
      for (double fraction : new double[] {0.25, 0.5, 0.75}) {
        double target = Math.floor(oursBest * fraction);
        JsonNode held = hold(broker, "hold-" + (int) (fraction * 100), target);
        report.append(
            "| %d%% | %,.0f | %,.0f | %.4f | %.3f | %.3f | %.3f |\n"
                .formatted(
                    (int) (fraction * 100),
                    target,
                    held.get("achievedRate").asDouble(),
                    held.get("achievedRate").asDouble() / target,
                    held.get("publishDelayP50Ms").asDouble(),
                    held.get("publishDelayP99Ms").asDouble(),
                    held.get("publishDelayMaxMs").asDouble()));
        log("held %.0f%%: %s", fraction * 100, held);
      }
    }
    Files.createDirectories(output.toAbsolutePath().getParent());
    Files.writeString(output, report.toString());
    System.out.println(report);
  }

  private static double producerPerformance(KafkaBroker broker, String topic) throws Exception {
    broker.createTopic(topic, PARTITIONS);
    JavaProcess.Output out =
        JavaProcess.run(
            "org.apache.kafka.tools.ProducerPerformance",
            List.of(
                "--topic",
                topic,
                "--num-records",
                String.valueOf(RECORDS),
                "--record-size",
                String.valueOf(RECORD_SIZE),
                "--throughput",
                "-1",
                "--producer-props",
                "bootstrap.servers=" + broker.bootstrapServers(),
                "acks=" + ACKS,
                "batch.size=" + BATCH_SIZE,
                "linger.ms=" + LINGER_MS),
            Map.of(),
            600);
    String last = out.stdout().strip().lines().reduce((a, b) -> b).orElseThrow();
    Matcher m = PERF_RATE.matcher(last);
    if (!m.find()) {
      throw new IllegalStateException("unexpected ProducerPerformance output: " + last);
    }
    return Double.parseDouble(m.group(1));
  }

  private static double loadGeneratorCeiling(KafkaBroker broker, String topic) throws Exception {
    broker.createTopic(topic, PARTITIONS);
    String workload =
        """
        bootstrapServers: %s
        producerId: bench
        mode: prepopulate
        metricsPort: -1
        producerConfig: {acks: "%s", batch.size: "%s", linger.ms: "%s"}
        topics:
        - {name: %s, prepopulateRecords: %d, record: {format: string, valueSize: {fixed: %d}, keys: 10000}}
        """
            .formatted(
                broker.bootstrapServers(),
                ACKS,
                BATCH_SIZE,
                LINGER_MS,
                topic,
                RECORDS,
                RECORD_SIZE);
    return runLoadGenerator(workload).get("achievedRate").asDouble();
  }

  private static JsonNode hold(KafkaBroker broker, String topic, double rate) throws Exception {
    broker.createTopic(topic, PARTITIONS);
    String workload =
        """
        bootstrapServers: %s
        producerId: bench
        duration: %ds
        metricsPort: -1
        producerConfig: {acks: "%s", batch.size: "%s", linger.ms: "%s"}
        topics:
        - {name: %s, ratePerSecond: %s, record: {format: string, valueSize: {fixed: %d}, keys: 10000}}
        """
            .formatted(
                broker.bootstrapServers(),
                HOLD_SECONDS,
                ACKS,
                BATCH_SIZE,
                LINGER_MS,
                topic,
                String.format(Locale.ROOT, "%.0f", rate),
                RECORD_SIZE);
    return runLoadGenerator(workload);
  }

  private static JsonNode runLoadGenerator(String workload) throws Exception {
    JavaProcess.Output out =
        JavaProcess.run(
            Main.class.getName(), List.of(), Map.of("STREAMGAUGE_WORKLOAD", workload), 600);
    return JSON.readTree(out.stdout().strip().lines().reduce((a, b) -> b).orElseThrow());
  }

  private static void log(String format, Object... args) {
    System.err.println(String.format(Locale.ROOT, format, args));
  }
}
