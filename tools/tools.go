//go:build tools

// Package tools pins the Kubernetes control-plane binaries that Streamgauge's
// integration tests start on loopback. `make tools` builds them into ../bin.
package tools

import (
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
	_ "k8s.io/kubernetes/cmd/kube-controller-manager"
	_ "k8s.io/kubernetes/cmd/kube-scheduler"
	_ "k8s.io/kubernetes/cmd/kubectl"
)
