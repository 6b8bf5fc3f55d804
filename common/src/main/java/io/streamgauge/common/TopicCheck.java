package io.streamgauge.common;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * Checks, before any work, that Kafka answers and every topic exists, and learns partition counts.
 * Turns the client's exceptions into one-line messages.
 */
public final class TopicCheck {

  /** How long Kafka has to answer. */
  public static final int TIMEOUT_SECONDS = 15;

  private TopicCheck() {}

  /** Kafka is unreachable, refused the check, or a topic is missing; the message says which. */
  public static final class TopicCheckException extends RuntimeException {
    TopicCheckException(String message) {
      super(message);
    }
  }

  /**
   * Partition count of each topic.
   *
   * @param clientConfig client properties (security settings etc.); others are ignored
   * @throws TopicCheckException when Kafka cannot be reached or a topic does not exist
   * @throws IllegalArgumentException when the client configuration is invalid
   */
  public static Map<String, Integer> partitions(
      String bootstrapServers, Map<String, String> clientConfig, List<String> topics) {
    try (Admin admin = Admin.create(adminConfig(bootstrapServers, clientConfig, TIMEOUT_SECONDS))) {
      Map<String, Integer> partitions = new HashMap<>();
      for (var entry : admin.describeTopics(topics).topicNameValues().entrySet()) {
        try {
          TopicDescription d = entry.getValue().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
          partitions.put(entry.getKey(), d.partitions().size());
        } catch (ExecutionException e) {
          if (e.getCause() instanceof UnknownTopicOrPartitionException) {
            throw new TopicCheckException(
                "topic '" + entry.getKey() + "' does not exist on " + bootstrapServers);
          }
          throw e;
        }
      }
      return partitions;
    } catch (ExecutionException e) {
      if (e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException) {
        throw unreachable(bootstrapServers);
      }
      throw new TopicCheckException(
          "Kafka at " + bootstrapServers + " refused the topic check: " + e.getCause());
    } catch (TimeoutException e) {
      throw unreachable(bootstrapServers);
    } catch (KafkaException e) {
      throw new IllegalArgumentException("bad Kafka client configuration: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TopicCheckException("interrupted while checking Kafka");
    }
  }

  /**
   * Admin client properties: the Admin settings among {@code clientConfig} (security and the like;
   * others are dropped), the bootstrap servers, and {@code timeoutSeconds} for every call.
   */
  public static Map<String, Object> adminConfig(
      String bootstrapServers, Map<String, String> clientConfig, int timeoutSeconds) {
    Map<String, Object> config = new HashMap<>(clientConfig == null ? Map.of() : clientConfig);
    config.keySet().removeIf(k -> !AdminClientConfig.configNames().contains(k));
    config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, timeoutSeconds * 1000);
    config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, timeoutSeconds * 1000);
    return config;
  }

  private static TopicCheckException unreachable(String bootstrapServers) {
    return new TopicCheckException(
        "cannot reach Kafka at " + bootstrapServers + " within " + TIMEOUT_SECONDS + "s");
  }
}
