/**
 * Planned series of runs: a run's repetitions ({@code spec.repetitions}, {@link
 * io.streamgauge.suite.RepetitionsMachine}) and a {@code BenchmarkSuite}'s cells ({@link
 * io.streamgauge.suite.SuiteMachine}), both driven by the {@code series} package. What to run in
 * which order ({@link io.streamgauge.suite.SuitePlan}), the recorded runs as a comparison reads
 * them ({@link io.streamgauge.suite.ComparedRecords}) and what the series showed ({@link
 * io.streamgauge.suite.SuiteResults}, {@link io.streamgauge.suite.RunGate}). Neither platform is
 * imported here.
 */
package io.streamgauge.suite;
