package io.streamgauge.platform;

/**
 * How one instance of the app ended when the platform stopped it after the run. A clean stop exits
 * 0, or 143: a JVM that ran its shutdown hooks on SIGTERM. Anything else (a crash on close, a
 * SIGKILL after the grace) is said on the result as a warning: the figures stand, since the window
 * had ended, but an app that crashes as it stops would crash as it is redeployed.
 *
 * @param instance the instance, as the platform names it (e.g. {@code process app-1 (pid 4242)})
 * @param code its exit code
 * @param detail the last line it wrote and where its log is; empty when unknown
 */
public record AppExit(String instance, int code, String detail) {

  /** 128 + SIGTERM: what a JVM exits with when SIGTERM ran its shutdown hooks. */
  public static final int SIGTERM_EXIT = 128 + 15;

  /** True for 0 and {@link #SIGTERM_EXIT}. */
  public boolean clean() {
    return isClean(code);
  }

  /** Whether {@code code} is a clean stop's exit code: 0 or {@link #SIGTERM_EXIT}. */
  public static boolean isClean(int code) {
    return code == 0 || code == SIGTERM_EXIT;
  }

  /** One sentence for the result: who exited with what, and what it said last. */
  public String warning() {
    String why = code == 128 + 9 ? " (SIGKILL: it did not stop within its grace)" : "";
    return instance
        + " exited with code "
        + code
        + why
        + " when stopped after the run"
        + (detail.isBlank() ? "" : ": " + detail);
  }
}
