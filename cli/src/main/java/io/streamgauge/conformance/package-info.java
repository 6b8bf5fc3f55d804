/**
 * {@code streamgauge conformance}: what an app under test does against the contract every runtime
 * meets (docs/guides/runtimes.md), checked one point at a time on this machine: readiness, every
 * output topic written, input timestamps and trace headers carried, exactly-once output committed
 * in transactions on the commit interval and aborted ones never seen, the figures its metric
 * profile reads, a clean stop on SIGTERM.
 */
package io.streamgauge.conformance;
