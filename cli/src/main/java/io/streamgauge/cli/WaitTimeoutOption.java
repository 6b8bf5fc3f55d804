package io.streamgauge.cli;

import java.time.Duration;
import picocli.CommandLine.Option;

/** How long {@code wait} and {@code results fetch --wait} wait for a run on a cluster to end. */
final class WaitTimeoutOption {

  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      defaultValue = "2h",
      description =
          "How long to wait for it to end (e.g. 90m). Default: ${DEFAULT-VALUE}. Exit code 7 when"
              + " it runs out: the run goes on on the cluster.")
  Duration timeout;
}
