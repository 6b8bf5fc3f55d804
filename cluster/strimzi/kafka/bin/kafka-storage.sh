#!/usr/bin/env bash
# Formats or inspects KRaft storage (kafka.tools.StorageTool), as Apache Kafka's
# bin/kafka-storage.sh does; Strimzi's kafka_run.sh formats the node's volumes with it.
set -euo pipefail
exec "$(dirname "$0")/kafka-run-class.sh" kafka.tools.StorageTool "$@"
