package io.streamgauge.platform.local;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * JVM options that size the app's JVM as in a container with the spec's limits, since a local
 * process has no cgroup limits: {@code -XX:MaxRAM} = the memory limit (so default heap and other
 * ergonomics follow it, 25 % of 16 GiB = 4 GiB by default), {@code -XX:ActiveProcessorCount} = the
 * CPU limit rounded up, at most this machine's processors. Placed before the spec's {@code
 * jvmOptions}, which win where they set the same thing. Nothing is enforced: the process can use
 * every core and as much memory as the JVM takes.
 */
public final class JvmSizing {

  private JvmSizing() {}

  /**
   * The options for {@code resources.limits} ({@code cpu}, {@code memory}).
   *
   * @param processors this machine's processors
   * @throws IllegalArgumentException naming the field when a limit is not a quantity
   */
  public static List<String> options(ResourceRequirements resources, int processors) {
    Map<String, Quantity> limits = resources == null ? null : resources.getLimits();
    List<String> options = new ArrayList<>();
    if (limits == null) {
      return options;
    }
    if (limits.containsKey("memory")) {
      long bytes = amount(limits.get("memory"), "memory").setScale(0, RoundingMode.UP).longValue();
      options.add("-XX:MaxRAM=" + bytes);
    }
    if (limits.containsKey("cpu")) {
      options.add("-XX:ActiveProcessorCount=" + Math.min(cpuCores(resources), processors));
    }
    return options;
  }

  /**
   * {@code resources.limits.cpu} in whole cores, rounded up (at least 1); 0 without a CPU limit.
   *
   * @throws IllegalArgumentException naming the field when the limit is not a quantity
   */
  static int cpuCores(ResourceRequirements resources) {
    Map<String, Quantity> limits = resources == null ? null : resources.getLimits();
    if (limits == null || !limits.containsKey("cpu")) {
      return 0;
    }
    return Math.max(1, amount(limits.get("cpu"), "cpu").setScale(0, RoundingMode.UP).intValue());
  }

  private static BigDecimal amount(Quantity quantity, String name) {
    try {
      return Quantity.getAmountInBytes(quantity);
    } catch (IllegalArgumentException | ArithmeticException e) {
      throw new IllegalArgumentException(
          "spec.app.resources.limits."
              + name
              + ": Invalid value: \""
              + quantity
              + "\": not a quantity");
    }
  }
}
