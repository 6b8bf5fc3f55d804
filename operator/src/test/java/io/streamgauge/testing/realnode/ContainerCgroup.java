package io.streamgauge.testing.realnode;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A container's cgroups (v1) on this machine, where the kubelet (cgroupfs driver) put them: {@code
 * /sys/fs/cgroup/<controller>/kubepods[/burstable|/besteffort]/pod<uid>/<container id>}. Read as
 * root, from the host: the kernel's own view of the container's limits and usage.
 *
 * @param cpu the {@code cpu} controller's directory (CFS quota and period)
 * @param cpuacct the {@code cpuacct} controller's directory (CPU time used)
 * @param memory the {@code memory} controller's directory (limit, usage, page cache)
 */
public record ContainerCgroup(Path cpu, Path cpuacct, Path memory) {

  private static final Path ROOT = Path.of("/sys/fs/cgroup");

  /** The cgroups of {@code container} in {@code pod}, which must be running. */
  public static ContainerCgroup of(Pod pod, String container) {
    ContainerStatus status =
        pod.getStatus().getContainerStatuses().stream()
            .filter(c -> c.getName().equals(container))
            .findFirst()
            .orElseThrow(() -> new IllegalStateException("no container " + container));
    String id = status.getContainerID().replaceFirst("^[a-z]+://", "");
    String qos = pod.getStatus().getQosClass();
    Path relative = Path.of("kubepods");
    if (!"Guaranteed".equals(qos)) {
      relative = relative.resolve(qos.toLowerCase(Locale.ROOT));
    }
    relative = relative.resolve("pod" + pod.getMetadata().getUid()).resolve(id);
    ContainerCgroup cgroup =
        new ContainerCgroup(
            ROOT.resolve("cpu").resolve(relative),
            ROOT.resolve("cpuacct").resolve(relative),
            ROOT.resolve("memory").resolve(relative));
    if (!Files.isDirectory(cgroup.memory)) {
      throw new IllegalStateException(
          "no cgroup " + cgroup.memory + " for container " + container + " (cgroup v1, root?)");
    }
    return cgroup;
  }

  /** {@code cpu.cfs_quota_us}: CPU time per period, in µs (-1: no limit). */
  public long cpuQuotaMicros() {
    return read(cpu.resolve("cpu.cfs_quota_us"));
  }

  /** {@code cpu.cfs_period_us}, in µs. */
  public long cpuPeriodMicros() {
    return read(cpu.resolve("cpu.cfs_period_us"));
  }

  /** {@code cpu.stat}'s CFS counters: periods elapsed and periods in which it was throttled. */
  public record CfsCounters(long periods, long throttledPeriods) {}

  /** The CFS counters of {@code cpu.stat} (what cAdvisor reports as container_cpu_cfs_*). */
  public CfsCounters cfsCounters() {
    long periods = 0;
    long throttled = 0;
    try {
      for (String line : Files.readAllLines(cpu.resolve("cpu.stat"))) {
        String[] parts = line.split(" ");
        if (parts[0].equals("nr_periods")) {
          periods = Long.parseLong(parts[1]);
        } else if (parts[0].equals("nr_throttled")) {
          throttled = Long.parseLong(parts[1]);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new CfsCounters(periods, throttled);
  }

  /** {@code memory.limit_in_bytes}. */
  public long memoryLimitBytes() {
    return read(memory.resolve("memory.limit_in_bytes"));
  }

  /** {@code cpuacct.usage}: CPU time used so far, in ns (what cAdvisor reports as CPU usage). */
  public long cpuUsageNanos() {
    return read(cpuacct.resolve("cpuacct.usage"));
  }

  /**
   * The working set as cAdvisor defines it on cgroup v1: {@code memory.usage_in_bytes} less {@code
   * total_inactive_file} of {@code memory.stat}, never below 0.
   */
  public long workingSetBytes() {
    long usage = read(memory.resolve("memory.usage_in_bytes"));
    long inactiveFile = 0;
    try {
      for (String line : Files.readAllLines(memory.resolve("memory.stat"))) {
        if (line.startsWith("total_inactive_file ")) {
          inactiveFile = Long.parseLong(line.substring(line.indexOf(' ') + 1).strip());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Math.max(0, usage - inactiveFile);
  }

  private static long read(Path file) {
    try {
      return Long.parseLong(Files.readString(file).strip());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }
}
