package io.streamgauge.bench;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;

/**
 * What a consumer-side bench child prints: records read, seconds and process CPU seconds over the
 * timed span (after the warm-up records, to the last). Measured inside the child so JVM start-up,
 * group join and JIT compilation are excluded equally for every contender.
 */
record ConsumerLoopResult(long records, double seconds, double cpuSeconds) {

  /** Process CPU time of this JVM, all threads, in nanoseconds. */
  static long processCpuNanos() {
    return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  String toJson() {
    return "{\"records\":%d,\"seconds\":%.6f,\"cpuSeconds\":%.6f}"
        .formatted(records, seconds, cpuSeconds);
  }
}
