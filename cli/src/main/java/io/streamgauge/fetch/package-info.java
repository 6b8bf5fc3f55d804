/**
 * A cluster's results as files on this machine: waiting for a BenchmarkRun or BenchmarkSuite to end
 * and writing its result document and reports, read with the Kubernetes client from what the
 * operator stored. It uses none of the operator's code and parses no command line.
 */
package io.streamgauge.fetch;
