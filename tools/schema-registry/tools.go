//go:build tools

// Package schemaregistry pins AxonOps Schema Registry, a registry that speaks Confluent's REST API,
// which stateful-joins runs register their Avro schemas with (locally a process per run, on
// Kubernetes a Deployment per run). `make tools` builds it into ../../bin/schema-registry.
package schemaregistry

import (
	_ "github.com/axonops/axonops-schema-registry/cmd/schema-registry"
)
