package io.streamgauge.localrun;

import io.streamgauge.platform.AppExit;
import io.streamgauge.report.LocalRunFacts;
import java.time.Instant;
import java.util.List;

/**
 * How a local run went, beside its spec and status.
 *
 * @param name the run's name (metadata.name)
 * @param startedAt when the command started the run
 * @param endedAt when the run's processes were stopped
 * @param outcome how it ended, and so the command's exit code
 * @param partial true when the figures cover less than the planned measurement window
 * @param app how the app under test was started
 * @param options how the run departed from its spec file
 * @param appExits how each app instance running at the end exited when stopped
 */
public record RunRecord(
    String name,
    Instant startedAt,
    Instant endedAt,
    RunOutcome outcome,
    boolean partial,
    String app,
    LocalOptions options,
    List<AppExit> appExits) {

  /** What the run's report says of it beyond its spec and status. */
  public LocalRunFacts reportFacts() {
    return new LocalRunFacts(
        startedAt,
        endedAt,
        partial,
        app,
        options.rateScale(),
        LocalSpecAdapter.LOCAL_RESTORATION_SHARE,
        appExits.stream().filter(e -> !e.clean()).map(AppExit::warning).toList());
  }
}
