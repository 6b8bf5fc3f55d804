package io.streamgauge.localrun;

import java.time.Instant;

/**
 * How a local run went, beside its spec and status.
 *
 * @param name the run's name (metadata.name)
 * @param startedAt when the command started the run
 * @param endedAt when the run's processes were stopped
 * @param outcome {@code succeeded}, {@code failed} or {@code interrupted}
 * @param exitCode the command's exit code
 * @param partial true when the figures cover less than the planned measurement window
 * @param app how the app under test was started
 * @param options how the run departed from its spec file
 */
public record RunRecord(
    String name,
    Instant startedAt,
    Instant endedAt,
    String outcome,
    int exitCode,
    boolean partial,
    String app,
    LocalOptions options) {}
