/** Benchmark harnesses. Each prints ratios against a reference measured in the same run. */
package io.streamgauge.bench;
