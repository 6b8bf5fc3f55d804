/**
 * What every module's tests start for real instead of mocking: child JVMs that stop with the test's
 * JVM and readiness waits over HTTP, with a Kafka broker, Prometheus and a schema registry in the
 * packages below. Test code only: no main code depends on it.
 */
package io.streamgauge.testing;
