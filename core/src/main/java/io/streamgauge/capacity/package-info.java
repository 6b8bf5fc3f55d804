/**
 * The capacity search ({@code spec.capacity}): which rate to probe next from the probes so far
 * ({@link io.streamgauge.capacity.CapacitySearch}, per CPU limit {@link
 * io.streamgauge.capacity.CapacityPlan}), each probe's spec and verdict, the result as a table, and
 * the driver that runs the probes as BenchmarkRuns on Kubernetes. Pure decisions: the same records
 * always give the same next step, so any call may be the first after a restart.
 */
package io.streamgauge.capacity;
