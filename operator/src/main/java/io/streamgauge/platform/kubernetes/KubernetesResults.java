package io.streamgauge.platform.kubernetes;

import static io.streamgauge.platform.kubernetes.KubernetesErrors.guarded;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.streamgauge.api.status.ResultRef;
import io.streamgauge.platform.ResultStore;
import io.streamgauge.platform.RunContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A run's result document and the end of its logs in ConfigMaps: owned by the run, or kept beyond
 * it when {@code spec.cleanup.keepResults} says so.
 */
final class KubernetesResults implements ResultStore {

  private final KubernetesClient client;

  KubernetesResults(KubernetesClient client) {
    this.client = client;
  }

  @Override
  public ResultRef storeResults(RunContext run, ObjectNode document) throws IOException {
    RunOwner owner = RunOwner.of(run);
    boolean keep = Boolean.TRUE.equals(run.spec().getCleanup().getKeepResults());
    String name = ResultsConfigMap.name(owner, keep);
    try {
      ConfigMap results = ResultsConfigMap.build(owner, document.toPrettyString(), keep);
      ConfigMap existing = client.resource(results).get();
      if (existing != null && !keep) {
        owner.requireControlled(existing);
      }
      client.resource(results).serverSideApply();
      ResultRef ref = new ResultRef();
      ref.setConfigMap(name);
      ref.setKey(ResultsConfigMap.keyOf(results));
      return ref;
    } catch (KubernetesClientException | IllegalArgumentException e) {
      throw new IOException("cannot store ConfigMap " + name + ": " + e.getMessage(), e);
    }
  }

  @Override
  public Optional<String> keepLogs(RunContext run) {
    RunOwner owner = RunOwner.of(run);
    String name = RunLogs.name(owner);
    return guarded(
        "the run's logs",
        () -> {
          ConfigMap kept = client.configMaps().inNamespace(run.namespace()).withName(name).get();
          if (kept != null) {
            owner.requireControlled(kept);
          } else {
            List<Map<String, String>> pods = new ArrayList<>();
            pods.add(Map.of(Labels.RUN, run.name()));
            if (run.spec().getKafka().getExternal() == null) {
              pods.add(
                  Map.of(
                      KafkaClusterResources.CLUSTER_LABEL,
                      KafkaClusterResources.clusterName(run.name())));
            }
            List<RunLogs.ContainerLog> logs =
                new RunLogReader(client).read(run.namespace(), owner.uid(), pods);
            client.resource(RunLogs.build(owner, logs)).create();
          }
          return Optional.of(name);
        });
  }
}
