/**
 * A {@code BenchmarkRun}'s spec: the scenario, the app under test, the Kafka cluster, the load, the
 * latency consumer, the windows, the checks, and the series a run can stand for (repetitions, a
 * capacity search, a gate, faults). Each field's description is its CRD documentation.
 */
package io.streamgauge.api.spec;
