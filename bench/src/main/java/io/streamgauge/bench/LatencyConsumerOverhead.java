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
 * the same pre-filled topic (5 million 200 B records written by the load generator, with its
 * headers), alternating rounds. Reports records/s and CPU-seconds per million records. Run with
 * {@code make bench-latency-consumer}.
 */
public final class LatencyConsumerOverhead {

  private static final long RECORDS = 5_000_000;
  private static final int RECORD_SIZE = 200;
  private static final int PARTITIONS = 12;
  private static final int ROUNDS = 3;
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
          List.of(broker.bootstrapServers(), "prefilled", String.valueOf(RECORDS));
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
              "Each contender runs in its own JVM (-Xmx1g), read_committed, a fresh group from the earliest offset, and is timed from its first record to its %,d-th; CPU is the whole process's CPU time over the same span. "
                  .formatted(RECORDS))
          .append(
              "The latency consumer times every record into HdrHistograms and tracks every sequence number for integrity; the third column turns integrity off (`integrity: false`), so the trace header is never read. Rounds alternate.\n\n")
          .append(
              "| round | plain rec/s | latency consumer rec/s | without integrity rec/s | plain CPU-s / M | latency consumer CPU-s / M (overhead) | without integrity CPU-s / M (overhead) |\n|---|---|---|---|---|---|---|\n");
      for (int i = 0; i < ROUNDS; i++) {
        report.append(row(String.valueOf(i + 1), plain.get(i), full.get(i), latencyOnly.get(i)));
      }
      report.append(row("**mean**", mean(plain), mean(full), mean(latencyOnly)));
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
