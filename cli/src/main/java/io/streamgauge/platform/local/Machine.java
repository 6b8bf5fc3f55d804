package io.streamgauge.platform.local;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;

/** This machine, as a local run's results record it: processors, memory, OS and Java. */
public final class Machine {

  private Machine() {}

  /** {@code {processors, memoryMiB, os, arch, java}}. */
  public static ObjectNode describe() {
    ObjectNode machine = JsonNodeFactory.instance.objectNode();
    machine.put("processors", Runtime.getRuntime().availableProcessors());
    if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
      machine.put("memoryMiB", os.getTotalMemorySize() / (1024 * 1024));
    }
    machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
    machine.put("arch", System.getProperty("os.arch"));
    machine.put(
        "java", System.getProperty("java.vendor") + " " + System.getProperty("java.version"));
    return machine;
  }
}
