package io.streamgauge.metrics;

import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.streamgauge.common.MetricsServer;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A JVM with known figures for metrics tests: one thread busy all the time (about one core), a
 * retained heap of a given size, a forced collection every two seconds, and client_java's JVM and
 * process metrics on /metrics. Arguments: port, retained MiB.
 */
public final class CpuAndHeapBurner {

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
    MetricsServer.start(new InetSocketAddress("127.0.0.1", port), registry, () -> true, Map.of());
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
    System.out.println("burning");
    System.out.flush();
    while (true) {
      Thread.sleep(2000);
      System.gc();
    }
  }
}
