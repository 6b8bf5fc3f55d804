package io.streamgauge.bench;

import io.streamgauge.common.QuietKafkaLogging;
import io.streamgauge.loadgen.Main;
import io.streamgauge.testing.ChildJvm;
import io.streamgauge.testing.kafka.KafkaBroker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * What the load generator's trace header costs the wordcount topology, which copies every input
 * record's headers onto each word it emits, through the repartition and changelog topics to the
 * output: the reference app (exactly-once, commit every 100 ms, its own JVM) works through the same
 * backlog of text lines with and without the header, in alternating rounds. Reports lines per
 * second, CPU seconds per 10,000 lines (from {@code /proc}) and the bytes the run wrote to the
 * broker, each with the ratio with/without. Writes a Markdown report.
 *
 * <p>Run with {@code make bench-trace-header}.
 */
public final class TraceHeaderCost {

  private static final long LINES = 200_000;
  private static final int PARTITIONS = 12;
  private static final int ROUNDS = 3;
  private static final Duration POLL = Duration.ofMillis(200);
  private static final Duration TIMEOUT = Duration.ofMinutes(10);
  private static final double CLOCK_TICKS_PER_SECOND = 100.0;

  /** One run of the app through the backlog. */
  private record Pass(boolean trace, double linesPerSecond, double cpuPer10kLines, long bytes) {}

  private TraceHeaderCost() {}

  public static void main(String[] args) throws Exception {
    QuietKafkaLogging.apply();
    Path output = Path.of(args.length > 0 ? args[0] : "bench/results/trace-header.md");
    List<Pass> passes = new ArrayList<>();
    try (KafkaBroker broker = KafkaBroker.start()) {
      for (int round = 1; round <= ROUNDS; round++) {
        for (boolean trace : new boolean[] {round % 2 == 1, round % 2 == 0}) {
          Pass pass = pass(broker, (trace ? "with" : "without") + "-" + round, trace);
          passes.add(pass);
          log(
              "round %d %s header: %.0f lines/s, %.3f CPU-s per 10k lines, %,d bytes",
              round,
              trace ? "with" : "without",
              pass.linesPerSecond(),
              pass.cpuPer10kLines(),
              pass.bytes());
        }
      }
    }
    String report = report(passes);
    Files.createDirectories(output.toAbsolutePath().getParent());
    Files.writeString(output, report);
    System.out.println(report);
  }

  private static Pass pass(KafkaBroker broker, String name, boolean trace) throws Exception {
    String input = "in-" + name;
    String app = "wc-" + name;
    broker.createTopic(input, PARTITIONS);
    broker.createTopic("out-" + name, PARTITIONS);
    prepopulate(broker, input, trace);
    Path log = Files.createTempFile("wordcount", ".log");
    Process process =
        ChildJvm.start(
            io.streamgauge.apps.Main.class.getName(),
            List.of(),
            "-Xmx1g",
            Map.of(
                "STREAMGAUGE_APP_SCENARIO",
                "wordcount",
                "STREAMGAUGE_APP_BOOTSTRAP_SERVERS",
                broker.bootstrapServers(),
                "STREAMGAUGE_APP_APPLICATION_ID",
                app,
                "STREAMGAUGE_APP_PROCESSING_GUARANTEE",
                "exactly_once_v2",
                "STREAMGAUGE_APP_COMMIT_INTERVAL_MS",
                "100",
                "STREAMGAUGE_APP_TOPIC_INPUT",
                input,
                "STREAMGAUGE_APP_TOPIC_OUTPUT",
                "out-" + name,
                "STREAMGAUGE_APP_METRICS_PORT",
                "-1"),
            log,
            log);
    try (Admin admin = broker.admin()) {
      Instant deadline = Instant.now().plus(TIMEOUT);
      long firstCommitted = 0;
      Instant firstAt = null;
      double firstCpu = 0;
      while (Instant.now().isBefore(deadline)) {
        if (!process.isAlive()) {
          throw new IllegalStateException("the app exited: " + Files.readString(log));
        }
        long committed = committed(admin, app, input);
        if (firstAt == null && committed > 0) {
          firstAt = Instant.now();
          firstCommitted = committed;
          firstCpu = cpuSeconds(process);
        }
        if (committed >= LINES) {
          double seconds = Duration.between(firstAt, Instant.now()).toMillis() / 1000.0;
          double cpu = cpuSeconds(process) - firstCpu;
          long lines = LINES - firstCommitted;
          return new Pass(trace, lines / seconds, cpu / lines * 10_000, bytesWritten(admin, name));
        }
        Thread.sleep(POLL.toMillis());
      }
      throw new IllegalStateException("the app did not finish in " + TIMEOUT);
    } finally {
      process.destroyForcibly().waitFor();
      Files.deleteIfExists(log);
    }
  }

  /** The wordcount scenario's input: text lines of 50-1000 B (mean 200) over 10,000 keys. */
  private static void prepopulate(KafkaBroker broker, String topic, boolean trace)
      throws Exception {
    String workload =
        """
        bootstrapServers: %s
        producerId: bench
        mode: prepopulate
        metricsPort: -1
        trace: %s
        topics:
        - {name: %s, prepopulateRecords: %d, record: {format: text, valueSize: {min: 50, max: 1000, mean: 200}, keys: 10000}}
        """
            .formatted(broker.bootstrapServers(), trace, topic, LINES);
    JavaProcess.run(Main.class.getName(), List.of(), Map.of("STREAMGAUGE_WORKLOAD", workload), 600);
  }

  private static long committed(Admin admin, String group, String topic) throws Exception {
    Map<TopicPartition, OffsetAndMetadata> offsets =
        admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
    return offsets.entrySet().stream()
        .filter(e -> e.getKey().topic().equals(topic) && e.getValue() != null)
        .mapToLong(e -> e.getValue().offset())
        .sum();
  }

  /** Bytes on the broker's disk of every topic of the pass (input, internal topics, output). */
  private static long bytesWritten(Admin admin, String name) throws Exception {
    Collection<Integer> brokers =
        admin.describeCluster().nodes().get().stream().map(n -> n.id()).toList();
    long bytes = 0;
    for (var perBroker : admin.describeLogDirs(brokers).allDescriptions().get().values()) {
      for (var dir : perBroker.values()) {
        for (var replica : dir.replicaInfos().entrySet()) {
          if (replica.getKey().topic().contains(name)) {
            bytes += replica.getValue().size();
          }
        }
      }
    }
    return bytes;
  }

  /** The process's user + system CPU time, from {@code /proc/<pid>/stat}. */
  private static double cpuSeconds(Process process) throws Exception {
    String stat = Files.readString(Path.of("/proc/" + process.pid() + "/stat"));
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    // After the command: state is field 3, utime field 14, stime field 15 (1-based).
    return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / CLOCK_TICKS_PER_SECOND;
  }

  private static String report(List<Pass> passes) {
    StringBuilder md =
        new StringBuilder(
            BenchHeader.of(
                "Trace header cost on wordcount (reference Kafka Streams app, exactly-once)",
                "make bench-trace-header"));
    md.append(
        "Each pass: %,d text lines (50-1000 B, mean 200; the wordcount scenario's input) prepopulated on a topic of %d partitions, with or without the load generator's trace header (`sg`, %s); then the reference app (exactly_once_v2, commit.interval.ms=100, -Xmx1g, its own JVM) works through the backlog. Timed from the first commit to the last input offset committed; CPU from /proc (user + system); bytes = the pass's topics on the broker's disk (input, repartition, changelog, output). Passes alternate.\n\n"
            .formatted(LINES, PARTITIONS, "sequence and stream id"));
    md.append(
        "| pass | header | lines/s | CPU-s per 10k lines | bytes on disk |\n|---|---|---|---|---|\n");
    for (int i = 0; i < passes.size(); i++) {
      Pass p = passes.get(i);
      md.append(
          "| %d | %s | %,.0f | %.3f | %,d |\n"
              .formatted(
                  i + 1,
                  p.trace() ? "with" : "without",
                  p.linesPerSecond(),
                  p.cpuPer10kLines(),
                  p.bytes()));
    }
    double withRate = median(passes, true, Pass::linesPerSecond);
    double withoutRate = median(passes, false, Pass::linesPerSecond);
    double withCpu = median(passes, true, Pass::cpuPer10kLines);
    double withoutCpu = median(passes, false, Pass::cpuPer10kLines);
    double withBytes = median(passes, true, p -> (double) p.bytes());
    double withoutBytes = median(passes, false, p -> (double) p.bytes());
    md.append(
        "\n| median | with header | without | with / without |\n|---|---|---|---|\n"
            + "| lines/s | %,.0f | %,.0f | %.3f |\n"
                .formatted(withRate, withoutRate, withRate / withoutRate)
            + "| CPU-s per 10k lines | %.3f | %.3f | %.3f |\n"
                .formatted(withCpu, withoutCpu, withCpu / withoutCpu)
            + "| bytes on disk | %,.0f | %,.0f | %.3f |\n"
                .formatted(withBytes, withoutBytes, withBytes / withoutBytes));
    return md.toString();
  }

  private static double median(List<Pass> passes, boolean trace, ToDoubleFunction<Pass> value) {
    double[] values =
        passes.stream().filter(p -> p.trace() == trace).mapToDouble(value).sorted().toArray();
    return values.length % 2 == 1
        ? values[values.length / 2]
        : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
  }

  private static void log(String format, Object... args) {
    System.err.println(String.format(Locale.ROOT, format, args));
  }
}
