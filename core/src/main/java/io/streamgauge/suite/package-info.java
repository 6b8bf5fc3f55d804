/**
 * Series of runs, run one at a time, on either platform: a run's repetitions ({@code
 * spec.repetitions}, {@link io.streamgauge.suite.RepetitionsMachine}) and a {@code
 * BenchmarkSuite}'s cells ({@link io.streamgauge.suite.SuiteMachine}), both advanced by {@link
 * io.streamgauge.suite.SeriesDriver} over a platform's {@link io.streamgauge.suite.SeriesRuns}
 * (child BenchmarkRuns on Kubernetes; local runs run to their end and read from their {@code
 * result.json} locally); a capacity search's probes follow their runs the same way. What to run in
 * which order ({@link io.streamgauge.suite.SuitePlan}), what to do next ({@link
 * io.streamgauge.suite.SeriesStep}), how an ended run is recorded ({@link
 * io.streamgauge.suite.RecordedRuns}) and what the series showed ({@link
 * io.streamgauge.suite.SuiteResults}, {@link io.streamgauge.suite.RunGate}). Neither platform is
 * imported here.
 */
package io.streamgauge.suite;
