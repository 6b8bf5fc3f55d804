/**
 * How a {@code BenchmarkRun} went ({@code status}): its phase and phase history, where its result
 * document is, and what a run that stands for a series saw of its children (repetitions, capacity
 * probes, the gate, injected faults).
 */
package io.streamgauge.api.status;
