#!/usr/bin/env bash
# Creates, lists and describes topics (org.apache.kafka.tools.TopicCommand), as Apache Kafka's
# bin/kafka-topics.sh does: what users run inside a broker pod.
set -euo pipefail
exec "$(dirname "$0")/kafka-run-class.sh" org.apache.kafka.tools.TopicCommand "$@"
