package io.streamgauge.bench;

import java.time.Instant;

/** The opening of every results file: what was measured, when, on what, and the command. */
final class BenchHeader {

  private BenchHeader() {}

  static String of(String title, String command) {
    return "# "
        + title
        + "\n\nMeasured "
        + Instant.now()
        + " on "
        + Runtime.getRuntime().availableProcessors()
        + " cores, Java "
        + System.getProperty("java.version")
        + ", one Kafka 4.1.1 KRaft broker (own JVM, -Xmx1g) on loopback; every contender in its"
        + " own JVM (-Xmx1g).\n\nCommand: `"
        + command
        + "`\n\n";
  }
}
