package io.streamgauge.bench;

import io.streamgauge.latency.LatencyRun;
import io.streamgauge.latency.LatencySettings;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The contender: the latency consumer itself (read_committed, a fresh group, from the earliest
 * offset, every record inside the measurement window so every record is timed and tracked for
 * integrity unless told otherwise), stopped after N records and timed from W records on (as the
 * plain loop). Arguments: bootstrap servers, topic, W, N, whether to track integrity.
 */
public final class LatencyConsumerLoop {

  private LatencyConsumerLoop() {}

  public static void main(String[] args) throws Exception {
    long warmup = Long.parseLong(args[2]);
    long target = Long.parseLong(args[3]);
    Instant now = Instant.now();
    LatencySettings settings =
        new LatencySettings(
            args[0],
            List.of(args[1]),
            "read_committed",
            null,
            "earliest",
            new LatencySettings.WindowTimes(
                now.minusSeconds(7 * 86400).toString(),
                now.minusSeconds(6 * 86400).toString(),
                now.plusSeconds(86400).toString()),
            -1,
            null,
            Boolean.parseBoolean(args[4]),
            5000L,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null);
    LatencyRun run = new LatencyRun(settings, new PrintStream(OutputStream.nullOutputStream()));
    Thread consumer =
        new Thread(
            () -> {
              try {
                run.run();
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    consumer.start();
    long startCount;
    while ((startCount = run.consumedRecords()) < warmup) {
      Thread.sleep(1);
    }
    long startNanos = System.nanoTime();
    long startCpu = ConsumerLoopResult.processCpuNanos();
    long count;
    while ((count = run.consumedRecords()) < target) {
      Thread.sleep(5);
    }
    double seconds = (System.nanoTime() - startNanos) / 1e9;
    double cpu = (ConsumerLoopResult.processCpuNanos() - startCpu) / 1e9;
    run.stop(Duration.ofSeconds(10));
    consumer.join();
    System.err.println(run.resultsJson().substring(0, 300));
    System.out.println(new ConsumerLoopResult(count - startCount, seconds, cpu).toJson());
  }
}
