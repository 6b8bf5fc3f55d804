package io.streamgauge.conformance;

import io.streamgauge.common.RecordHeaders;
import io.streamgauge.loadgen.SampleRecords;
import io.streamgauge.loadgen.Workload;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The probe records the conformance check sends to the app's input topics: keys and values as the
 * load generator makes them for the run's workload, each with a timestamp an hour in the past (so
 * an app that stamps its output with the time it writes it is told apart from one that carries the
 * input's) and a trace header of its own.
 */
final class ProbeTraffic implements AutoCloseable {

  /**
   * A probe sent.
   *
   * @param topic the input topic
   * @param trace its trace header's value
   * @param timestamp its timestamp
   * @param value its value
   */
  record Probe(String topic, byte[] trace, long timestamp, byte[] value) {}

  private final KafkaProducer<byte[], byte[]> producer;
  private final Map<String, SampleRecords> samples = new LinkedHashMap<>();
  private final List<Probe> sent = new CopyOnWriteArrayList<>();
  private final long firstTimestamp;
  private long sequence;

  /**
   * @param workload the run's workload document: its input topics and their records
   * @param connection client settings that reach the cluster (security), besides the servers
   * @param firstTimestamp the first probe's timestamp; each next one is a millisecond later
   */
  ProbeTraffic(
      String bootstrapServers,
      Map<String, String> connection,
      Workload workload,
      long seed,
      Instant firstTimestamp) {
    Map<String, Object> config = new HashMap<>(connection);
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
    producer = new KafkaProducer<>(config);
    workload.topics().forEach(t -> samples.put(t.name(), SampleRecords.of(t, seed)));
    this.firstTimestamp = firstTimestamp.toEpochMilli();
  }

  /** The input topics, in the workload's order. */
  List<String> topics() {
    return List.copyOf(samples.keySet());
  }

  /** Sends one probe to each input topic. */
  void sendOneEach() {
    samples.forEach(this::send);
  }

  private void send(String topic, SampleRecords records) {
    SampleRecords.KeyValue record = records.next();
    long n = sequence++;
    byte[] trace = RecordHeaders.encodeTrace(RecordHeaders.streamId("probe", topic, 0), n);
    long timestamp = firstTimestamp + n;
    List<Header> headers = List.of(new RecordHeader(RecordHeaders.TRACE, trace));
    producer.send(
        new ProducerRecord<>(topic, null, timestamp, record.key(), record.value(), headers));
    sent.add(new Probe(topic, trace, timestamp, record.value()));
  }

  /** Blocks until every probe sent is acknowledged. */
  void flush() {
    producer.flush();
  }

  /** Every probe sent so far. */
  List<Probe> sent() {
    return List.copyOf(sent);
  }

  @Override
  public void close() {
    producer.close();
  }
}
