//go:build tools

// Package tools pins the Kubernetes binaries that Streamgauge's tests start on this machine:
// the control plane (on loopback, with kwok nodes) and, for the real-node tier, a kubelet and
// kube-proxy. `make tools` builds them into ../bin.
package tools

import (
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
	_ "k8s.io/kubernetes/cmd/kube-controller-manager"
	_ "k8s.io/kubernetes/cmd/kube-proxy"
	_ "k8s.io/kubernetes/cmd/kube-scheduler"
	_ "k8s.io/kubernetes/cmd/kubectl"
	_ "k8s.io/kubernetes/cmd/kubelet"
)
