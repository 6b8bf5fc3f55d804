/**
 * A {@code BenchmarkSuite}'s spec (a base run, a matrix of variants, repetitions, a baseline and a
 * gate) and its status (its cells, the comparisons between them and the gate's outcome).
 */
package io.streamgauge.api.suite;
