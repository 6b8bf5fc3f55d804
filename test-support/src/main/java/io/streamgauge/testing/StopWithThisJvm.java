package io.streamgauge.testing;

/**
 * Ties a test's child process to the test JVM: when the JVM exits — normally or on SIGTERM, as when
 * a test run is interrupted — the child is killed too, so an interrupted run leaves no Prometheus
 * or CPU burner behind to skew the next run's figures. (A SIGKILLed JVM runs no hooks; the local
 * mode's {@code ProcessGuard} covers that case for the CLI's own children.)
 */
public final class StopWithThisJvm {

  private StopWithThisJvm() {}

  /** Registers {@code process} to be killed when this JVM exits; returns it. */
  public static Process register(Process process) {
    Runtime.getRuntime()
        .addShutdownHook(new Thread(process::destroyForcibly, "stop-child-" + process.pid()));
    return process;
  }
}
