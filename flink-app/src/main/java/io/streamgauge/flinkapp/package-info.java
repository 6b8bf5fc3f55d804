/**
 * The reference app on Flink (an embedded cluster in one JVM): wordcount and stateless-simple under
 * the app contract, its metrics bridged to the contract's names. It depends on the common contract
 * code only, never on the benchmark's own modules.
 */
package io.streamgauge.flinkapp;
