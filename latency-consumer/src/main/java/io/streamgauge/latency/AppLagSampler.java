package io.streamgauge.latency;

import io.streamgauge.common.LagTrendResolution;
import io.streamgauge.common.TopicCheck;
import java.io.PrintStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.DoubleConsumer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Samples the app's consumer-group lag on its input topics every {@link
 * LagTrendResolution#SAMPLE_INTERVAL} into {@code sg_latency_app_input_lag}: the records the load
 * generators wrote that the app has not committed yet, the same for any app that commits as a
 * consumer group (as Kafka Streams does under its application.id). Its slope over the window says
 * whether the app kept up.
 *
 * <p>Committed offsets advance only at each commit, so between commits the lag rises by the input
 * rate and drops at the commit: a saw whose teeth (30 s under at-least-once by default) would read
 * as growth in any window not much longer. The gauge therefore takes the lag only in the first
 * sample after a commit (the lower envelope, which stays flat while the app keeps up), or, when no
 * commit came for two commit intervals, as it is (an app that stopped committing is behind).
 * Partitions the group has not committed yet are left out; before the first commit there is no
 * sample, and the gauge is absent rather than 0. {@link LagTrendResolution} says how long a window
 * this needs to judge a trend.
 */
final class AppLagSampler implements AutoCloseable {

  private static final int TIMEOUT_SECONDS = 5;

  private final Admin admin;
  private final String group;
  private final List<String> topics;
  private final DoubleConsumer lag;
  private final SampleLoop loop;
  private final long commitIntervalNanos;
  private List<TopicPartition> partitions;
  private Map<TopicPartition, Long> lastCommitted = Map.of();
  private long lastCommitNanos;

  /** One sample: the lag over the committed input partitions, and their committed offsets. */
  record Sample(long lag, Map<TopicPartition, Long> committed) {}

  /**
   * @param clientConfig the client properties the latency consumer uses (security settings)
   * @param group the app's consumer group
   * @param topics the app's input topics
   * @param commitInterval how often the app commits (Kafka Streams: commit.interval.ms)
   * @param lag where each reported lag goes (the gauge {@code sg_latency_app_input_lag})
   * @param log where a failed sample is said (once per new message)
   */
  AppLagSampler(
      String bootstrapServers,
      Map<String, String> clientConfig,
      String group,
      List<String> topics,
      Duration commitInterval,
      DoubleConsumer lag,
      PrintStream log) {
    this.admin =
        Admin.create(TopicCheck.adminConfig(bootstrapServers, clientConfig, TIMEOUT_SECONDS));
    this.group = group;
    this.topics = List.copyOf(topics);
    this.commitIntervalNanos = commitInterval.toNanos();
    this.lag = lag;
    this.loop = new SampleLoop("app-lag-sampler", "cannot sample the app's input lag", log);
  }

  /** Samples now and then every {@link LagTrendResolution#SAMPLE_INTERVAL} until {@link #close}. */
  void start() {
    loop.start(LagTrendResolution.SAMPLE_INTERVAL, this::sampleAndReport);
  }

  /** The app group's lag over the input partitions it has committed, or null before its first. */
  Sample sample() throws ExecutionException, InterruptedException, TimeoutException {
    Map<TopicPartition, OffsetAndMetadata> committed =
        admin
            .listConsumerGroupOffsets(group)
            .partitionsToOffsetAndMetadata()
            .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    Map<TopicPartition, OffsetSpec> ends = new HashMap<>();
    for (TopicPartition tp : inputPartitions()) {
      OffsetAndMetadata offset = committed.get(tp);
      if (offset != null) {
        ends.put(tp, OffsetSpec.latest());
      }
    }
    if (ends.isEmpty()) {
      return null;
    }
    Map<TopicPartition, ListOffsetsResultInfo> latest =
        admin.listOffsets(ends).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    long total = 0;
    Map<TopicPartition, Long> offsets = new HashMap<>();
    for (var entry : latest.entrySet()) {
      long at = committed.get(entry.getKey()).offset();
      offsets.put(entry.getKey(), at);
      total += Math.max(0, entry.getValue().offset() - at);
    }
    return new Sample(total, offsets);
  }

  /**
   * Whether {@code sample}, taken at {@code nowNanos}, goes into the gauge: when the app committed
   * since the previous one, or has not for two commit intervals.
   */
  boolean report(Sample sample, long nowNanos) {
    boolean committed = !sample.committed().equals(lastCommitted);
    if (committed) {
      lastCommitted = sample.committed();
      lastCommitNanos = nowNanos;
      return true;
    }
    return nowNanos - lastCommitNanos > 2 * commitIntervalNanos;
  }

  private List<TopicPartition> inputPartitions()
      throws ExecutionException, InterruptedException, TimeoutException {
    if (partitions == null) {
      partitions =
          admin
              .describeTopics(topics)
              .allTopicNames()
              .get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
              .values()
              .stream()
              .flatMap(
                  d ->
                      d.partitions().stream().map(p -> new TopicPartition(d.name(), p.partition())))
              .toList();
    }
    return partitions;
  }

  private void sampleAndReport() throws ExecutionException, InterruptedException, TimeoutException {
    Sample sample = sample();
    if (sample != null && report(sample, System.nanoTime())) {
      lag.accept(sample.lag());
    }
  }

  @Override
  public void close() {
    loop.close();
    admin.close();
  }
}
