/**
 * The custom resources ({@code streamgauge.io/v1alpha1}): {@code BenchmarkRun} and {@code
 * BenchmarkSuite}. Their model reads one way, each package using only those before it: {@code spec}
 * (what a run asks for), {@code summary} (the figures a run reports), {@code status} (how a run
 * went: phases, conditions and what its children did), {@code suite} (a suite's spec and status),
 * and here the resources themselves. Model classes and nothing else.
 *
 * <p>Field documentation lives in {@code @JsonPropertyDescription}: that text is what the CRD
 * generator writes into the CRD schema, so it is what {@code kubectl explain benchmarkrun.spec...}
 * prints. Validation that the API server enforces (enums, minimums, patterns, CEL rules) is
 * declared on the fields with the Fabric8 generator annotations; {@code crds/} holds the generated
 * YAML, which does not depend on these packages.
 */
package io.streamgauge.api;
