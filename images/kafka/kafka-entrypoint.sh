#!/bin/sh
# One-node Kafka KRaft cluster (broker and controller in one process), configured from the
# environment, the same settings as local mode's broker (SingleNodeKafkaConfig). Clients connect
# to port 9092 (PLAINTEXT); the controller listens on 127.0.0.1:9093. No variable ends in _PORT:
# Kubernetes sets <SERVICE>_PORT in every pod of the namespace (a Service named kafka makes
# KAFKA_PORT=tcp://...).
#   KAFKA_ADVERTISED_ADDRESS host:port clients are told to use (default: this container's IP:9092)
#   KAFKA_DATA_DIR         log directory, formatted on first start (default /home/streamgauge/kafka)
#   KAFKA_CLUSTER_ID       cluster id for a fresh log directory (default: a random one)
#   KAFKA_SERVER_PROPERTIES further server.properties lines, applied last
#   KAFKA_HEAP_OPTS        JVM heap options (default: 75 % of the container's memory limit)
set -eu

advertised=${KAFKA_ADVERTISED_ADDRESS:-$(hostname -i | cut -d' ' -f1):9092}
data=${KAFKA_DATA_DIR:-/home/streamgauge/kafka}
config=${TMPDIR:-/tmp}/server.properties
cp="/opt/kafka/libs/*"

cat > "$config" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:9093
listeners=PLAINTEXT://0.0.0.0:9092,CONTROLLER://127.0.0.1:9093
advertised.listeners=PLAINTEXT://$advertised
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$data
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
num.partitions=1
${KAFKA_SERVER_PROPERTIES:-}
PROPS

mkdir -p "$data"
cluster_id=${KAFKA_CLUSTER_ID:-$(java -cp "$cp" kafka.tools.StorageTool random-uuid)}
java -cp "$cp" kafka.tools.StorageTool format --ignore-formatted -t "$cluster_id" -c "$config"
echo "kafka: advertising PLAINTEXT://$advertised, data in $data"
# shellcheck disable=SC2086 # KAFKA_HEAP_OPTS is a list of options
exec java ${KAFKA_HEAP_OPTS:--XX:MaxRAMPercentage=75} -cp "$cp" kafka.Kafka "$config"
