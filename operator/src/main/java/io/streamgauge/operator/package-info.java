/**
 * The Kubernetes operator: the BenchmarkRun reconciler (which drives the {@link
 * io.streamgauge.run.PhaseMachine} on the {@link
 * io.streamgauge.platform.kubernetes.KubernetesPlatform}), its Events, and the entry point.
 */
package io.streamgauge.operator;
