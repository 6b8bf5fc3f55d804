/**
 * The {@code BenchmarkRun} custom resource model ({@code streamgauge.io/v1alpha1}): spec and status
 * classes and nothing else.
 *
 * <p>Field documentation lives in {@code @JsonPropertyDescription}: that text is what the CRD
 * generator writes into the CRD schema, so it is what {@code kubectl explain benchmarkrun.spec...}
 * prints. Validation that the API server enforces (enums, minimums, patterns, CEL rules) is
 * declared here with the Fabric8 generator annotations; {@code crds/} holds the generated YAML.
 */
package io.streamgauge.api;
