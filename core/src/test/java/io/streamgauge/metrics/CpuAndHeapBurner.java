package io.streamgauge.metrics;

import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.streamgauge.common.MetricsServer;
import io.streamgauge.testing.ChildJvm;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JVM with known figures for metrics tests: one thread busy all the time (about one core), a
 * retained heap of a given size, a forced collection every two seconds, and client_java's JVM and
 * process metrics on /metrics. Arguments: port (0: any free one), retained MiB. It prints {@code
 * burning on port N} once it serves: {@link #start} binds port 0 and reads that line, because a
 * port picked free beforehand can be taken (by any client's outgoing connection) before the JVM
 * binds it — which once left a latency stand-in's metrics where the burner's were expected.
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
    Path log = Files.createTempFile("burner", ".log");
    Process process =
        ChildJvm.start(
            CpuAndHeapBurner.class.getName(),
            List.of("0", String.valueOf(retainedMiB)),
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

  private CpuAndHeapBurner() {}

  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args[0]);
    int retainedMiB = Integer.parseInt(args[1]);
    // 64 KiB chunks: small enough not to be G1 humongous objects, which take whole regions.
    for (int i = 0; i < retainedMiB * 16; i++) {
      RETAINED.add(new byte[64 * 1024]);
    }
    PrometheusRegistry registry = new PrometheusRegistry();
    JvmMetrics.builder().register(registry);
    MetricsServer server =
        MetricsServer.start(
            new InetSocketAddress("127.0.0.1", port), registry, () -> true, Map.of());
    Thread busy =
        new Thread(
            () -> {
              long x = 0;
              while (true) {
                for (int i = 0; i < 1_000_000; i++) {
                  x = x * 6364136223846793005L + 1442695040888963407L;
                }
                sink = x;
              }
            },
            "busy");
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
