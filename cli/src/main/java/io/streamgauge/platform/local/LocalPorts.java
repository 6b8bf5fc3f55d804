package io.streamgauge.platform.local;

import io.streamgauge.common.ListenPorts;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The loopback ports of a local run, chosen before anything starts so Prometheus' configuration can
 * name every target: free ports unless the user asked for one, which must then be free. Free ports
 * come from {@link ListenPorts}, below the kernel's ephemeral range, so no client connection of the
 * run takes one before its server binds it.
 *
 * @param kafka the broker's client listener
 * @param kafkaController the broker's KRaft controller listener
 * @param apps each app instance's metrics port, by its index
 * @param latencyConsumer the latency consumer's API (/windows, /results, /metrics, /health)
 * @param loadGenerators each load generator's /metrics and /health
 * @param prometheus Prometheus' web and API port
 * @param runMetrics the CLI's own /metrics: the run's state ({@code sg_run_*})
 * @param schemaRegistry the run's own schema registry, where it starts one
 */
public record LocalPorts(
    int kafka,
    int kafkaController,
    List<Integer> apps,
    int latencyConsumer,
    List<Integer> loadGenerators,
    int prometheus,
    int runMetrics,
    int schemaRegistry) {

  /** A port that is not free although the user asked for it. */
  public static final class PortInUseException extends RuntimeException {
    PortInUseException(String message) {
      super(message);
    }
  }

  /** Copies. */
  public LocalPorts {
    apps = List.copyOf(apps);
    loadGenerators = List.copyOf(loadGenerators);
  }

  /** The metrics port of the app's first instance (index 0). */
  public int app() {
    return apps.get(0);
  }

  /** Picks the ports of a run of one app instance; see {@link #pick(int, int, int, int)}. */
  public static LocalPorts pick(int kafkaPort, int appPort, int loadGenerators) {
    return pick(kafkaPort, appPort, 1, loadGenerators);
  }

  /**
   * Picks the ports.
   *
   * @param kafkaPort the broker's port, or 0 for any free one
   * @param appPort the first app instance's metrics port, or 0 for any free one; the others get
   *     free ones (each is told its own as {@code metrics.port})
   * @param appInstances how many app instances run
   * @param loadGenerators how many load generators run
   * @throws PortInUseException when a requested port is taken, naming it and who asked for it
   */
  public static LocalPorts pick(int kafkaPort, int appPort, int appInstances, int loadGenerators) {
    Set<Integer> taken = new HashSet<>();
    int kafka = requested(kafkaPort, "--kafka-port", taken);
    List<Integer> apps = new ArrayList<>();
    apps.add(requested(appPort, "spec.app.metrics.port, where the app given listens", taken));
    for (int i = 1; i < appInstances; i++) {
      apps.add(free(taken));
    }
    List<Integer> generators = new ArrayList<>();
    for (int i = 0; i < loadGenerators; i++) {
      generators.add(free(taken));
    }
    return new LocalPorts(
        kafka, free(taken), apps, free(taken), generators, free(taken), free(taken), free(taken));
  }

  private static int requested(int port, String who, Set<Integer> taken) {
    if (port == 0) {
      return free(taken);
    }
    if (!isFree(port)) {
      throw new PortInUseException("port " + port + " (" + who + ") is in use on this machine");
    }
    taken.add(port);
    return port;
  }

  private static int free(Set<Integer> taken) {
    for (int attempt = 0; attempt < 100; attempt++) {
      int port = ListenPorts.pick();
      if (taken.add(port)) {
        return port;
      }
    }
    throw new IllegalStateException("no free port after 100 attempts");
  }

  /** True when nothing listens on {@code port} on any address. */
  static boolean isFree(int port) {
    return ListenPorts.isFree(port);
  }
}
