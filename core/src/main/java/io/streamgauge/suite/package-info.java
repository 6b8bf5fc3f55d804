/**
 * Series of runs, run one at a time: a run's repetitions ({@code spec.repetitions}) and a {@code
 * BenchmarkSuite}'s cells. What to run in which order ({@link io.streamgauge.suite.SuitePlan}),
 * what to do next ({@link io.streamgauge.suite.SeriesStep}), how an ended run is recorded ({@link
 * io.streamgauge.suite.RecordedRuns}) and what the series showed ({@link
 * io.streamgauge.suite.SuiteResults}, {@link io.streamgauge.suite.RunGate}). Both platforms use
 * these; neither is imported here.
 */
package io.streamgauge.suite;
