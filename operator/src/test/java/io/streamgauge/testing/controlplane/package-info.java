/**
 * A real Kubernetes control plane for integration tests: etcd, kube-apiserver,
 * kube-controller-manager, kube-scheduler and kwok (fake nodes and kubelet), started as processes
 * on free loopback ports with a throwaway data directory, its own credentials and its own
 * kubeconfig. Nothing here reads or writes {@code ~/.kube}.
 */
package io.streamgauge.testing.controlplane;
