package io.streamgauge.platform;

/**
 * Creates or checks what a run runs on: the Kafka cluster and its topics, the app under test, the
 * run's schema registry, the latency consumer and the load generators. Every {@code ensure} method
 * is idempotent: it creates what is missing and reports the component's state, so a restarted
 * operator picks a run up from its status. Once the windows run, nothing is created again (a new
 * app or client would start cold inside the windows): the {@link Observer} watches them instead.
 */
public interface Provisioner {

  /**
   * Creates or checks the Kafka cluster and the run's topics.
   *
   * @return Ready with the bootstrap servers as detail, Starting, or Failed
   */
  ComponentStatus ensureKafka(RunContext run);

  /** Deploys or checks the app under test, connected to {@code bootstrapServers}. */
  ComponentStatus ensureApp(RunContext run, String bootstrapServers);

  /**
   * The run's own schema registry (a run of registered Avro records without {@code
   * spec.schemaRegistry.url}); Ready's detail is its URL as the app and the load generators reach
   * it.
   */
  ComponentStatus ensureSchemaRegistry(RunContext run);

  /** Deploys or checks the latency consumer; Ready once it reads its topics. */
  ComponentStatus ensureLatencyConsumer(RunContext run, String bootstrapServers);

  /** Starts or checks the load generators; Ready while they produce. */
  ComponentStatus ensureLoad(RunContext run, String bootstrapServers);
}
