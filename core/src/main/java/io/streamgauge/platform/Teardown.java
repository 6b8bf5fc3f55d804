package io.streamgauge.platform;

/** Removes what the run made once it ended (never its results). */
public interface Teardown {

  /**
   * Deletes what the run made on the Kafka it shares, when its names are its own ({@link
   * RunTopics#namedForTheRun}): its topics, the app's internal topics and its consumer group. Call
   * it once the workloads are gone; a group with members is left for a later call (on Kubernetes,
   * where a pod may still be stopping) or its members removed (locally, every process stopped).
   */
  SharedKafkaRelease.Outcome releaseSharedKafka(RunContext run);

  /** Stops and removes the run's workloads (never its results). */
  void cleanup(RunContext run);
}
