package io.streamgauge.testing;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.api.BenchmarkRun;

/** Creates the BenchmarkRuns of control-plane tests from the YAML of their spec. */
public final class TestRuns {

  private TestRuns() {}

  /**
   * Creates run {@code namespace/name} whose {@code spec} is {@code specYaml} (a YAML mapping, as
   * written under {@code spec:}), through the API server as a user's {@code kubectl apply} would.
   */
  public static BenchmarkRun create(
      KubernetesClient client, String namespace, String name, String specYaml) {
    String yaml =
        "apiVersion: streamgauge.io/v1alpha1\nkind: BenchmarkRun\n"
            + "metadata: {name: "
            + name
            + ", namespace: "
            + namespace
            + "}\nspec:\n"
            + specYaml.stripIndent().indent(2);
    return client
        .resource(client.getKubernetesSerialization().unmarshal(yaml, BenchmarkRun.class))
        .create();
  }
}
