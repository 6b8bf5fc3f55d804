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
}
