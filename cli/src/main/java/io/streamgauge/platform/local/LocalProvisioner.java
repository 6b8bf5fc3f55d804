package io.streamgauge.platform.local;

import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.Provisioner;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunTopics;
import java.io.IOException;
import java.util.Map;

/**
 * Starts a local run's processes once each and reports their state: the broker and its topics (or
 * the topics on a shared Kafka), the schema registry, the app, the latency consumer and the load
 * generators.
 */
final class LocalProvisioner implements Provisioner {

  private final LocalProcesses processes;

  LocalProvisioner(LocalProcesses processes) {
    this.processes = processes;
  }

  @Override
  public ComponentStatus ensureKafka(RunContext run) {
    if (run.spec().getKafka().getExternal() != null) {
      return RunTopics.ensureOnSharedCluster(run.spec(), processes.setup().kafkaSecrets());
    }
    Map<String, Integer> topics = RunTopics.of(run.spec());
    try {
      return processes.kafka().ensure(topics);
    } catch (IOException e) {
      return new ComponentStatus.Failed("kafka", "cannot start: " + e.getMessage());
    }
  }

  @Override
  public ComponentStatus ensureSchemaRegistry(RunContext run) {
    return processes.schemaRegistry().ensure();
  }

  @Override
  public ComponentStatus ensureApp(RunContext run, String bootstrapServers) {
    if (processes.apps().isEmpty()) {
      processes.startApps(bootstrapServers);
    }
    return processes.appStatus();
  }

  @Override
  public ComponentStatus ensureLatencyConsumer(RunContext run, String bootstrapServers) {
    if (processes.latencyConsumer() == null) {
      processes.startLatencyConsumer(bootstrapServers);
    }
    return processes.latencyConsumer().status();
  }

  @Override
  public ComponentStatus ensureLoad(RunContext run, String bootstrapServers) {
    int producers = run.spec().getLoad().getProducers();
    for (int i = processes.loadGenerators().size(); i < producers; i++) {
      processes.startLoadGenerator(bootstrapServers, i, producers);
    }
    return processes.loadStatus();
  }
}
