package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.common.KafkaSecretSettings;
import io.streamgauge.metrics.Component;
import io.streamgauge.platform.ClientDocuments;
import io.streamgauge.platform.KafkaSecurity;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunTargets;
import io.streamgauge.run.Restoration;

/**
 * The load generators: an indexed Job of {@code spec.load.producers} pods running in parallel, each
 * sending its share of every topic's rate until a margin after the measurement window (which it
 * learns from the latency consumer it runs next to). A failed pod is not retried: a restarted
 * generator would break the run's sequence numbers and its fixed rate.
 */
public final class LoadGeneratorJob {

  private LoadGeneratorJob() {}

  /** The Job's name. */
  public static String name(RunOwner owner) {
    return RunTargets.name(owner.name(), Component.LOAD_GENERATOR);
  }

  /** The Job. */
  public static Job build(RunContext run, String bootstrap, String image) {
    RunOwner owner = RunOwner.of(run);
    BenchmarkRunSpec spec = run.spec();
    int producers = spec.getLoad().getProducers();
    Container generator =
        new ContainerBuilder()
            .withName(Component.LOAD_GENERATOR.containerName())
            .withImage(image)
            .withResources(spec.getLoad().getResources())
            .addNewEnv()
            .withName("STREAMGAUGE_WORKLOAD")
            .withValue(
                ClientDocuments.workload(run, bootstrap, LatencyConsumerResources.serviceUrl(run))
                    .toString())
            .endEnv()
            .addAllToEnv(
                SecretEnvironment.of(KafkaSecurity.of(spec), KafkaSecretSettings::variable))
            .addToEnv(RunApiToken.variable(owner))
            .addNewPort()
            .withName("metrics")
            .withContainerPort(ClientDocuments.LOAD_METRICS_PORT)
            .endPort()
            .build();
    return new JobBuilder()
        .withMetadata(
            owner.metadata(
                name(owner), Labels.forComponent(owner.name(), Component.LOAD_GENERATOR)))
        .withNewSpec()
        .withParallelism(producers)
        .withCompletions(producers)
        .withCompletionMode("Indexed")
        .withBackoffLimit(0)
        .withTemplate(
            RunPods.template(
                owner,
                Component.LOAD_GENERATOR,
                ClientDocuments.LOAD_METRICS_PORT,
                "/metrics",
                Restoration.is(run)
                    ? PodSettings.prepopulator(owner.name())
                    : PodSettings.loadGenerator(
                        owner.name(), spec.getPlacement().getClientsCoLocation()),
                spec.getPlacement().getClients(),
                "Never",
                generator))
        .endSpec()
        .build();
  }
}
