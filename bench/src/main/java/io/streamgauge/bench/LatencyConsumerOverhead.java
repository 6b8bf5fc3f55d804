package io.streamgauge.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.loadgen.Main;
import io.streamgauge.testing.kafka.KafkaBroker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The latency consumer's cost against a plain {@code KafkaConsumer} poll loop, side by side over
 * the same pre-filled topic (8 million 200 B records written by the load generator, with its
 * headers; the first 2 million warm each contender up), alternating rounds. Reports records/s and
 * CPU-seconds per million records. Run with {@code make bench-latency-consumer}.
 */
public final class LatencyConsumerOverhead {

  private static final long RECORDS = 8_000_000;
  private static final long WARMUP_RECORDS = 2_000_000;
  private static final int RECORD_SIZE = 200;
  private static final int PARTITIONS = 12;
  private static final int ROUNDS = 12;
  private static final ObjectMapper JSON = new ObjectMapper();

  private LatencyConsumerOverhead() {}

  public static void main(String[] args) throws Exception {
    Path output = Path.of(args.length > 0 ? args[0] : "bench/results/latency-consumer.md");
    StringBuilder report = new StringBuilder();
    try (KafkaBroker broker = KafkaBroker.start()) {
      broker.createTopic("prefilled", PARTITIONS);
      String workload =
          """
          bootstrapServers: %s
          producerId: prefill
          mode: prepopulate
          metricsPort: -1
          producerConfig: {acks: "1", batch.size: "65536", linger.ms: "5"}
          topics:
          - {name: prefilled, prepopulateRecords: %d, record: {format: string, valueSize: {fixed: %d}, keys: 10000}}
          """
              .formatted(broker.bootstrapServers(), RECORDS, RECORD_SIZE);
      JavaProcess.run(
          Main.class.getName(), List.of(), Map.of("STREAMGAUGE_WORKLOAD", workload), 1200);
      System.err.println("prefilled " + RECORDS + " records");
      List<JsonNode> plain = new ArrayList<>();
      List<JsonNode> full = new ArrayList<>();
      List<JsonNode> latencyOnly = new ArrayList<>();
      List<String> childArgs =
          List.of(
              broker.bootstrapServers(),
              "prefilled",
              String.valueOf(WARMUP_RECORDS),
              String.valueOf(RECORDS));
      for (int round = 1; round <= ROUNDS; round++) {
        plain.add(child(PlainConsumerLoop.class.getName(), childArgs));
        full.add(child(LatencyConsumerLoop.class.getName(), with(childArgs, "true")));
        latencyOnly.add(child(LatencyConsumerLoop.class.getName(), with(childArgs, "false")));
        System.err.printf(
            "round %d: plain %s, latency consumer %s, without integrity %s%n",
            round, plain.get(round - 1), full.get(round - 1), latencyOnly.get(round - 1));
      }
      report
          .append(
              BenchHeader.of(
                  "Latency consumer vs a plain KafkaConsumer loop", "make bench-latency-consumer"))
          .append(
              "One topic of %d partitions pre-filled with %,d records of %d B (load generator, with its trace header). "
                  .formatted(PARTITIONS, RECORDS, RECORD_SIZE))
          .append(
              "Each contender runs in its own JVM (-Xmx1g), read_committed, a fresh group from the earliest offset; the first %,d records warm it up (JIT compilation, group join) and it is timed from there to the %,d-th. CPU is the whole process's CPU time (all threads, GC and JIT included) over the same span. "
                  .formatted(WARMUP_RECORDS, RECORDS))
          .append(
              "The latency consumer times every record into HdrHistograms and tracks every sequence number for integrity; the third column turns integrity off (`integrity: false`), so the trace header is never read. Reading it costs what the Kafka client charges for any header: on first access it decodes the key into a String and copies the value, per record (JFR puts most of the difference there). Rounds alternate.\n\n")
          .append(
              "| round | plain rec/s | latency consumer rec/s | without integrity rec/s | plain CPU-s / M | latency consumer CPU-s / M (overhead) | without integrity CPU-s / M (overhead) |\n|---|---|---|---|---|---|---|\n");
      for (int i = 0; i < ROUNDS; i++) {
        report.append(row(String.valueOf(i + 1), plain.get(i), full.get(i), latencyOnly.get(i)));
      }
      report.append(row("**mean**", mean(plain), mean(full), mean(latencyOnly)));
      report
          .append("\nCPU overhead per round, over the ")
          .append(ROUNDS)
          .append(" rounds: latency consumer ")
          .append(overheadSummary(plain, full))
          .append("; without integrity ")
          .append(overheadSummary(plain, latencyOnly))
          .append(
              ". The interval is mean ± 2 standard errors: rounds vary by more than the overhead"
                  + " itself on this 2-core machine, where the broker shares the cores.\n");
    }
    Files.createDirectories(output.toAbsolutePath().getParent());
    Files.writeString(output, report.toString());
    System.out.println(report);
  }

  private static JsonNode child(String mainClass, List<String> args) throws Exception {
    JavaProcess.Output out = JavaProcess.run(mainClass, args, Map.of(), 1200);
    return JSON.readTree(out.stdout().strip().lines().reduce((a, b) -> b).orElseThrow());
  }

  private static String row(String label, JsonNode plain, JsonNode full, JsonNode latencyOnly) {
    double pc = cpuPerMillion(plain);
    double fc = cpuPerMillion(full);
    double lc = cpuPerMillion(latencyOnly);
    return "| %s | %,.0f | %,.0f | %,.0f | %.3f | %.3f (%+.1f%%) | %.3f (%+.1f%%) |\n"
        .formatted(
            label,
            rate(plain),
            rate(full),
            rate(latencyOnly),
            pc,
            fc,
            (fc / pc - 1) * 100,
            lc,
            (lc / pc - 1) * 100);
  }

  /** The mean of several results as one result (total records over total time and CPU). */
  private static JsonNode mean(List<JsonNode> results) {
    double records = 0;
    double seconds = 0;
    double cpu = 0;
    for (JsonNode r : results) {
      records += r.get("records").asDouble();
      seconds += r.get("seconds").asDouble();
      cpu += r.get("cpuSeconds").asDouble();
    }
    return JSON.createObjectNode()
        .put("records", records)
        .put("seconds", seconds)
        .put("cpuSeconds", cpu);
  }

  /**
   * The per-round CPU overhead of the contender over the plain loop of the same round: median, and
   * mean ± 2 standard errors.
   */
  private static String overheadSummary(List<JsonNode> plain, List<JsonNode> contender) {
    double[] overheads = new double[plain.size()];
    for (int i = 0; i < overheads.length; i++) {
      overheads[i] = (cpuPerMillion(contender.get(i)) / cpuPerMillion(plain.get(i)) - 1) * 100;
    }
    java.util.Arrays.sort(overheads);
    int n = overheads.length;
    double median = n % 2 == 1 ? overheads[n / 2] : (overheads[n / 2 - 1] + overheads[n / 2]) / 2;
    double mean = java.util.Arrays.stream(overheads).average().orElse(0);
    double variance =
        java.util.Arrays.stream(overheads).map(o -> (o - mean) * (o - mean)).sum()
            / Math.max(1, n - 1);
    double twoErrors = 2 * Math.sqrt(variance / n);
    return "median %+.1f%%, mean %+.1f%% ± %.1f".formatted(median, mean, twoErrors);
  }

  private static List<String> with(List<String> args, String last) {
    List<String> all = new ArrayList<>(args);
    all.add(last);
    return all;
  }

  private static double rate(JsonNode r) {
    return r.get("records").asDouble() / r.get("seconds").asDouble();
  }

  private static double cpuPerMillion(JsonNode r) {
    return r.get("cpuSeconds").asDouble() / (r.get("records").asDouble() / 1e6);
  }
}
