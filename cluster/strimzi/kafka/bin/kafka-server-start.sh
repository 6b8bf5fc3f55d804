#!/usr/bin/env bash
# Starts the broker (kafka.Kafka) with the given properties file, as Apache Kafka's
# bin/kafka-server-start.sh does: a 1 GiB heap unless KAFKA_HEAP_OPTS says otherwise (Strimzi sets
# it from the node pool's resources).
#
#   usage: kafka-server-start.sh server.properties [--override property=value]...
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: kafka-server-start.sh server.properties [--override property=value]..." >&2; exit 2; }
export KAFKA_HEAP_OPTS=${KAFKA_HEAP_OPTS:--Xmx1G -Xms1G}
exec "$(dirname "$0")/kafka-run-class.sh" -name kafkaServer -loggc kafka.Kafka "$@"
