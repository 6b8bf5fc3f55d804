package io.streamgauge.latency;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.testing.kafka.KafkaBroker;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** The app's input lag, sampled from a real broker's group offsets and log ends. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AppLagSamplerIT {

  private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream());
  private KafkaBroker broker;

  @BeforeAll
  void startBroker() {
    broker = KafkaBroker.start();
  }

  @AfterAll
  void stopBroker() {
    broker.close();
  }

  @Test
  void theLagIsTheRecordsPastTheGroupsCommitsOverThePartitionsItCommitted() throws Exception {
    broker.createTopic("lag-a", 2);
    broker.createTopic("lag-b", 1);
    try (AppLagSampler sampler =
            new AppLagSampler(
                broker.bootstrapServers(),
                Map.of(),
                "the-app",
                List.of("lag-a", "lag-b"),
                Duration.ofSeconds(30),
                lag -> {},
                QUIET);
        Admin admin = broker.admin()) {
      assertThat(sampler.sample()).as("no commit yet: no sample").isNull();

      produce("lag-a", 0, 100);
      produce("lag-a", 1, 40);
      produce("lag-b", 0, 25);
      admin
          .alterConsumerGroupOffsets(
              "the-app",
              Map.of(
                  new TopicPartition("lag-a", 0), new OffsetAndMetadata(90),
                  new TopicPartition("lag-a", 1), new OffsetAndMetadata(40)))
          .all()
          .get();

      assertThat(sampler.sample().lag())
          .as("10 behind on lag-a-0, none on lag-a-1; lag-b-0 never committed, so not counted")
          .isEqualTo(10);

      admin
          .alterConsumerGroupOffsets(
              "the-app", Map.of(new TopicPartition("lag-b", 0), new OffsetAndMetadata(5)))
          .all()
          .get();
      produce("lag-a", 1, 7);

      assertThat(sampler.sample().lag()).isEqualTo(10 + 7 + 20);
    }
  }

  /**
   * Between commits the lag only rises: it is reported in the sample after a commit, and again only
   * when no commit came for two intervals (the app stopped).
   */
  @Test
  void theLagIsReportedAfterEachCommitOrOnceCommitsStop() {
    try (AppLagSampler sampler =
        new AppLagSampler(
            broker.bootstrapServers(),
            Map.of(),
            "another-app",
            List.of("lag-a"),
            Duration.ofSeconds(30),
            lag -> {},
            QUIET)) {
      TopicPartition p = new TopicPartition("lag-a", 0);
      long s = 1_000_000_000L;
      assertThat(sampler.report(new AppLagSampler.Sample(5, Map.of(p, 100L)), 0))
          .as("a first commit")
          .isTrue();
      assertThat(sampler.report(new AppLagSampler.Sample(900, Map.of(p, 100L)), 10 * s))
          .as("the saw rising until the next commit")
          .isFalse();
      assertThat(sampler.report(new AppLagSampler.Sample(12, Map.of(p, 1_100L)), 30 * s))
          .as("just after the next commit")
          .isTrue();
      assertThat(sampler.report(new AppLagSampler.Sample(2_000, Map.of(p, 1_100L)), 59 * s))
          .isFalse();
      assertThat(sampler.report(new AppLagSampler.Sample(3_100, Map.of(p, 1_100L)), 91 * s))
          .as("no commit for over two intervals: the app is behind, its lag is reported")
          .isTrue();
    }
  }

  private void produce(String topic, int partition, int records) throws Exception {
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName(),
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                    ByteArraySerializer.class.getName()))) {
      for (int i = 0; i < records; i++) {
        producer.send(new ProducerRecord<>(topic, partition, null, new byte[1]));
      }
      producer.flush();
    }
  }
}
