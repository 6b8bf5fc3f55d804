package io.streamgauge.platform.local;

import java.util.Optional;

/**
 * Local mode runs on Linux only: it starts each component in a session of its own ({@code setsid}),
 * pins the app to its CPUs ({@code taskset}) and reads {@code /proc}. On macOS and Windows the
 * command's other uses (a run on a cluster, {@code results}, {@code compare}, {@code report}) work;
 * a local run is refused before anything starts, saying so.
 */
public final class LocalModeHost {

  private LocalModeHost() {}

  /** Why local mode cannot run on this machine, or empty on Linux. */
  public static Optional<String> unsupported() {
    return unsupported(System.getProperty("os.name", ""));
  }

  static Optional<String> unsupported(String osName) {
    return osName.toLowerCase(java.util.Locale.ROOT).startsWith("linux")
        ? Optional.empty()
        : Optional.of(
            "local mode runs on Linux only (it starts its processes with setsid, pins the app"
                + " with taskset and reads /proc), not on "
                + osName
                + ": run on a cluster (streamgauge run FILE without --local), or on a Linux"
                + " machine or VM; results, compare and report work here");
  }
}
