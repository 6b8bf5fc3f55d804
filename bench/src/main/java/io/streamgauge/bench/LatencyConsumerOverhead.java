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
      List<JsonNode> ours = new ArrayList<>();
      List<String> args3 = List.of(broker.bootstrapServers(), "prefilled", String.valueOf(RECORDS));
      for (int round = 1; round <= ROUNDS; round++) {
        plain.add(child(PlainConsumerLoop.class.getName(), args3));
        ours.add(child(LatencyConsumerLoop.class.getName(), args3));
        System.err.println(
            "round "
                + round
                + ": plain "
                + plain.get(round - 1)
                + " latency consumer "
                + ours.get(round - 1));
      }
      report
          .append(
              BenchHeader.of(
                  "Latency consumer vs a plain KafkaConsumer loop", "make bench-latency-consumer"))
          .append(
              "One topic of %d partitions pre-filled with %,d records of %d B (load generator, with its headers). "
                  .formatted(PARTITIONS, RECORDS, RECORD_SIZE))
          .append(
              "Each contender runs in its own JVM (-Xmx1g), read_committed, a fresh group from the earliest offset, and is timed from its first record to its %,d-th; CPU is the whole process's CPU time over the same span. "
                  .formatted(RECORDS))
          .append(
              "The latency consumer times every record into an HdrHistogram, updates its Prometheus series and tracks every sequence number for integrity. Rounds alternate.\n\n")
          .append(
              "| round | plain rec/s | latency consumer rec/s | plain CPU-s / M | latency consumer CPU-s / M | CPU overhead |\n|---|---|---|---|---|---|\n");
      double plainCpuTotal = 0;
      double oursCpuTotal = 0;
      double plainRate = 0;
      double oursRate = 0;
      for (int i = 0; i < ROUNDS; i++) {
        double pr = rate(plain.get(i));
        double or = rate(ours.get(i));
        double pc = cpuPerMillion(plain.get(i));
        double oc = cpuPerMillion(ours.get(i));
        plainCpuTotal += pc;
        oursCpuTotal += oc;
        plainRate += pr;
        oursRate += or;
        report.append(
            "| %d | %,.0f | %,.0f | %.3f | %.3f | %+.1f%% |\n"
                .formatted(i + 1, pr, or, pc, oc, (oc / pc - 1) * 100));
      }
      report.append(
          "| **mean** | **%,.0f** | **%,.0f** | **%.3f** | **%.3f** | **%+.1f%%** |\n"
              .formatted(
                  plainRate / ROUNDS,
                  oursRate / ROUNDS,
                  plainCpuTotal / ROUNDS,
                  oursCpuTotal / ROUNDS,
                  (oursCpuTotal / plainCpuTotal - 1) * 100));
    }
    Files.createDirectories(output.toAbsolutePath().getParent());
    Files.writeString(output, report.toString());
    System.out.println(report);
  }

  private static JsonNode child(String mainClass, List<String> args) throws Exception {
    JavaProcess.Output out = JavaProcess.run(mainClass, args, Map.of(), 1200);
    return JSON.readTree(out.stdout().strip().lines().reduce((a, b) -> b).orElseThrow());
  }

  private static double rate(JsonNode r) {
    return r.get("records").asDouble() / r.get("seconds").asDouble();
  }

  private static double cpuPerMillion(JsonNode r) {
    return r.get("cpuSeconds").asDouble() / (r.get("records").asDouble() / 1e6);
  }
}
