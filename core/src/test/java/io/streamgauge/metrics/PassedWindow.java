package io.streamgauge.metrics;

import java.time.Duration;
import java.time.Instant;

/** A measurement window the metrics ITs wait through before they collect. */
final class PassedWindow {

  private PassedWindow() {}

  /**
   * A 15 s window starting 3 s from now (the scraped JVMs warm up meanwhile), returned once it has
   * ended and its last scrapes had 2.5 s to land.
   */
  static MeasurementWindow next15Seconds(Duration scrapeInterval) throws InterruptedException {
    Instant start = Instant.now().plusSeconds(3);
    MeasurementWindow window =
        new MeasurementWindow(start, start.plusSeconds(15), Duration.ofSeconds(1), scrapeInterval);
    Thread.sleep(Duration.between(Instant.now(), window.end()).toMillis() + 2500);
    return window;
  }

  /**
   * A window and the CPU a process used in it, by the kernel's own count.
   *
   * @param window the window, ended
   * @param cpuCores the process's CPU time over the window divided by its length
   */
  record Measured(MeasurementWindow window, double cpuCores) {}

  /**
   * {@link #next15Seconds(Duration)}, with the CPU {@code process} used over exactly the window: so
   * a figure is checked against what the process did in this hour, not against what it was asked to
   * do.
   */
  static Measured next15Seconds(Duration scrapeInterval, ProcessHandle process)
      throws InterruptedException {
    Instant start = Instant.now().plusSeconds(3);
    MeasurementWindow window =
        new MeasurementWindow(start, start.plusSeconds(15), Duration.ofSeconds(1), scrapeInterval);
    Thread.sleep(Duration.between(Instant.now(), window.start()).toMillis());
    Duration cpuAtStart = cpu(process);
    Instant measuredFrom = Instant.now();
    Thread.sleep(Duration.between(Instant.now(), window.end()).toMillis());
    Duration cpuAtEnd = cpu(process);
    double seconds = Duration.between(measuredFrom, Instant.now()).toMillis() / 1000.0;
    Thread.sleep(2500);
    return new Measured(window, cpuAtEnd.minus(cpuAtStart).toMillis() / 1000.0 / seconds);
  }

  private static Duration cpu(ProcessHandle process) {
    return process
        .info()
        .totalCpuDuration()
        .orElseThrow(() -> new IllegalStateException("no CPU time for pid " + process.pid()));
  }
}
