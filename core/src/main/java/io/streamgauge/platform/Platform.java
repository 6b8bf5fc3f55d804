package io.streamgauge.platform;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.api.spec.FaultType;
import io.streamgauge.api.status.ResultRef;
import io.streamgauge.metrics.Component;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Where a run executes. Every {@code ensure} method is idempotent: it creates what is missing and
 * reports the component's state, so a restarted operator picks a run up from its status. Once the
 * windows run, components are only observed ({@link #health}), never created again: a new app or
 * client would start cold inside the windows.
 */
public interface Platform {

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

  /**
   * The state of a component started earlier, read without creating anything: Failed when it
   * failed, restarted or is gone.
   */
  ComponentStatus health(RunContext run, Component component);

  /**
   * The component's instances now (pods, processes), to tell the ones the warmup started with from
   * replacements: a replaced app starts cold, a replaced latency consumer lost its histograms.
   */
  List<ComponentInstance> instances(RunContext run, Component component);

  /**
   * What measures the run: its latency consumer and Prometheus, where this platform reaches them
   * (usually {@link HttpRunMeasurements}).
   */
  RunMeasurements measurements(RunContext run);

  /**
   * How long after the load started the warmup may wait for Prometheus' first scrape of every
   * component ({@link RunMeasurements#awaitingFirstScrape}); zero when the platform does not wait
   * (its Prometheus scrapes a new target at once).
   */
  default Duration firstScrapeWait() {
    return Duration.ZERO;
  }

  /**
   * Why this platform cannot inject faults of {@code type}, or empty when it can: checked at
   * Pending, before anything starts.
   */
  Optional<String> cannotInject(FaultType type);

  /**
   * What {@code action} will act on now (the app's pods, a broker pod, a process), each named so
   * that it cannot be mistaken for what replaces it (a pod's uid, a pid). Recorded in the run's
   * status before the action, so an action repeated after a lost status write acts on the same.
   *
   * @throws PlatformException when there is nothing to act on
   */
  List<String> faultTargets(RunContext run, FaultAction action);

  /**
   * Does {@code action} to {@code targets} (as {@link #faultTargets} named them), at once; a target
   * already gone is skipped, so doing it twice does it once.
   *
   * @return what was done, for status.faults and the run's Events
   * @throws PlatformException when it cannot be done (permanent when the platform cannot do it at
   *     all)
   */
  String inject(RunContext run, FaultAction action, List<String> targets);

  /**
   * When the app came up (pod created, container started, readiness first answered), or empty when
   * it cannot be told: no app, not yet ready, or its pod gone.
   */
  Optional<AppStartup> appStartup(RunContext run);

  /**
   * What the run ran on, for its result document: the nodes (capacity, allocatable CPU and memory,
   * kernel, container runtime) and the app's image as the node pulled it, or this machine; an empty
   * object when nothing can be read.
   */
  ObjectNode environment(RunContext run);

  /** Stores the full result document where it outlives the run's workloads. */
  ResultRef storeResults(RunContext run, ObjectNode document) throws IOException;

  /**
   * Keeps the end of each of the run's logs where it outlives the workloads, just before cleanup
   * removes them; once per run (a second call keeps what the first kept).
   *
   * @return where they are kept (on Kubernetes the ConfigMap's name), for the run's status; empty
   *     where the logs outlive the workloads anyway (local mode writes them into the run directory)
   */
  Optional<String> keepLogs(RunContext run);

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
