package io.streamgauge.cli;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import picocli.CommandLine.Option;

/**
 * The options of every command that talks to a cluster ({@code run} without {@code --local}, {@code
 * wait}, {@code results fetch}): which kubeconfig context and namespace, as kubectl takes them.
 */
final class ClusterOptions {

  @Option(
      names = "--context",
      paramLabel = "CONTEXT",
      description =
          "The kubeconfig context. Default: the current one ($KUBECONFIG or ~/.kube/config).")
  String context;

  @Option(
      names = {"-n", "--namespace"},
      paramLabel = "NS",
      description = "The namespace. Default: the kubeconfig context's, else default.")
  String namespace;

  /** A client of the chosen context. */
  KubernetesClient connect() {
    Config config = context == null ? Config.autoConfigure(null) : Config.autoConfigure(context);
    return new KubernetesClientBuilder().withConfig(config).build();
  }

  /** The namespace to use with {@code client}. */
  String namespace(KubernetesClient client) {
    if (namespace != null) {
      return namespace;
    }
    return client.getNamespace() == null ? "default" : client.getNamespace();
  }
}
