/** A real Prometheus server for tests, on loopback, with the scrape jobs a test gives it. */
package io.streamgauge.testing.prometheus;
