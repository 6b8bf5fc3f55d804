package io.streamgauge.platform.local;

import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.util.List;
import java.util.Optional;

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
    return prefix(resources, processors, 0, 1);
  }

  /**
   * The command prefix of instance {@code instance} of {@code instances}, each with {@code
   * resources}: cores of its own when they all fit ({@link #ownCores}), counted down from the
   * highest (instance 0 on the highest, as one instance is), else the same cores as instance 0,
   * shared.
   */
  public static List<String> prefix(
      ResourceRequirements resources, int processors, int instance, int instances) {
    return cores(resources, processors, instance, instances)
        .map(list -> List.of("taskset", "-c", list))
        .orElse(List.of());
  }

  /**
   * The cores instance {@code instance} of {@code instances} is pinned to, as {@code taskset} lists
   * them ({@code 1}, {@code 2-3}); empty when it is not pinned.
   */
  public static Optional<String> cores(
      ResourceRequirements resources, int processors, int instance, int instances) {
    int cores = JvmSizing.cpuCores(resources);
    if (cores <= 0 || cores >= processors) {
      return Optional.empty();
    }
    int block = ownCores(resources, processors, instances) ? instance : 0;
    int last = processors - 1 - block * cores;
    int first = last - cores + 1;
    return Optional.of(cores == 1 ? Integer.toString(first) : first + "-" + last);
  }

  /**
   * Whether {@code instances} instances of {@code resources} each get cores of their own on {@code
   * processors} cores: the limit is below the machine's cores and they fit side by side. Otherwise
   * they share (unpinned when the limit covers every core, else the same cores).
   */
  public static boolean ownCores(ResourceRequirements resources, int processors, int instances) {
    int cores = JvmSizing.cpuCores(resources);
    return cores > 0 && cores < processors && cores * instances <= processors;
  }
}
