package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;
import io.streamgauge.scenario.ReferenceApps;
import java.net.URI;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Function;

/**
 * Runs a BenchmarkRun on Kubernetes: Strimzi resources, the app Deployment, the latency consumer
 * and the load-generator Job, all owned by the run. Builds the {@link Platform}'s roles ({@link
 * KubernetesProvisioner}, {@link KubernetesObserver}, {@link KubernetesFaults}, {@link
 * KubernetesResults}, {@link KubernetesTeardown}) over the state they share: the informers' cache,
 * the runs' API tokens, the client.
 */
public final class KubernetesPlatform {

  private final KubernetesClient client;
  private final PlatformSettings settings;
  private final RunObjectCache objects = new RunObjectCache();
  private final Platform platform;

  /**
   * @param latencyConsumerUrl where the operator reaches a run's latency consumer; in a cluster
   *     {@link LatencyConsumerResources#serviceUrl}
   * @param clock the time pods' conditions are judged against
   */
  public KubernetesPlatform(
      KubernetesClient client,
      PlatformSettings settings,
      Function<RunContext, URI> latencyConsumerUrl,
      Clock clock) {
    this.client = client;
    this.settings = settings;
    OwnedObjects owned = new OwnedObjects(client);
    RunWorkloads workloads = new RunWorkloads(objects, clock, settings.schedulingGrace());
    RunApiTokens tokens = new RunApiTokens(client, owned);
    KafkaSecrets secrets = new KafkaSecrets(client);
    this.platform =
        new Platform(
            new KubernetesProvisioner(client, settings, owned, workloads, tokens, secrets),
            new KubernetesObserver(
                client, workloads, tokens, latencyConsumerUrl, settings.firstScrapeWait(), clock),
            new KubernetesFaults(client),
            new KubernetesResults(client),
            new KubernetesTeardown(client, settings, tokens, secrets));
  }

  /** The platform's roles, for the phase machine. */
  public Platform platform() {
    return platform;
  }

  /** The runs' workloads and pods as watched by informers; the reconciler registers them. */
  public RunObjectCache objects() {
    return objects;
  }

  /** The reference apps a run that names no {@code spec.app.image} runs, by runtime. */
  public ReferenceApps referenceApps() {
    return settings.images().referenceApps();
  }

  /**
   * Why the operator must not query the run's Prometheus ({@link PrometheusEndpoints}), starting
   * with the field path; empty when it may.
   */
  public Optional<String> prometheusRefusal(RunContext run) {
    return settings
        .prometheusEndpoints()
        .refusal(run.spec().getPrometheus().getUrl(), run.namespace(), this::serviceType);
  }

  private Optional<String> serviceType(String namespace, String name) {
    try {
      Service service = client.services().inNamespace(namespace).withName(name).get();
      if (service == null) {
        return Optional.empty();
      }
      String type = service.getSpec() == null ? null : service.getSpec().getType();
      return Optional.of(type == null ? "ClusterIP" : type);
    } catch (KubernetesClientException e) {
      if (e.getCode() == 403) {
        throw new PrometheusEndpoints.Forbidden("get services: forbidden");
      }
      throw e;
    }
  }
}
