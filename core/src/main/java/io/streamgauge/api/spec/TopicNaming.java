package io.streamgauge.api.spec;

/** How a run names its topics and its app's consumer group on a Kafka it shares. */
public enum TopicNaming {
  /**
   * Every topic and the app's {@code application.id} end in the run's suffix: runs sharing the
   * cluster never meet, each starts on fresh topics, and a deleted run takes them with it.
   */
  PerRun,
  /** As the spec writes them: for an app that cannot be told its topics. */
  AsWritten
}
