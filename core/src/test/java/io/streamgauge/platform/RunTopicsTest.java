package io.streamgauge.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.ExternalKafkaSpec;
import io.streamgauge.api.spec.LatencySpec;
import io.streamgauge.api.spec.LoadSpec;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.ProtobufMessage;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.spec.TopicNaming;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Topics of their own for runs that share a Kafka. */
class RunTopicsTest {

  private static RunContext run(Scenario scenario, boolean external, String uid) {
    BenchmarkRunSpec spec = Specs.minimal(scenario);
    if (external) {
      ExternalKafkaSpec kafka = new ExternalKafkaSpec();
      kafka.setBootstrapServers("shared:9092");
      spec.setKafka(new io.streamgauge.api.spec.KafkaSpec());
      spec.getKafka().setExternal(kafka);
    }
    return new RunContext(
        "bench", "wc", uid, new SpecDefaulter().apply(spec), new BenchmarkRunStatus());
  }

  @Test
  void onASharedKafkaEveryTopicAndTheApplicationIdGetTheRunsSuffixOnce() {
    RunContext run = run(Scenario.WORDCOUNT, true, "3f2a9c1b-0d4e-4f00-8a11-123456789abc");

    RunTopics.chooseSuffix(run);
    RunTopics.chooseSuffix(run);
    RunTopics.applySuffix(run);
    RunTopics.applySuffix(run);

    assertThat(run.status().getTopicSuffix()).isEqualTo("-3f2a9c1b");
    assertThat(run.spec().getLoad().getTopics())
        .extracting(LoadTopicSpec::getName)
        .containsExactly("input-3f2a9c1b");
    assertThat(run.spec().getLatency().getTopics()).containsExactly("output-3f2a9c1b");
    assertThat(RunTopics.of(run.spec())).containsOnlyKeys("input-3f2a9c1b", "output-3f2a9c1b");
    assertThat(RunTopics.applicationId(run)).isEqualTo("streamgauge-wc-3f2a9c1b");
    assertThat(AppEnvironment.of(run, "shared:9092"))
        .containsEntry("STREAMGAUGE_APP_TOPIC_INPUT", "input-3f2a9c1b")
        .containsEntry("STREAMGAUGE_APP_TOPIC_OUTPUT", "output-3f2a9c1b")
        .containsEntry("STREAMGAUGE_APP_APPLICATION_ID", "streamgauge-wc-3f2a9c1b");
  }

  @Test
  void aScenarioWithSeveralTopicsBindsEachOfTheAppsRolesToItsSuffixedTopic() {
    RunContext run = run(Scenario.STATELESS_ADVANCED, true, "3f2a9c1b-0d4e-4f00-8a11-123456789abc");

    RunTopics.chooseSuffix(run);
    RunTopics.applySuffix(run);

    assertThat(AppEnvironment.of(run, "shared:9092"))
        .containsEntry("STREAMGAUGE_APP_TOPIC_USER__EVENTS", "user-events-3f2a9c1b")
        .containsEntry("STREAMGAUGE_APP_TOPIC_CLICK__STREAMS", "click-streams-3f2a9c1b")
        .containsEntry(
            "STREAMGAUGE_APP_TOPIC_EVENTS__PRIORITY__LOW", "events-priority-low-3f2a9c1b")
        .containsEntry("STREAMGAUGE_APP_TOPIC_CUSTOMER__ACTIVITY", "customer-activity-3f2a9c1b")
        .doesNotContainKey("STREAMGAUGE_APP_TOPIC_INPUT");
    assertThat(run.spec().getLoad().getTopics())
        .extracting(t -> t.getRecord().getMessage())
        .containsExactly(
            ProtobufMessage.USER_EVENT,
            ProtobufMessage.PRODUCT_UPDATE,
            ProtobufMessage.ORDER,
            ProtobufMessage.CLICK_STREAM);
  }

  @Test
  void aKafkaOfTheRunsOwnOrTopicNamesAsWrittenKeepTheNames() {
    RunContext own = run(Scenario.WORDCOUNT, false, "3f2a9c1b-0d4e");
    RunContext asWritten = run(Scenario.WORDCOUNT, true, "3f2a9c1b-0d4e");
    asWritten.spec().getKafka().getExternal().setTopicNames(TopicNaming.AsWritten);

    for (RunContext run : new RunContext[] {own, asWritten}) {
      RunTopics.chooseSuffix(run);
      RunTopics.applySuffix(run);
      assertThat(run.status().getTopicSuffix()).isNull();
      assertThat(RunTopics.namedForTheRun(run.spec())).isFalse();
      assertThat(run.spec().getLatency().getTopics()).containsExactly("output");
      assertThat(RunTopics.applicationId(run)).isEqualTo("streamgauge-wc");
    }
  }

  /**
   * A custom app on a shared Kafka gets topics of its own too, and finds each by the name its spec
   * wrote: the first input and output also as INPUT and OUTPUT.
   */
  @Test
  void aCustomAppOnASharedKafkaFindsEachOfItsRenamedTopicsByTheNameAsWritten() {
    BenchmarkRunSpec spec = Specs.minimal(Scenario.CUSTOM);
    spec.setKafka(new io.streamgauge.api.spec.KafkaSpec());
    spec.getKafka().setExternal(new ExternalKafkaSpec());
    spec.getKafka().getExternal().setBootstrapServers("shared:9092");
    spec.setLoad(new LoadSpec());
    spec.getLoad().setTopics(List.of(topic("orders"), topic("payments")));
    spec.setLatency(new LatencySpec());
    spec.getLatency().setTopics(List.of("orders-enriched"));
    RunContext run =
        new RunContext(
            "bench",
            "wc",
            "3f2a9c1b-0d4e",
            new SpecDefaulter().apply(spec),
            new BenchmarkRunStatus());

    RunTopics.chooseSuffix(run);
    RunTopics.applySuffix(run);

    assertThat(RunTopics.namedForTheRun(run.spec())).isTrue();
    assertThat(RunTopics.of(run.spec()))
        .containsOnlyKeys("orders-3f2a9c1b", "payments-3f2a9c1b", "orders-enriched-3f2a9c1b");
    assertThat(AppEnvironment.of(run, "shared:9092"))
        .containsEntry("STREAMGAUGE_APP_TOPIC_ORDERS", "orders-3f2a9c1b")
        .containsEntry("STREAMGAUGE_APP_TOPIC_PAYMENTS", "payments-3f2a9c1b")
        .containsEntry("STREAMGAUGE_APP_TOPIC_ORDERS__ENRICHED", "orders-enriched-3f2a9c1b")
        .containsEntry("STREAMGAUGE_APP_TOPIC_INPUT", "orders-3f2a9c1b")
        .containsEntry("STREAMGAUGE_APP_TOPIC_OUTPUT", "orders-enriched-3f2a9c1b")
        .containsEntry("STREAMGAUGE_APP_APPLICATION_ID", "streamgauge-wc-3f2a9c1b");
  }

  private static LoadTopicSpec topic(String name) {
    LoadTopicSpec topic = new LoadTopicSpec();
    topic.setName(name);
    topic.setRatePerSecond(100.0);
    topic.setPartitions(6);
    return topic;
  }

  @Test
  void localRunsWithoutUidGetARandomSuffix() {
    RunContext a = run(Scenario.STATELESS_SIMPLE, true, null);
    RunContext b = run(Scenario.STATELESS_SIMPLE, true, null);

    RunTopics.chooseSuffix(a);
    RunTopics.chooseSuffix(b);

    assertThat(a.status().getTopicSuffix()).matches("-[0-9a-f]{8}");
    assertThat(a.status().getTopicSuffix()).isNotEqualTo(b.status().getTopicSuffix());
  }
}
