/**
 * A real Kafka broker for tests (KRaft, one node, on loopback; TLS with a test certificate when
 * asked) and a reader of its topics. Test code only.
 */
package io.streamgauge.testing.kafka;
