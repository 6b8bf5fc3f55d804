/**
 * A {@code BenchmarkSuite}'s spec: a base run, a matrix of variants, repetitions, a baseline and a
 * gate. Like the run's spec, a model of the CRD only: it knows nothing of the suite's status.
 */
package io.streamgauge.api.suite.spec;
