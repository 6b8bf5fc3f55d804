package io.streamgauge.platform.local;

import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.util.List;

/**
 * The app's CPU limit enforced on this machine: a local process has no CFS quota, so a limit below
 * this machine's cores pins the app (and every thread and child it starts) to that many cores — the
 * highest-numbered ones, rounded up to whole cores — with {@code taskset} (util-linux). The app can
 * then use at most that many cores; other processes still share them, as other pods share a node's
 * cores.
 */
public final class CpuPinning {

  private CpuPinning() {}

  /**
   * The command prefix that pins a process to {@code resources.limits.cpu}: {@code taskset -c 1} on
   * 2 cores with a limit of 1; empty when there is no limit or it covers every core.
   *
   * @param processors this machine's processors
   */
  public static List<String> prefix(ResourceRequirements resources, int processors) {
    int cores = JvmSizing.cpuCores(resources);
    if (cores <= 0 || cores >= processors) {
      return List.of();
    }
    int first = processors - cores;
    String list = cores == 1 ? Integer.toString(first) : first + "-" + (processors - 1);
    return List.of("taskset", "-c", list);
  }
}
