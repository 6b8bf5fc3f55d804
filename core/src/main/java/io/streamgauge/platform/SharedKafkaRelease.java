package io.streamgauge.platform;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.common.TopicCheck;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.RemoveMembersFromConsumerGroupOptions;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.GroupNotEmptyException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * Deletes what a run made on a Kafka it shares ({@code kafka.external}): its topics — named for it
 * alone ({@code status.topicSuffix}), so no one else's — the app's internal topics (named after its
 * {@code application.id}, which carries the same suffix) and the app's consumer group. A group
 * still holding members (an app not yet stopped) is left for a later call, unless every process of
 * the run is known to be stopped.
 */
public final class SharedKafkaRelease {

  /**
   * What one attempt did.
   *
   * @param deletedTopics the topics deleted now
   * @param left what is still on the cluster and why (null when nothing is)
   */
  public record Outcome(Set<String> deletedTopics, String left) {

    /** True when nothing of the run is left on the cluster. */
    public boolean done() {
      return left == null;
    }
  }

  private SharedKafkaRelease() {}

  /**
   * Deletes what run {@code run} made on the Kafka it shares ({@code spec.kafka.external}), with
   * the settings every client of the run gets plus {@code secretSettings} (the values {@link
   * KafkaSecurity} builds from the run's Secrets).
   */
  public static Outcome of(
      RunContext run, Map<String, String> secretSettings, boolean processesStopped) {
    BenchmarkRunSpec spec = run.spec();
    Map<String, String> config = new LinkedHashMap<>(ClientDocuments.sharedClusterConfig(spec));
    config.putAll(secretSettings);
    return release(
        spec.getKafka().getExternal().getBootstrapServers(),
        config,
        RunTopics.of(spec).keySet(),
        RunTopics.applicationId(run),
        processesStopped);
  }

  /**
   * Deletes {@code topics}, every topic whose name starts with {@code applicationId + "-"} and the
   * consumer group {@code applicationId} from the cluster at {@code bootstrapServers}; what is
   * already gone counts as deleted.
   *
   * @param clientConfig client properties (security settings etc.); others are ignored
   * @param processesStopped true when every process of the run is known to have stopped (local
   *     mode): a member still in the group is then one that was killed and would hold the group
   *     until its session timed out, and is removed; false on Kubernetes, where a pod may still be
   *     stopping and the group is tried again later
   */
  public static Outcome release(
      String bootstrapServers,
      Map<String, String> clientConfig,
      Set<String> topics,
      String applicationId,
      boolean processesStopped) {
    Set<String> deleted = new TreeSet<>();
    try (Admin admin =
        Admin.create(
            TopicCheck.adminConfig(bootstrapServers, clientConfig, RunTopics.TIMEOUT_SECONDS))) {
      for (String topic :
          admin.listTopics().names().get(RunTopics.TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        if (topics.contains(topic) || topic.startsWith(applicationId + "-")) {
          deleted.add(topic);
        }
      }
      if (!deleted.isEmpty()) {
        ignoring(
            UnknownTopicOrPartitionException.class,
            () ->
                admin.deleteTopics(deleted).all().get(RunTopics.TIMEOUT_SECONDS, TimeUnit.SECONDS));
      }
      try {
        deleteGroup(admin, applicationId);
      } catch (ExecutionException e) {
        if (!(e.getCause() instanceof GroupNotEmptyException)) {
          throw e;
        }
        if (!processesStopped) {
          return new Outcome(deleted, "the consumer group " + applicationId + " still has members");
        }
        admin
            .removeMembersFromConsumerGroup(
                applicationId, new RemoveMembersFromConsumerGroupOptions())
            .all()
            .get(RunTopics.TIMEOUT_SECONDS, TimeUnit.SECONDS);
        deleteGroup(admin, applicationId);
      }
      return new Outcome(deleted, null);
    } catch (TimeoutException e) {
      return new Outcome(deleted, RunTopics.unreachableMessage(bootstrapServers));
    } catch (ExecutionException e) {
      if (e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException) {
        return new Outcome(deleted, RunTopics.unreachableMessage(bootstrapServers));
      }
      return new Outcome(deleted, "Kafka at " + bootstrapServers + " refused: " + e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Outcome(deleted, "interrupted");
    }
  }

  private static void deleteGroup(Admin admin, String group)
      throws ExecutionException, InterruptedException, TimeoutException {
    ignoring(
        GroupIdNotFoundException.class,
        () ->
            admin
                .deleteConsumerGroups(List.of(group))
                .all()
                .get(RunTopics.TIMEOUT_SECONDS, TimeUnit.SECONDS));
  }

  /** An admin call whose failure with {@code gone} means what it would do is done already. */
  private interface AdminCall {
    void run() throws ExecutionException, InterruptedException, TimeoutException;
  }

  private static void ignoring(Class<? extends Exception> gone, AdminCall call)
      throws ExecutionException, InterruptedException, TimeoutException {
    try {
      call.run();
    } catch (ExecutionException e) {
      if (!gone.isInstance(e.getCause())) {
        throw e;
      }
    }
  }
}
