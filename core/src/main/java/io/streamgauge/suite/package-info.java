/**
 * A {@code BenchmarkSuite}'s cells ({@link io.streamgauge.suite.SuiteMachine}), driven by the
 * {@code series} package: what to run in which order ({@link io.streamgauge.suite.SuitePlan}, a
 * run's repetitions' plan too), the recorded runs as a comparison reads them ({@link
 * io.streamgauge.suite.ComparedRecords}), what the series showed ({@link
 * io.streamgauge.suite.SuiteResults}, {@link io.streamgauge.suite.RunGate}) and the comparison
 * code's results as status ({@link io.streamgauge.suite.StatusTables}). Neither platform is
 * imported here.
 */
package io.streamgauge.suite;
