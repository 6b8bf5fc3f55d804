package io.streamgauge.platform;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.ExternalKafkaSpec;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.TopicNaming;
import io.streamgauge.common.TopicCheck;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * A run's input and output topics and their partition counts (each input as the scenario or spec
 * says; outputs like the first input), and creating them on a cluster the run does not provision
 * ({@code kafka.external}, local {@code --bootstrap-servers}).
 */
public final class RunTopics {

  /**
   * Every admin call on a shared cluster waits at most this long: the operator calls from a
   * reconcile and retries by rescheduling.
   */
  static final int TIMEOUT_SECONDS = 5;

  private RunTopics() {}

  /**
   * Gives the run topics of its own on a Kafka it shares ({@code kafka.external}, {@code
   * topicNames: PerRun}): once, a suffix from the run's uid (local mode: random) in {@code
   * status.topicSuffix}.
   */
  public static void chooseSuffix(RunContext run) {
    if (run.status().getTopicSuffix() != null || !namedForTheRun(run.spec())) {
      return;
    }
    String id =
        run.uid() != null
            ? run.uid().replace("-", "")
            : UUID.randomUUID().toString().replace("-", "");
    run.status().setTopicSuffix("-" + id.substring(0, 8));
  }

  /**
   * True when the run's topics and consumer group on the Kafka it shares are named for it alone
   * (suffixed): {@code kafka.external} with {@code topicNames} PerRun (the default). Only then are
   * they the run's to delete ({@link SharedKafkaRelease}).
   */
  public static boolean namedForTheRun(BenchmarkRunSpec spec) {
    ExternalKafkaSpec external = spec.getKafka().getExternal();
    return external != null && external.getTopicNames() != TopicNaming.AsWritten;
  }

  /** Topic {@code name} as the spec wrote it, without the run's suffix. */
  public static String asWritten(RunContext run, String name) {
    String suffix = run.status().getTopicSuffix();
    return suffix != null && !suffix.isEmpty() && name.endsWith(suffix)
        ? name.substring(0, name.length() - suffix.length())
        : name;
  }

  /**
   * Renames the resolved spec's topics (load and latency) with {@code status.topicSuffix}, so every
   * document, topic and query built from the spec uses the run's own names; does nothing without a
   * suffix, and never twice.
   */
  public static void applySuffix(RunContext run) {
    String suffix = run.status().getTopicSuffix();
    if (suffix == null || suffix.isEmpty()) {
      return;
    }
    BenchmarkRunSpec spec = run.spec();
    for (LoadTopicSpec t : spec.getLoad().getTopics()) {
      t.setName(withSuffix(t.getName(), suffix));
    }
    spec.getLatency()
        .setTopics(spec.getLatency().getTopics().stream().map(t -> withSuffix(t, suffix)).toList());
  }

  /** The app's Kafka Streams application.id: {@code streamgauge-<run>} plus the topic suffix. */
  public static String applicationId(RunContext run) {
    String suffix = run.status().getTopicSuffix();
    return "streamgauge-" + run.name() + (suffix == null ? "" : suffix);
  }

  private static String withSuffix(String name, String suffix) {
    return name.endsWith(suffix) ? name : name + suffix;
  }

  /** Topic name → partitions, inputs first. */
  public static Map<String, Integer> of(BenchmarkRunSpec spec) {
    Map<String, Integer> partitions = new LinkedHashMap<>();
    for (LoadTopicSpec t : spec.getLoad().getTopics()) {
      partitions.put(t.getName(), t.getPartitions());
    }
    int outputPartitions =
        spec.getLoad().getTopics().isEmpty()
            ? 1
            : spec.getLoad().getTopics().get(0).getPartitions();
    spec.getLatency().getTopics().forEach(t -> partitions.putIfAbsent(t, outputPartitions));
    return partitions;
  }

  /**
   * Creates the run's topics missing on its shared cluster ({@code spec.kafka.external}), connected
   * with the settings every client of the run gets plus {@code secretSettings} (the values {@link
   * KafkaSecurity} builds from the Secrets, as the platform resolved them).
   */
  public static ComponentStatus ensureOnSharedCluster(
      BenchmarkRunSpec spec, Map<String, String> secretSettings) {
    Map<String, String> config = new LinkedHashMap<>(ClientDocuments.sharedClusterConfig(spec));
    config.putAll(secretSettings);
    return ensure(spec.getKafka().getExternal().getBootstrapServers(), config, of(spec));
  }

  /**
   * Creates the topics missing on the cluster at {@code bootstrapServers} (replicated up to 3
   * times, as far as it has brokers); existing topics are left as they are.
   *
   * @param clientConfig client properties (security settings etc.); others are ignored
   * @return Ready with the bootstrap servers, or Starting saying why not (unreachable, refused)
   */
  public static ComponentStatus ensure(
      String bootstrapServers, Map<String, String> clientConfig, Map<String, Integer> topics) {
    try (Admin admin =
        Admin.create(TopicCheck.adminConfig(bootstrapServers, clientConfig, TIMEOUT_SECONDS))) {
      Set<String> existing = admin.listTopics().names().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      short replicas =
          (short)
              Math.min(
                  3, admin.describeCluster().nodes().get(TIMEOUT_SECONDS, TimeUnit.SECONDS).size());
      for (var topic : topics.entrySet()) {
        if (!existing.contains(topic.getKey())) {
          create(admin, new NewTopic(topic.getKey(), topic.getValue(), replicas));
        }
      }
      return new ComponentStatus.Ready(bootstrapServers);
    } catch (TimeoutException e) {
      return unreachable(bootstrapServers);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException) {
        return unreachable(bootstrapServers);
      }
      if (e.getCause() instanceof AuthenticationException refused) {
        return new ComponentStatus.Failed(
            "Kafka at " + bootstrapServers,
            "refused the run's credentials: "
                + refused.getMessage()
                + " (check spec.kafka.external.authentication and .tls)");
      }
      return new ComponentStatus.Starting(
          "Kafka at " + bootstrapServers + " refused to create the topics: " + e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new ComponentStatus.Starting("interrupted creating topics");
    }
  }

  private static ComponentStatus unreachable(String bootstrapServers) {
    return new ComponentStatus.Starting(unreachableMessage(bootstrapServers));
  }

  /** What an admin call that timed out says. */
  static String unreachableMessage(String bootstrapServers) {
    return "cannot reach Kafka at " + bootstrapServers + " within " + TIMEOUT_SECONDS + "s";
  }

  /**
   * True when the run has made topics of its own on the Kafka it shares, which are then its to
   * delete: named for it ({@link #namedForTheRun}) and its suffix chosen.
   */
  public static boolean madeOwnTopics(RunContext run) {
    return namedForTheRun(run.spec()) && run.status().getTopicSuffix() != null;
  }

  private static void create(Admin admin, NewTopic topic)
      throws ExecutionException, InterruptedException, TimeoutException {
    try {
      admin.createTopics(List.of(topic)).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof TopicExistsException)) {
        throw e;
      }
    }
  }
}
