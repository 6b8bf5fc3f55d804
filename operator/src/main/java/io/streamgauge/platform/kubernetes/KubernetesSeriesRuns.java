package io.streamgauge.platform.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.platform.NameConflictException;
import io.streamgauge.series.PlannedRun;
import io.streamgauge.series.SeriesRuns;
import java.net.HttpURLConnection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The runs of a series as BenchmarkRuns the owner (a BenchmarkSuite, or a BenchmarkRun with
 * repetitions) creates and controls: labelled with the owner's name, annotated with their cell and
 * repetition, deleted with the owner. Read from the operator's cache, or from the API server when
 * the cache does not have them yet (just created).
 */
public final class KubernetesSeriesRuns implements SeriesRuns {

  private final KubernetesClient client;
  private final HasMetadata owner;
  private final String ownerLabel;
  private final Function<String, Optional<BenchmarkRun>> cache;
  private final KubernetesSerialization serialization;

  /**
   * @param ownerLabel the label naming the owner on its runs: {@link Labels#SUITE} or {@link
   *     Labels#REPETITION_OF}
   * @param cache the operator's view of the owner's namespace's runs, by name
   */
  public KubernetesSeriesRuns(
      KubernetesClient client,
      HasMetadata owner,
      String ownerLabel,
      Function<String, Optional<BenchmarkRun>> cache) {
    this.client = client;
    this.owner = owner;
    this.ownerLabel = ownerLabel;
    this.cache = cache;
    this.serialization = client.getKubernetesSerialization();
  }

  @Override
  public Optional<JsonNode> find(String name) {
    Optional<BenchmarkRun> run = cache.apply(name).or(() -> Optional.ofNullable(get(name)));
    if (run.isPresent() && !controlled(run.get())) {
      throw conflict(run.get());
    }
    return run.map(r -> serialization.convertValue(r, JsonNode.class));
  }

  @Override
  public boolean create(PlannedRun planned) {
    BenchmarkRun run = new BenchmarkRun();
    Map<String, String> annotations = new LinkedHashMap<>();
    if (planned.cellName() != null) {
      annotations.put(Labels.CELL, planned.cellName());
    }
    annotations.put(Labels.REPETITION, Integer.toString(planned.repetition()));
    run.setMetadata(
        new ObjectMetaBuilder()
            .withName(planned.name())
            .withNamespace(owner.getMetadata().getNamespace())
            .withLabels(
                Map.of(
                    ownerLabel,
                    owner.getMetadata().getName(),
                    Labels.MANAGED_BY,
                    Labels.MANAGED_BY_VALUE))
            .withAnnotations(annotations)
            .withOwnerReferences(
                new OwnerReferenceBuilder()
                    .withApiVersion(owner.getApiVersion())
                    .withKind(owner.getKind())
                    .withName(owner.getMetadata().getName())
                    .withUid(owner.getMetadata().getUid())
                    .withController(true)
                    .withBlockOwnerDeletion(true)
                    .build())
            .build());
    run.setSpec(planned.spec());
    try {
      client.resource(run).create();
      return true;
    } catch (KubernetesClientException e) {
      if (e.getCode() != HttpURLConnection.HTTP_CONFLICT) {
        throw e;
      }
    }
    BenchmarkRun existing = get(planned.name());
    if (existing == null || existing.getMetadata().getDeletionTimestamp() != null) {
      return false;
    }
    if (!controlled(existing)) {
      throw conflict(existing);
    }
    return true;
  }

  private BenchmarkRun get(String name) {
    return client
        .resources(BenchmarkRun.class)
        .inNamespace(owner.getMetadata().getNamespace())
        .withName(name)
        .get();
  }

  private boolean controlled(BenchmarkRun run) {
    return run.getMetadata().getOwnerReferences().stream()
        .anyMatch(
            r ->
                Boolean.TRUE.equals(r.getController())
                    && owner.getMetadata().getUid().equals(r.getUid()));
  }

  private NameConflictException conflict(BenchmarkRun run) {
    return new NameConflictException(
        "BenchmarkRun "
            + run.getMetadata().getNamespace()
            + "/"
            + run.getMetadata().getName()
            + " already exists and is not "
            + owner.getKind()
            + " "
            + owner.getMetadata().getName()
            + "'s: rename or delete it");
  }
}
