package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.streamgauge.api.BenchmarkRunSpec;
import io.streamgauge.api.PodPlacement;
import io.streamgauge.metrics.Component;
import io.streamgauge.platform.ClientDocuments;
import io.streamgauge.platform.RunTargets;
import java.util.Map;

/**
 * The load generators: an indexed Job of {@code spec.load.producers} pods running in parallel, each
 * sending its share of every topic's rate for warmup + measurement + slack, next to the latency
 * consumer. A failed pod is not retried: a restarted generator would break the run's sequence
 * numbers and its fixed rate.
 */
public final class LoadGeneratorJob {

  private LoadGeneratorJob() {}

  /** The Job's name. */
  public static String name(RunOwner owner) {
    return RunTargets.name(owner.name(), Component.LOAD_GENERATOR);
  }

  /** The Job. */
  public static Job build(RunOwner owner, BenchmarkRunSpec spec, String bootstrap, String image) {
    Map<String, String> labels = Labels.forComponent(owner.name(), Component.LOAD_GENERATOR);
    int producers = spec.getLoad().getProducers();
    PodPlacement placement = spec.getPlacement() == null ? null : spec.getPlacement().getClients();
    return new JobBuilder()
        .withMetadata(owner.metadata(name(owner), labels))
        .withNewSpec()
        .withParallelism(producers)
        .withCompletions(producers)
        .withCompletionMode("Indexed")
        .withBackoffLimit(0)
        .withNewTemplate()
        .withNewMetadata()
        .withLabels(labels)
        .withAnnotations(
            PodSettings.scrapeAnnotations(ClientDocuments.LOAD_METRICS_PORT, "/metrics"))
        .endMetadata()
        .withNewSpec()
        .withRestartPolicy("Never")
        .withAffinity(PodSettings.nextToLatencyConsumer(owner.name()))
        .withNodeSelector(placement == null ? null : placement.getNodeSelector())
        .withTolerations(placement == null ? null : placement.getTolerations())
        .addNewContainer()
        .withName("load-generator")
        .withImage(image)
        .addNewEnv()
        .withName("STREAMGAUGE_WORKLOAD")
        .withValue(ClientDocuments.workload(spec, bootstrap).toString())
        .endEnv()
        .addNewPort()
        .withName("metrics")
        .withContainerPort(ClientDocuments.LOAD_METRICS_PORT)
        .endPort()
        .endContainer()
        .endSpec()
        .endTemplate()
        .endSpec()
        .build();
  }
}
