package io.streamgauge.metrics;

import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.streamgauge.common.MetricsServer;
import io.streamgauge.testing.ChildJvm;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JVM with known figures for metrics tests: one thread busy a given share of the time (all of it:
 * about one core; a quarter: a quarter of a core, measured by the thread's own CPU time), a
 * retained heap of a given size, a forced collection every two seconds, and client_java's JVM and
 * process metrics on /metrics. Arguments: port (0: any free one), retained MiB, busy percent. It
 * prints {@code burning on port N} once it serves: {@link #start} binds port 0 and reads that line,
 * because a port picked free beforehand can be taken (by any client's outgoing connection) before
 * the JVM binds it — which once left a latency stand-in's metrics where the burner's were expected.
 */
public final class CpuAndHeapBurner {

  /** A started burner and the port of its /metrics. */
  public record Burner(Process process, int port) {}

  /**
   * Starts a burner in its own JVM and returns it once it serves /metrics.
   *
   * @param jvmOptions the JVM's options separated by spaces, e.g. {@code -Xmx512m}
   */
  public static Burner start(int retainedMiB, String jvmOptions) throws IOException {
    return start(retainedMiB, 100, jvmOptions);
  }

  /**
   * Starts a burner whose busy thread uses {@code busyPercent} of a core, and returns it once it
   * serves /metrics: tests that only need a scraped app's figures to be there and its own share
   * leave the other cores to what they test.
   */
  public static Burner start(int retainedMiB, int busyPercent, String jvmOptions)
      throws IOException {
    Path log = Files.createTempFile("burner", ".log");
    log.toFile().deleteOnExit();
    Process process =
        ChildJvm.start(
            CpuAndHeapBurner.class.getName(),
            List.of("0", String.valueOf(retainedMiB), String.valueOf(busyPercent)),
            jvmOptions,
            Map.of(),
            log,
            log);
    Pattern started = Pattern.compile("burning on port (\\d+)");
    Instant deadline = Instant.now().plusSeconds(60);
    while (Instant.now().isBefore(deadline) && process.isAlive()) {
      Matcher m = started.matcher(Files.readString(log));
      if (m.find()) {
        return new Burner(process, Integer.parseInt(m.group(1)));
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    process.destroyForcibly();
    throw new IllegalStateException("the burner did not start: " + Files.readString(log));
  }

  /** Keeps the retained heap reachable. */
  static final List<byte[]> RETAINED = new ArrayList<>();

  static volatile long sink;

  /** The period over which a partly busy thread keeps its share: short against any window. */
  private static final long PERIOD_NANOS = 100_000_000L;

  private CpuAndHeapBurner() {}

  /**
   * Busy all the time at 100 %; otherwise, in each period, busy until the thread's own CPU time has
   * grown by its share of the period, then asleep to the period's end.
   */
  private static void burn(int busyPercent) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long x = 0;
    while (true) {
      long periodStart = System.nanoTime();
      long cpuUntil = threads.getCurrentThreadCpuTime() + PERIOD_NANOS * busyPercent / 100;
      do {
        for (int i = 0; i < 100_000; i++) {
          x = x * 6364136223846793005L + 1442695040888963407L;
        }
        sink = x;
      } while (busyPercent >= 100 || threads.getCurrentThreadCpuTime() < cpuUntil);
      long rest = periodStart + PERIOD_NANOS - System.nanoTime();
      if (rest > 0) {
        LockSupport.parkNanos(rest);
      }
    }
  }

  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args[0]);
    int retainedMiB = Integer.parseInt(args[1]);
    int busyPercent = Integer.parseInt(args[2]);
    // 64 KiB chunks: small enough not to be G1 humongous objects, which take whole regions.
    for (int i = 0; i < retainedMiB * 16; i++) {
      RETAINED.add(new byte[64 * 1024]);
    }
    PrometheusRegistry registry = new PrometheusRegistry();
    JvmMetrics.builder().register(registry);
    MetricsServer server =
        MetricsServer.start(
            new InetSocketAddress("127.0.0.1", port), registry, () -> true, Map.of());
    Thread busy = new Thread(() -> burn(busyPercent), "busy");
    busy.setDaemon(true);
    busy.start();
    System.out.println("burning on port " + server.port());
    System.out.flush();
    while (true) {
      Thread.sleep(2000);
      System.gc();
    }
  }
}
