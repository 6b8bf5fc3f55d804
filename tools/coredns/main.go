// Command coredns is CoreDNS with only what the real-node test cluster needs: cluster.local names
// from the Kubernetes API, and nothing that forwards a query off this machine.
package main

import (
	"github.com/coredns/coredns/core/dnsserver"
	"github.com/coredns/coredns/coremain"

	_ "github.com/coredns/coredns/plugin/bind"
	_ "github.com/coredns/coredns/plugin/errors"
	_ "github.com/coredns/coredns/plugin/health"
	_ "github.com/coredns/coredns/plugin/kubernetes"
	_ "github.com/coredns/coredns/plugin/ready"
)

func init() {
	// The plugins this binary has, in CoreDNS's execution order.
	dnsserver.Directives = []string{"bind", "ready", "health", "errors", "kubernetes"}
}

func main() {
	coremain.Run()
}
