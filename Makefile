# Streamgauge — `make help` lists every target.
SHELL := /bin/bash
.DEFAULT_GOAL := help

BIN          := $(CURDIR)/bin
MVN          ?= mvn
GO           ?= go
KWOK_VERSION := v0.7.0
HELM_VERSION := v3.16.4
GO_LDFLAGS   := -s -w
K8S_TOOLS    := kube-apiserver kube-controller-manager kube-scheduler kubectl
K8S_VERSION  := v1.33.4
# Built from source, Kubernetes would report v0.0.0-master; stamp the real version (as its release
# build does) so clients that check it (Helm's kubeVersion, kubectl version) see a real cluster.
K8S_LDFLAGS  := $(GO_LDFLAGS) $(foreach pkg,k8s.io/component-base/version k8s.io/client-go/pkg/version, \
                  -X $(pkg).gitVersion=$(K8S_VERSION) -X $(pkg).gitMajor=1 -X $(pkg).gitMinor=33 \
                  -X $(pkg).gitTreeState=clean)

# Third-party CRDs used by the tests; never copied into the repository.
STRIMZI_CRDS_DIR             ?= $(abspath $(CURDIR)/../shared/strimzi-crds/0.50.0)
PROMETHEUS_OPERATOR_CRDS_DIR ?= $(abspath $(CURDIR)/../shared/prometheus-operator-crds/v0.89.0)
export STRIMZI_CRDS_DIR PROMETHEUS_OPERATOR_CRDS_DIR

GENERATED_CRD := operator/target/classes/META-INF/fabric8/benchmarkruns.streamgauge.io-v1.yml

.PHONY: help
help: ## List the targets with one line each
	@grep -hE '^[a-zA-Z0-9_-]+:.*## ' $(MAKEFILE_LIST) | \
	  awk 'BEGIN {FS = ":.*## "}; {printf "  \033[36m%-18s\033[0m %s\n", $$1, $$2}'

.PHONY: tools
tools: $(addprefix $(BIN)/,$(K8S_TOOLS)) $(BIN)/kwok $(BIN)/helm etcd prometheus ## Build the test control plane into bin/ (skips what exists); install etcd and Prometheus

$(addprefix $(BIN)/,$(K8S_TOOLS)): tools/go.mod tools/go.sum
	cd tools && $(GO) build -trimpath -ldflags '$(K8S_LDFLAGS)' -o $@ k8s.io/kubernetes/cmd/$(notdir $@)

$(BIN)/kwok:
	GOBIN=$(BIN) $(GO) install -trimpath -ldflags '$(GO_LDFLAGS)' sigs.k8s.io/kwok/cmd/kwok@$(KWOK_VERSION)

$(BIN)/helm:
	GOBIN=$(BIN) $(GO) install -trimpath -ldflags '$(GO_LDFLAGS)' helm.sh/helm/v3/cmd/helm@$(HELM_VERSION)

.PHONY: etcd
etcd: ## Install etcd from Debian's etcd-server package when it is missing
	@command -v etcd >/dev/null || { \
	  echo "installing etcd-server (Debian package)"; \
	  $$( [ "$$(id -u)" = 0 ] || echo sudo ) apt-get update -qq && \
	  $$( [ "$$(id -u)" = 0 ] || echo sudo ) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq etcd-server; }

.PHONY: prometheus
prometheus: ## Install Prometheus from Debian's prometheus package when it is missing
	@command -v prometheus >/dev/null || { \
	  echo "installing prometheus (Debian package)"; \
	  $$( [ "$$(id -u)" = 0 ] || echo sudo ) apt-get update -qq && \
	  $$( [ "$$(id -u)" = 0 ] || echo sudo ) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus; }

.PHONY: build
build: ## Compile every module and package the jars (no tests)
	$(MVN) -B package -DskipTests

.PHONY: crds
crds: ## Regenerate crds/ (and the chart's copy) from the Java model (commit the result)
	$(MVN) -B -pl operator -am process-classes
	mkdir -p crds
	cp $(GENERATED_CRD) crds/
	$(MAKE) --no-print-directory chart

.PHONY: chart
chart: ## Copy crds/ and dashboards/ into charts/streamgauge/ (the chart's copies; commit them)
	cp crds/*.yml charts/streamgauge/crds/
	cp dashboards/*.json charts/streamgauge/dashboards/

.PHONY: fmt
fmt: ## Format all Java sources with Spotless (google-java-format)
	$(MVN) -B spotless:apply

.PHONY: test
test: tools ## Run unit tests, kube ITs against a real control plane, CRD drift and format checks
	$(MVN) -B verify

.PHONY: unit
unit: ## Run only the unit tests (no control plane needed)
	$(MVN) -B test

IMAGE_PREFIX ?= ghcr.io/streamgauge
IMAGE_TAG ?= 0.1.0
APP_IMAGE ?= $(IMAGE_PREFIX)/streams-app:$(IMAGE_TAG)
CONTAINER ?= docker

.PHONY: image-apps
image-apps: ## Build the reference app image $(APP_IMAGE) (needs docker or CONTAINER=podman; not in CI)
	$(MVN) -B -pl apps -am package -DskipTests
	$(CONTAINER) build -f apps/Dockerfile -t $(APP_IMAGE) .

.PHONY: images
images: ## Build the operator, load-generator and latency-consumer images as $(IMAGE_PREFIX)/<name>:$(IMAGE_TAG) (needs a container engine; not in CI)
	$(MVN) -B package -DskipTests
	$(CONTAINER) build -f operator/Dockerfile -t $(IMAGE_PREFIX)/operator:$(IMAGE_TAG) .
	$(CONTAINER) build -f load-generator/Dockerfile -t $(IMAGE_PREFIX)/load-generator:$(IMAGE_TAG) .
	$(CONTAINER) build -f latency-consumer/Dockerfile -t $(IMAGE_PREFIX)/latency-consumer:$(IMAGE_TAG) .

.PHONY: bench-load-generator
bench-load-generator: ## Benchmark the load generator's ceiling against Kafka's ProducerPerformance (about 10 min)
	$(MVN) -B -Pbench-load-generator -pl bench -am package -DskipTests

.PHONY: bench-latency-consumer
bench-latency-consumer: ## Benchmark the latency consumer against a plain KafkaConsumer loop over 8M records (about 8 min)
	$(MVN) -B -Pbench-latency-consumer -pl bench -am package -DskipTests

.PHONY: third-party-crds
third-party-crds: ## Download Strimzi 0.50.0, PodMonitor and ServiceMonitor CRDs to ~/.cache (outside this workplace)
	mkdir -p $(HOME)/.cache/streamgauge/strimzi-crds/0.50.0 $(HOME)/.cache/streamgauge/prometheus-operator-crds/v0.89.0
	for f in 040-Crd-kafka 042-Crd-strimzipodset 043-Crd-kafkatopic 044-Crd-kafkauser 045-Crd-kafkanodepool; do \
	  curl -fsSL -o $(HOME)/.cache/streamgauge/strimzi-crds/0.50.0/$$f.yaml \
	    https://raw.githubusercontent.com/strimzi/strimzi-kafka-operator/0.50.0/install/cluster-operator/$$f.yaml; done
	for k in podmonitors servicemonitors; do \
	  curl -fsSL -o $(HOME)/.cache/streamgauge/prometheus-operator-crds/v0.89.0/monitoring.coreos.com_$$k.yaml \
	    https://raw.githubusercontent.com/prometheus-operator/prometheus-operator/v0.89.0/example/prometheus-operator-crd/monitoring.coreos.com_$$k.yaml; done
	@echo "now export STRIMZI_CRDS_DIR=$(HOME)/.cache/streamgauge/strimzi-crds/0.50.0 PROMETHEUS_OPERATOR_CRDS_DIR=$(HOME)/.cache/streamgauge/prometheus-operator-crds/v0.89.0"

# The streamgauge command (cli/target/streamgauge): rebuilt when a module it runs has changed.
STREAMGAUGE  := cli/target/streamgauge/bin/streamgauge
CLI_SOURCES  := $(shell find pom.xml common operator load-generator latency-consumer apps cli \
                  \( -name pom.xml -o -path '*/src/main/*' \) -type f -not -path '*/target/*' 2>/dev/null)
DEMO_SPEC    ?= examples/run-wordcount-eos.yaml
DEMO_ARGS    ?= --warmup 30s --measurement 60s --rate-scale 0.1

$(STREAMGAUGE): $(CLI_SOURCES)
	$(MVN) -B -q -pl cli -am package -DskipTests
	@touch $@

.PHONY: cli
cli: $(STREAMGAUGE) ## Build the streamgauge command into cli/target/streamgauge (bin/streamgauge, lib/)

.PHONY: demo
demo: prometheus $(STREAMGAUGE) ## Run a real benchmark on this machine: wordcount EOS, 30 s warmup + 60 s measured (about 2 min after the build)
	$(STREAMGAUGE) run --local $(DEMO_SPEC) $(DEMO_ARGS)

.PHONY: clean
clean: ## Delete build output and the binaries in bin/
	$(MVN) -B -q clean
	rm -rf $(BIN)
