package io.streamgauge.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.common.ListenPorts;
import io.streamgauge.testing.kafka.KafkaBroker;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Topics of a run on a cluster it does not provision, against a real broker. */
class RunTopicsIT {

  @Test
  void missingTopicsAreCreatedWithTheirPartitionsAndExistingOnesAreLeftAlone() throws Exception {
    try (KafkaBroker broker = KafkaBroker.start()) {
      broker.createTopic("output", 2);
      Map<String, Integer> topics = new LinkedHashMap<>();
      topics.put("input", 6);
      topics.put("output", 6);

      ComponentStatus first = RunTopics.ensure(broker.bootstrapServers(), Map.of(), topics);
      ComponentStatus again = RunTopics.ensure(broker.bootstrapServers(), Map.of(), topics);

      assertThat(first).isEqualTo(new ComponentStatus.Ready(broker.bootstrapServers()));
      assertThat(again).isEqualTo(first);
      var described =
          broker.admin().describeTopics(topics.keySet()).allTopicNames().get(15, TimeUnit.SECONDS);
      assertThat(described.get("input").partitions()).hasSize(6);
      assertThat(described.get("output").partitions()).as("left as it was").hasSize(2);
    }
  }

  @Test
  void anUnreachableClusterIsNotReadyYetAndSaysWhere() {
    String bootstrap = "127.0.0.1:" + ListenPorts.pick();

    ComponentStatus status = RunTopics.ensure(bootstrap, Map.of(), Map.of("input", 1));

    assertThat(status)
        .isEqualTo(
            new ComponentStatus.Starting("cannot reach Kafka at " + bootstrap + " within 5s"));
  }
}
