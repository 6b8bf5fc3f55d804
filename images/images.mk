# Names and tags of Streamgauge's container images: the one place they are set. The Makefile,
# the Helm chart's defaults, the operator's defaults (ClientImages) and the examples follow these;
# ImageNamesTest fails the build when one of them does not.
IMAGE_REGISTRY ?= ghcr.io/streamgauge
IMAGE_TAG      ?= 0.1.0
# Every image `make images` builds, as images/<name>/Containerfile.
IMAGE_NAMES    := operator load-generator latency-consumer streams-app flink-app clients-app kafka schema-registry
# The JRE base they are built on, made from Debian packages by images/base/jre-rootfs.sh.
JRE_BASE_IMAGE ?= localhost/streamgauge/jre:17
