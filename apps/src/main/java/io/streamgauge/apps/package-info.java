/**
 * The reference apps under test: Kafka Streams topologies for the benchmark scenarios, one class
 * each ({@link io.streamgauge.apps.ScenarioTopology}), run by one command ({@link
 * io.streamgauge.apps.Main}) with Prometheus metrics and a health endpoint.
 */
package io.streamgauge.apps;
