/**
 * The real-node test tier's harness: a handle on the single-node Kubernetes {@code make cluster-up}
 * starts on this machine ({@link io.streamgauge.testing.realnode.RealCluster}), the cluster-wide
 * setup every {@code *ClusterIT} shares ({@link
 * io.streamgauge.testing.realnode.RealClusterExtension}) and the cgroup a container's limits and
 * counters live in ({@link io.streamgauge.testing.realnode.ContainerCgroup}).
 */
package io.streamgauge.testing.realnode;
