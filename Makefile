# Streamgauge — `make help` lists every target.
SHELL := /bin/bash
.DEFAULT_GOAL := help

# Built tools live under ~/.cache/streamgauge/tools/<key>, the key a hash of everything that
# decides them (the versions below, the tools modules); bin/ is a link to the current key's
# directory, so another clone on this machine (CI after a session) reuses them and a changed input
# builds into a new directory. A real bin/ directory of an older checkout is left alone.
CACHE_DIR    ?= $(HOME)/.cache/streamgauge
BIN          := $(CURDIR)/bin
SUDO         := $(if $(filter 0,$(shell id -u)),,sudo)
MVN          ?= mvn
# PACKAGED=1: the jars were just built from this tree (make test's mvn verify), so the targets
# that package them before using them (the images, the streamgauge command) do not run Maven again
# (about 60 and 75 s on 2 cores, 2026-12-06).
PACKAGE       = $(if $(PACKAGED),@echo "jars packaged by the build before; not packaging again:",$(MVN) -B -q)
# Modules that do not depend on each other are built and tested side by side, a thread per core
# (on 2 cores the reference apps beside the load generator, latency consumer and core): their
# tests leave most of a core idle (make test used 107-117 % of one of the two, 2026-11/12).
MVN_THREADS ?= -T 1C
GO           ?= go
KWOK_VERSION := v0.7.0
REGISTRY_VERSION := v3.0.0
HELM_VERSION := v3.16.4
GO_LDFLAGS   := -s -w
K8S_TOOLS    := kube-apiserver kube-controller-manager kube-scheduler kubectl kubelet kube-proxy
K8S_VERSION  := v1.33.4
# Built from source, Kubernetes would report v0.0.0-master; stamp the real version (as its release
# build does) so clients that check it (Helm's kubeVersion, kubectl version) see a real cluster.
K8S_LDFLAGS  := $(GO_LDFLAGS) $(foreach pkg,k8s.io/component-base/version k8s.io/client-go/pkg/version, \
                  -X $(pkg).gitVersion=$(K8S_VERSION) -X $(pkg).gitMajor=1 -X $(pkg).gitMinor=33 \
                  -X $(pkg).gitTreeState=clean)

# Prometheus for the real-node cluster, built with Kubernetes service discovery (Debian's has
# none): module version v0.3XX.Y is Prometheus 3.XX.Y.
PROMETHEUS_MODULE_VERSION := v0.316.0
PROMETHEUS_VERSION        := 3.16.0
TOOLS_KEY    := $(shell { echo $(K8S_VERSION) $(KWOK_VERSION) $(REGISTRY_VERSION) $(HELM_VERSION) \
                  $(PROMETHEUS_MODULE_VERSION) '$(K8S_LDFLAGS)'; cat tools/go.mod tools/go.sum \
                  tools/coredns/go.mod tools/coredns/go.sum tools/coredns/main.go; } | sha256sum | cut -c1-16)
TOOLS_DIR    := $(CACHE_DIR)/tools/$(TOOLS_KEY)
$(shell if [ -L '$(BIN)' ] || [ ! -e '$(BIN)' ]; then mkdir -p '$(TOOLS_DIR)' && ln -sfn '$(TOOLS_DIR)' '$(BIN)'; fi)

# Third-party CRDs used by the tests; never copied into the repository.
STRIMZI_CRDS_DIR             ?= $(abspath $(CURDIR)/../shared/strimzi-crds/0.50.0)
PROMETHEUS_OPERATOR_CRDS_DIR ?= $(abspath $(CURDIR)/../shared/prometheus-operator-crds/v0.89.0)
export STRIMZI_CRDS_DIR PROMETHEUS_OPERATOR_CRDS_DIR
# The schema registry stateful-joins runs start (make schema-registry), for the tests and the CLI.
SCHEMA_REGISTRY_BIN ?= $(BIN)/schema-registry
export SCHEMA_REGISTRY_BIN

GENERATED_CRDS := $(addprefix core/target/classes/META-INF/fabric8/,benchmarkruns.streamgauge.io-v1.yml benchmarksuites.streamgauge.io-v1.yml)

# failsafe:verify judges target/failsafe-reports/failsafe-summary.xml, which a run that selects no
# test in a module leaves as the last run wrote it: clear them, so an earlier failure cannot fail
# a later run that ran nothing in that module. Every target that runs failsafe clears them first.
CLEAR_IT_SUMMARIES := rm -f */target/failsafe-reports/failsafe-summary.xml

.PHONY: help
help: ## List the targets with one line each
	@grep -hE '^[a-zA-Z0-9_-]+:.*## ' $(MAKEFILE_LIST) | \
	  awk 'BEGIN {FS = ":.*## "}; {printf "  \033[36m%-18s\033[0m %s\n", $$1, $$2}'

.PHONY: tools
tools: prerequisites $(addprefix $(BIN)/,$(K8S_TOOLS)) $(BIN)/kwok $(BIN)/kwok-pod-stages.yaml $(BIN)/helm $(BIN)/coredns $(BIN)/prometheus $(BIN)/registry $(BIN)/schema-registry prometheus-operator ## Build the Kubernetes binaries, kwok, helm, CoreDNS, Prometheus, a registry, a schema registry (cached by input under ~/.cache/streamgauge/tools, linked as bin/) and prometheus-operator; install what is missing first (make prerequisites)

# No file prerequisites: the cache key above stands for them (a clone's fresh timestamps would
# otherwise rebuild what the cache holds).
$(addprefix $(BIN)/,$(K8S_TOOLS)):
	cd tools && $(GO) build -trimpath -ldflags '$(K8S_LDFLAGS)' -o $@ k8s.io/kubernetes/cmd/$(notdir $@)

$(BIN)/kwok:
	GOBIN=$(BIN) $(GO) install -trimpath -ldflags '$(GO_LDFLAGS)' sigs.k8s.io/kwok/cmd/kwok@$(KWOK_VERSION)

# kwok's own pod stages without pod-complete (which ends every Job's pods at once): the test
# control plane's load-generator pods keep running like real ones.
$(BIN)/kwok-pod-stages.yaml: $(BIN)/kwok
	dir=$$($(GO) mod download -json sigs.k8s.io/kwok@$(KWOK_VERSION) | sed -n 's/^.*"Dir": "\(.*\)",$$/\1/p'); \
	  stages=$$dir/kustomize/stage/pod/fast; test -f $$stages/pod-ready.yaml; \
	  { cat $$stages/pod-ready.yaml; echo '---'; cat $$stages/pod-delete.yaml; } > $@.tmp && mv $@.tmp $@

$(BIN)/helm:
	GOBIN=$(BIN) $(GO) install -trimpath -ldflags '$(GO_LDFLAGS)' helm.sh/helm/v3/cmd/helm@$(HELM_VERSION)

# AxonOps Schema Registry (Confluent's REST API), which stateful-joins runs register their Avro
# schemas with; cached by its own module under ~/.cache/streamgauge/schema-registry (about 55 s
# once), so changing it does not rebuild the tools above.
SCHEMA_REGISTRY_KEY   := $(shell cat tools/schema-registry/go.mod tools/schema-registry/go.sum tools/schema-registry/tools.go | sha256sum | cut -c1-16)
SCHEMA_REGISTRY_BUILD := $(CACHE_DIR)/schema-registry/$(SCHEMA_REGISTRY_KEY)/schema-registry

$(SCHEMA_REGISTRY_BUILD):
	cd tools/schema-registry && CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(GO_LDFLAGS)' -o $@ github.com/axonops/axonops-schema-registry/cmd/schema-registry

$(BIN)/schema-registry: $(SCHEMA_REGISTRY_BUILD)
	ln -sfn $< $@

.PHONY: schema-registry
schema-registry: $(BIN)/schema-registry ## Build the schema registry stateful-joins runs use (bin/schema-registry)

$(BIN)/coredns:
	cd tools/coredns && $(GO) build -trimpath -ldflags '$(GO_LDFLAGS)' -o $@ .

$(BIN)/prometheus:
	GOBIN=$(BIN) $(GO) install -trimpath -tags remove_all_sd,enable_kubernetes_sd \
	  -ldflags '$(GO_LDFLAGS) -X github.com/prometheus/common/version.Version=$(PROMETHEUS_VERSION)' \
	  github.com/prometheus/prometheus/cmd/prometheus@$(PROMETHEUS_MODULE_VERSION)

$(BIN)/registry:
	GOBIN=$(BIN) $(GO) install -trimpath -ldflags '$(GO_LDFLAGS)' github.com/distribution/distribution/v3/cmd/registry@$(REGISTRY_VERSION)

.PHONY: prerequisites
prerequisites: ## Install what building and testing need when missing (JDK, Maven, python3-venv, the Debian packages; apt-get as root or with sudo) and check Go >= 1.24: scripts/prerequisites.sh, which .ci/run runs too
	@scripts/prerequisites.sh

.PHONY: prometheus
prometheus: ## Install Prometheus from Debian's prometheus package when none is on the PATH and PROMETHEUS_BIN names none
	@if [ -n "$${PROMETHEUS_BIN:-}" ]; then \
	  test -x "$$PROMETHEUS_BIN" || { echo "PROMETHEUS_BIN=$$PROMETHEUS_BIN is not an executable file" >&2; exit 2; }; \
	  echo "Prometheus: $$PROMETHEUS_BIN (PROMETHEUS_BIN)"; \
	else command -v prometheus >/dev/null || { \
	  echo "installing prometheus (Debian package)"; \
	  $$( [ "$$(id -u)" = 0 ] || echo sudo ) apt-get update -qq && \
	  $$( [ "$$(id -u)" = 0 ] || echo sudo ) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus; }; \
	fi

.PHONY: build
build: ## Compile every module and package the jars (no tests)
	$(MVN) -B package -DskipTests

.PHONY: crds
crds: ## Regenerate crds/ (and the chart's copy) from the Java model (commit the result)
	$(MVN) -B -pl core -am process-classes
	mkdir -p crds
	cp $(GENERATED_CRDS) crds/
	$(MAKE) --no-print-directory chart

.PHONY: chart
chart: ## Copy crds/ and dashboards/ into charts/streamgauge/ (the chart's copies; commit them)
	cp crds/*.yml charts/streamgauge/crds/
	cp dashboards/*.json charts/streamgauge/dashboards/

.PHONY: fmt
fmt: ## Format all Java sources with Spotless (google-java-format)
	$(MVN) -B spotless:apply

# The documentation site: mkdocs-material from PyPI in a virtualenv under ~/.cache (versions pinned
# here), built with --strict so that a broken link or anchor fails.
DOCS_VENV := $(HOME)/.cache/streamgauge/docs-venv-mkdocs1.6.1-material9.8.2
MKDOCS    := $(DOCS_VENV)/bin/mkdocs

$(MKDOCS):
	python3 -m venv $(DOCS_VENV)
	$(DOCS_VENV)/bin/pip install --quiet mkdocs==1.6.1 mkdocs-material==9.8.2

.PHONY: reference
reference: ## Regenerate docs/reference/ from the code (CRDs, CLI, exit codes, failure reasons, scenarios, metric profiles, Helm values, result schema) (commit the result; the tests fail on drift)
	$(MVN) -B -pl core,cli,operator -am test -Dtest='CrdReferencePageTest,CliReferencePageTest,FailureReasonsPageTest,ExitCodesPageTest,ScenarioDefaultsPageTest,MetricProfilesPageTest,HelmValuesPageTest,ResultDocumentPageTest' \
	  -Dsurefire.failIfNoSpecifiedTests=false -Dstreamgauge.docs.write=true -Dspotless.check.skip=true

.PHONY: docs
docs: $(MKDOCS) ## Build the documentation site into target/site (strict: broken links and anchors fail)
	NO_MKDOCS_2_WARNING=1 $(MKDOCS) build --strict --quiet

.PHONY: test
test: tools docs lint-workflows ## The core tests (CI's command; 32-36 min measured on 2 cores, 2026-12-06; 36-43 before the operator's ITs ran beside each other): the docs site, every unit and integration test, the local runs of each platform path, then the real-node smoke — docs/development/testing.md
	$(CLEAR_IT_SUMMARIES)
	$(MVN) -B $(MVN_THREADS) verify
	$(MAKE) --no-print-directory test-cluster PACKAGED=1

# The full tier: everything make test runs and the tests tagged `full` (@Tag("full")), locally
# and on the real node. Each full test also carries one of three slice tags, so CI can run a
# third of them after make test (make test-full-slice SLICE=n).
FULL_TIER := -Dstreamgauge.it.excludedGroups=
SLICE     ?=

.PHONY: test-full
test-full: tools ## Everything: make test and every test tagged full (70-90 min on 2 cores)
	$(CLEAR_IT_SUMMARIES)
	$(MVN) -B $(MVN_THREADS) verify $(FULL_TIER)
	$(MAKE) --no-print-directory test-cluster PACKAGED=1 CLUSTER_IT_FLAGS='$(FULL_TIER)'
	$(MAKE) --no-print-directory test-public-base PACKAGED=1

.PHONY: test-full-slice
test-full-slice: tools ## One third of the full tier's own tests, SLICE=1|2|3 (~18-28 min): the local ones, then the real-node ones on a fresh cluster
	@case "$(SLICE)" in 1|2|3) ;; *) echo "make test-full-slice: set SLICE=1, 2 or 3" >&2; exit 2;; esac
	$(CLEAR_IT_SUMMARIES)
	$(MVN) -B $(MVN_THREADS) verify -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false $(FULL_TIER) \
	  -Dstreamgauge.it.groups=slice-$(SLICE) -Dspotless.check.skip=true
	$(MAKE) --no-print-directory cluster-tests PACKAGED=1 \
	  CLUSTER_IT_FLAGS='$(FULL_TIER) -Dstreamgauge.it.groups=slice-$(SLICE)'
	if [ "$(SLICE)" = 1 ]; then $(MAKE) --no-print-directory test-public-base PACKAGED=1; fi

.PHONY: unit
unit: ## Run only the unit tests (no control plane needed)
	$(MVN) -B test

include images/images.mk
IMAGE_ARCHIVE   := images/target/streamgauge-images.tar
CLUSTER_ARCHIVE := cluster/target/cluster-images.tar
REGISTRY        ?=
PUSH_FLAGS      ?=

# What the images are built from: a changed file here builds them again (images/cached.sh).
IMAGE_INPUTS   := pom.xml common core schemas load-generator latency-consumer apps clients-app flink-app operator images tools/schema-registry
CLUSTER_INPUTS := images/base images/images.mk cluster/images.sh cluster/pause.c
# prometheus-operator, built from the Go module proxy for the cluster's Prometheus
# (cluster/prometheus-operator/build.sh prints its cache directory).
PROMETHEUS_OPERATOR_VERSION := v0.89.0
PROMETHEUS_OPERATOR_BUILD   := cluster/prometheus-operator/build.sh $(CACHE_DIR) $(PROMETHEUS_OPERATOR_VERSION)

.PHONY: images
images: ## Build every image (operator, clients, reference app, Kafka) with podman into images/target/streamgauge-images.tar, reused when its inputs are unchanged (root)
	images/cached.sh streamgauge-images $(IMAGE_ARCHIVE) '$(IMAGE_INPUTS)' $(MAKE) --no-print-directory images-build
	@$(MAKE) --no-print-directory give-back

# Under sudo (sudo make images), what the build wrote into the checkout (the modules' target/
# directories, the archive) goes back to the user who ran sudo, so that make cli or make test as
# that user can write there again. The images themselves stay in root's podman storage: push them
# with sudo make push.
GIVE_BACK ?= $(wildcard */target) $(wildcard target)
.PHONY: give-back
give-back:
	@if [ -n "$${SUDO_UID:-}" ] && [ "$$(id -u)" = 0 ] && [ -n "$(strip $(GIVE_BACK))" ]; then \
	  chown -R "$$SUDO_UID:$${SUDO_GID:-$$SUDO_UID}" $(GIVE_BACK) && \
	  echo "gave $(words $(GIVE_BACK)) build directories back to uid $$SUDO_UID (sudo)"; fi

.PHONY: images-build
images-build: $(BIN)/schema-registry # make images without its cache
	$(PACKAGE) -pl operator,load-generator,latency-consumer,apps,clients-app,flink-app,images -am package -DskipTests
	mkdir -p images/target && cp -L $(BIN)/schema-registry images/target/schema-registry
	images/build.sh $(IMAGE_ARCHIVE) $(IMAGE_REGISTRY) $(IMAGE_TAG) $(JRE_BASE_IMAGE) $(IMAGE_NAMES)

.PHONY: push
push: ## Push the images of make images to REGISTRY=host[:port]/path (PUSH_FLAGS=--tls-verify=false for plain HTTP)
	@[ -n "$(REGISTRY)" ] || { echo "make push: set REGISTRY, e.g. make push REGISTRY=registry.example:5000/streamgauge" >&2; exit 2; }
	@podman image exists $(IMAGE_REGISTRY)/operator:$(IMAGE_TAG) || { \
	  echo "make push: no image $(IMAGE_REGISTRY)/operator:$(IMAGE_TAG) in $$(id -un)'s podman storage:" \
	    "make images built them as root, so push them as root: sudo make push REGISTRY=$(REGISTRY)" >&2; exit 2; }
	@for name in $(IMAGE_NAMES); do \
	  podman tag $(IMAGE_REGISTRY)/$$name:$(IMAGE_TAG) $(REGISTRY)/$$name:$(IMAGE_TAG) && \
	  podman push --quiet $(PUSH_FLAGS) $(REGISTRY)/$$name:$(IMAGE_TAG) && \
	  echo "pushed $(REGISTRY)/$$name:$(IMAGE_TAG)" || exit 1; \
	done

.PHONY: version
version: ## Print the version the images, the chart's appVersion and a release tag (v<version>) carry
	@echo $(IMAGE_TAG)

.PHONY: image-names
image-names: ## Print the names of the images make images builds
	@echo $(IMAGE_NAMES)

# actionlint (a Go module, cached under ~/.cache/streamgauge by its version) checks the GitHub
# workflows: their syntax, expressions, action inputs and, where shellcheck is installed, their
# scripts.
ACTIONLINT_VERSION := v1.7.12
ACTIONLINT         := $(CACHE_DIR)/actionlint/$(ACTIONLINT_VERSION)/actionlint

$(ACTIONLINT):
	GOBIN=$(dir $@) $(GO) install -trimpath -ldflags '$(GO_LDFLAGS)' github.com/rhysd/actionlint/cmd/actionlint@$(ACTIONLINT_VERSION)

.PHONY: lint-workflows
lint-workflows: $(ACTIONLINT) ## Check .github/workflows/ with actionlint (make test runs it)
	$(ACTIONLINT) -no-color .github/workflows/*.yml

.PHONY: test-images
test-images: tools images ## Check the images: non-root users, and make push into a real registry on loopback
	images/test-images.sh $(BIN) $(IMAGE_REGISTRY) $(IMAGE_TAG) $(IMAGE_NAMES)

# The jars are packaged (make images or make test did it); the schema registry is staged here, since
# a make images served from its cache did not stage it.
.PHONY: test-public-base
test-public-base: images $(BIN)/schema-registry ## Build every Containerfile on a public-style JRE base (no user home, as eclipse-temurin) and check each runs as 10001 in a writable home (root; ~1 min; full tier)
	mkdir -p images/target && cp -L $(BIN)/schema-registry images/target/schema-registry
	images/test-public-base.sh $(IMAGE_NAMES)

.PHONY: prometheus-operator
prometheus-operator: ## Build prometheus-operator and its config reloader from the Go module proxy (about 5 min once; cached under ~/.cache/streamgauge/prometheus-operator)
	$(PROMETHEUS_OPERATOR_BUILD)

.PHONY: cluster-images
cluster-images: $(BIN)/prometheus images prometheus-operator ## Build the test cluster's own images (pause, Prometheus, prometheus-operator) into cluster/target/cluster-images.tar, reused when unchanged
	build=$$($(PROMETHEUS_OPERATOR_BUILD)) && \
	images/cached.sh cluster-images-$(TOOLS_KEY)-$$(basename $$build) $(CLUSTER_ARCHIVE) '$(CLUSTER_INPUTS)' \
	  cluster/images.sh $(CLUSTER_ARCHIVE) $(JRE_BASE_IMAGE) $(BIN)/prometheus $$build

.PHONY: cluster-up
cluster-up: tools images cluster-images ## Start a single-node Kubernetes on this machine with the images imported (root; cluster/README.md)
	cluster/up.sh $(BIN) $(CLUSTER_ARCHIVE) $(IMAGE_ARCHIVE)
	cluster/prometheus-operator/install.sh $(BIN) $$($(PROMETHEUS_OPERATOR_BUILD))

.PHONY: cluster-down
cluster-down: ## Stop the cluster of make cluster-up and remove everything it changed on this machine
	cluster/down.sh $(BIN)

.PHONY: test-cluster
test-cluster: tools images cluster-images ## The real-node smoke (root; ~9 min): the images, cleanup checks, then the untagged *ClusterIT on a fresh cluster, always torn down
	images/test-images.sh $(BIN) $(IMAGE_REGISTRY) $(IMAGE_TAG) $(IMAGE_NAMES)
	cluster/clear-interrupted.sh $(BIN)
	cluster/test-failed-start.sh $(BIN)
	$(MAKE) --no-print-directory cluster-tests CLUSTER_END='cluster/test-killed-run.sh $(BIN)'

# *ClusterIT on a cluster of its own (CLUSTER_IT_FLAGS picks the tier): the operator module and
# what it needs (and the streamgauge command: the smoke runs its run with it), unit tests and
# the format check skipped (the build before ran them). A run's Strimzi resources are answered by
# the tests' own stand-in reconciler (StrimziStandIn), not by Strimzi.
CLUSTER_IT_FLAGS ?=
# How cluster-tests ends its cluster: taken down and checked clean; make test-cluster instead kills
# it as a killed run would be and checks that clear-interrupted.sh clears it (one start fewer).
CLUSTER_END ?= cluster/down.sh $(BIN); cluster/check-clean.sh
.PHONY: cluster-tests
cluster-tests: tools images cluster-images cli
	cluster/up.sh $(BIN) $(CLUSTER_ARCHIVE) $(IMAGE_ARCHIVE)
	status=0; $(CLEAR_IT_SUMMARIES); \
	cluster/prometheus-operator/install.sh $(BIN) $$($(PROMETHEUS_OPERATOR_BUILD)) && \
	$(MVN) -B -pl operator -am verify -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
	  -Dspotless.check.skip=true -Dit.test='*ClusterIT' -Dfailsafe.failIfNoSpecifiedTests=false \
	  $(CLUSTER_IT_FLAGS) || status=$$?; \
	$(CLUSTER_END) && exit $$status

.PHONY: bench-load-generator
bench-load-generator: ## Benchmark the load generator's ceiling against Kafka's ProducerPerformance (about 10 min)
	$(MVN) -B -Pbench-load-generator -pl bench -am package -DskipTests

.PHONY: bench-trace-header
bench-trace-header: ## Benchmark what the trace header costs the wordcount app (throughput, CPU, bytes; about 10 min)
	$(MVN) -B -Pbench-trace-header -pl bench -am package -DskipTests

.PHONY: bench-transaction-tail
bench-transaction-tail: ## Measure the latency tail without an app: transactions with and without offset commits, two retry backoffs, linger.ms 100 (about 5 min)
	$(MVN) -B -Pbench-transaction-tail -pl bench -am package -DskipTests

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
CLI_SOURCES  := $(shell find pom.xml common schemas core load-generator latency-consumer apps clients-app flink-app cli \
                  \( -name pom.xml -o -path '*/src/main/*' \) -type f -not -path '*/target/*' 2>/dev/null)
DEMO_SPEC    ?= examples/run-wordcount-eos.yaml
# The demo's short windows, kept whatever DEMO_ARGS says (DEMO_WINDOWS= runs the spec's own).
DEMO_WINDOWS ?= --catch-up 1m --warmup 30s --measurement 60s
DEMO_ARGS    ?= --rate-scale 0.1
BENCH_CAPACITY_DIR ?= $(HOME)/.cache/streamgauge/bench-capacity

$(STREAMGAUGE): $(CLI_SOURCES)
	$(PACKAGE) -pl cli -am package -DskipTests
	@touch $@

.PHONY: cli
cli: $(STREAMGAUGE) ## Build the streamgauge command into cli/target/streamgauge (bin/streamgauge, lib/)

.PHONY: demo
demo: prometheus $(STREAMGAUGE) ## Run a real benchmark on this machine: wordcount EOS, 30 s warmup + 60 s measured (about 2 min after the build)
	$(STREAMGAUGE) run --local $(DEMO_SPEC) $(DEMO_WINDOWS) $(DEMO_ARGS)

# Exit code 5 is a search that ended unresolved (its probe budget spent): a result to record like
# any other, so the second search still runs.
.PHONY: bench-capacity
bench-capacity: prometheus $(STREAMGAUGE) ## Search the capacity of stateless-simple (at-least-once, app on 1 core) twice, to see how stable it is (up to 3 h)
	rm -rf $(BENCH_CAPACITY_DIR) && mkdir -p $(BENCH_CAPACITY_DIR)
	for i in 1 2; do \
	  $(STREAMGAUGE) run --local examples/run-capacity-stateless-simple-alo.yaml -d $(BENCH_CAPACITY_DIR)/$$i; \
	  status=$$?; [ $$status -eq 0 ] || [ $$status -eq 5 ] || exit $$status; \
	done
	@echo "results: $(BENCH_CAPACITY_DIR)/1/capacity.md and $(BENCH_CAPACITY_DIR)/2/capacity.md"

.PHONY: clean
clean: ## Delete build output and the bin/ link (the cache under ~/.cache/streamgauge stays)
	$(MVN) -B -q clean
	rm -f $(BIN)
