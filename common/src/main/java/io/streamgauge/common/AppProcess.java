package io.streamgauge.common;

/**
 * What every reference app's process says about itself, the same way: what its JVM sees of its
 * container, and a failure with its cause on one line.
 */
public final class AppProcess {

  private AppProcess() {}

  /** {@code JVM sees 1 CPU(s) and a 1152 MiB heap limit}: the container's limits as seen. */
  public static String jvmView() {
    Runtime runtime = Runtime.getRuntime();
    return "JVM sees "
        + runtime.availableProcessors()
        + " CPU(s) and a "
        + runtime.maxMemory() / (1024 * 1024)
        + " MiB heap limit";
  }

  /** {@code e}, and its root cause when it has one: one line for a log or an exit message. */
  public static String describe(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root == e ? e.toString() : e + " (cause: " + root + ")";
  }
}
