/**
 * What the phase machine needs from wherever a run executes: {@link
 * io.streamgauge.platform.Platform} is implemented by the Kubernetes platform (resources owned by
 * the run) and the local platform (processes on one machine), so phase and summary code never know
 * which one runs them.
 */
package io.streamgauge.platform;
