package io.streamgauge.loadgen;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * Checks, before any load, that Kafka answers and every topic exists, and learns partition counts.
 * Turns the client's exceptions into one-line errors.
 */
final class KafkaPreflight {

  static final int TIMEOUT_SECONDS = 15;

  private KafkaPreflight() {}

  /** Partition count of each topic. */
  static Map<String, Integer> partitions(
      String bootstrapServers, Map<String, String> clientConfig, List<String> topics) {
    Map<String, Object> config = new HashMap<>(clientConfig);
    config.keySet().removeIf(k -> !AdminClientConfig.configNames().contains(k));
    config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, TIMEOUT_SECONDS * 1000);
    config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, TIMEOUT_SECONDS * 1000);
    try (Admin admin = Admin.create(config)) {
      Map<String, Integer> partitions = new HashMap<>();
      for (var entry : admin.describeTopics(topics).topicNameValues().entrySet()) {
        try {
          TopicDescription d = entry.getValue().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
          partitions.put(entry.getKey(), d.partitions().size());
        } catch (ExecutionException e) {
          if (e.getCause() instanceof UnknownTopicOrPartitionException) {
            throw new WorkloadException(
                3, "topic '" + entry.getKey() + "' does not exist on " + bootstrapServers);
          }
          throw e;
        }
      }
      return partitions;
    } catch (ExecutionException e) {
      if (e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException) {
        throw unreachable(bootstrapServers);
      }
      throw new WorkloadException(
          3, "Kafka at " + bootstrapServers + " refused the topic check: " + e.getCause());
    } catch (TimeoutException e) {
      throw unreachable(bootstrapServers);
    } catch (org.apache.kafka.common.KafkaException e) {
      throw new WorkloadException(2, "bad Kafka client configuration: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WorkloadException(3, "interrupted while checking Kafka");
    }
  }

  private static WorkloadException unreachable(String bootstrapServers) {
    return new WorkloadException(
        3, "cannot reach Kafka at " + bootstrapServers + " within " + TIMEOUT_SECONDS + "s");
  }
}
