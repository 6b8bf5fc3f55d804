/**
 * What the phase machine needs from wherever a run executes: {@link
 * io.streamgauge.platform.Platform} is five roles ({@link io.streamgauge.platform.Provisioner},
 * {@link io.streamgauge.platform.Observer}, {@link io.streamgauge.platform.FaultInjector}, {@link
 * io.streamgauge.platform.ResultStore}, {@link io.streamgauge.platform.Teardown}), each played by
 * one class of the Kubernetes platform (resources owned by the run) and of the local platform
 * (processes on one machine), so phase and summary code never know which one runs them.
 */
package io.streamgauge.platform;
