/**
 * A {@code BenchmarkSuite}'s status: its phase, its runs and cells, the comparisons between them
 * and the gate's outcome. A model of the CRD only.
 */
package io.streamgauge.api.suite.status;
