/**
 * The local platform: a run's Kafka broker, app, latency consumer, load generators, schema registry
 * and Prometheus as processes of this machine ({@link
 * io.streamgauge.platform.local.LocalProcesses}), and one class per role of core's {@link
 * io.streamgauge.platform.Platform} over them. It knows only core: nothing of local running,
 * reports, cluster results or the commands above it.
 */
package io.streamgauge.platform.local;
