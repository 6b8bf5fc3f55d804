package io.streamgauge.platform.local;

import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.SharedKafkaRelease;
import io.streamgauge.platform.Teardown;

/** Stops every process of a local run, and removes what it made on a shared Kafka. */
final class LocalTeardown implements Teardown {

  private final LocalProcesses processes;

  LocalTeardown(LocalProcesses processes) {
    this.processes = processes;
  }

  /** Call it once every process stopped: a member left in the group is removed. */
  @Override
  public SharedKafkaRelease.Outcome releaseSharedKafka(RunContext run) {
    return SharedKafkaRelease.of(run, processes.setup().kafkaSecrets(), processes.closed());
  }

  @Override
  public void cleanup(RunContext run) {
    processes.close();
  }
}
