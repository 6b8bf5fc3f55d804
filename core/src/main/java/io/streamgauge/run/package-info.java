/**
 * The phase machine of a BenchmarkRun ({@link io.streamgauge.run.PhaseMachine}): one small step
 * class per phase, each returning a {@link io.streamgauge.run.StepOutcome}. It runs on any {@link
 * io.streamgauge.platform.Platform} and never sleeps: a step that must wait says for how long.
 */
package io.streamgauge.run;
