package io.streamgauge.report;

import java.time.Instant;
import java.util.List;

/**
 * What a local run's report says beyond its spec and status: when it ran, how the app was started
 * and how the run departed from its spec to fit one machine.
 *
 * @param startedAt when the command started the run
 * @param endedAt when the run's processes were stopped
 * @param partial true when the figures cover less than the planned measurement window
 * @param app how the app under test was started
 * @param rateScale every topic's rate was multiplied by this
 * @param restorationShare the share of the methodology's restoration volume a local
 *     state-restoration run writes when its spec sets none
 * @param appExitWarnings each app instance that did not exit cleanly when stopped after the run,
 *     one sentence each ({@link io.streamgauge.platform.AppExit#warning})
 */
public record LocalRunFacts(
    Instant startedAt,
    Instant endedAt,
    boolean partial,
    String app,
    double rateScale,
    double restorationShare,
    List<String> appExitWarnings) {}
