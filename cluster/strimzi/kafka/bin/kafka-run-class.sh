#!/usr/bin/env bash
# Runs a Java class on the broker's classpath (/opt/kafka/libs) the way Apache Kafka's
# bin/kafka-run-class.sh does, reading the same variables Strimzi's scripts set: KAFKA_HEAP_OPTS,
# KAFKA_JVM_PERFORMANCE_OPTS, KAFKA_GC_LOG_OPTS, KAFKA_JMX_OPTS, KAFKA_LOG4J_OPTS, KAFKA_OPTS.
# Kafka's own scripts are not in its Maven artifacts; this keeps their interface, not their text,
# and drops what a container does not use (-daemon, log files, -loggc into a file).
#
#   usage: kafka-run-class.sh [-name NAME] [-loggc] CLASS [ARG...]
set -euo pipefail

home=$(cd "$(dirname "$0")/.." && pwd)
while [ $# -gt 0 ]; do
  case $1 in
    -name) shift 2 ;;   # names the daemon's log file: there is none
    -loggc) shift ;;    # GC logging comes from KAFKA_GC_LOG_OPTS (Strimzi: to stdout)
    -daemon) echo "kafka-run-class.sh: -daemon is not supported in this image" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "usage: kafka-run-class.sh [-name NAME] [-loggc] CLASS [ARG...]" >&2; exit 2; }

heap=${KAFKA_HEAP_OPTS:--Xmx256M}
performance=${KAFKA_JVM_PERFORMANCE_OPTS:--server -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:InitiatingHeapOccupancyPercent=35 -XX:+ExplicitGCInvokesConcurrent -XX:MaxInlineLevel=15 -Djava.awt.headless=true}

# shellcheck disable=SC2086 # the variables hold several options each, as in Kafka's script
exec java $heap $performance ${KAFKA_GC_LOG_OPTS:-} ${KAFKA_JMX_OPTS:-} ${KAFKA_LOG4J_OPTS:-} \
  -cp "$home/libs/*" ${KAFKA_OPTS:-} "$@"
