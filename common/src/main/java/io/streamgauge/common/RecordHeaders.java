package io.streamgauge.common;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * The wire contract between the load generator and the latency consumer. This class is the one
 * place it is defined.
 *
 * <ul>
 *   <li><b>Record timestamp</b> (CreateTime): the <em>intended</em> send time of the record on the
 *       load generator's fixed-rate schedule, in epoch milliseconds — not the time {@code send()}
 *       was called. A producer that falls behind therefore shows up as end-to-end latency
 *       downstream (no coordinated omission).
 *   <li><b>Header {@value #TRACE}</b>, one per record: 8 bytes big-endian <em>sequence number</em>,
 *       then the UTF-8 <em>stream id</em> {@code producerId/topic/partition} — the generator
 *       instance and the topic partition it wrote the record to. Within a stream the sequence
 *       starts at 0 and increases by 1 with no gaps, so downstream a number never seen is a lost
 *       record and a number seen twice a duplicate. The topic and partition are part of the id
 *       because topologies merge topics and repartition.
 * </ul>
 *
 * <p>One header rather than three keeps the cost low on both sides: Kafka materializes each
 * header's key and value lazily, per record. Producer ids must not contain {@code /} (topic names
 * cannot). The generator chooses each record's partition itself (murmur2 of the key, as Kafka's
 * default partitioner does), so the stream id names the partition the record really went to.
 */
public final class RecordHeaders {

  /** The header carrying sequence number and stream id. */
  public static final String TRACE = "sg";

  private static final int SEQUENCE_BYTES = Long.BYTES;

  private RecordHeaders() {}

  /** The stream id {@code producerId/topic/partition} as bytes, computed once per partition. */
  public static byte[] streamId(String producerId, String topic, int partition) {
    return (producerId + "/" + topic + "/" + partition).getBytes(StandardCharsets.UTF_8);
  }

  /** The header value for record {@code sequence} of stream {@code streamId}. */
  public static byte[] encodeTrace(byte[] streamId, long sequence) {
    byte[] value = new byte[SEQUENCE_BYTES + streamId.length];
    for (int i = SEQUENCE_BYTES - 1; i >= 0; i--) {
      value[i] = (byte) sequence;
      sequence >>>= 8;
    }
    System.arraycopy(streamId, 0, value, SEQUENCE_BYTES, streamId.length);
    return value;
  }

  /** The trace header value of a record, or null when it has none or a malformed one. */
  public static byte[] trace(Headers headers) {
    Header header = headers.lastHeader(TRACE);
    byte[] value = header == null ? null : header.value();
    return value == null || value.length <= SEQUENCE_BYTES ? null : value;
  }

  /** The sequence number in a trace value; allocates nothing. */
  public static long sequence(byte[] trace) {
    long sequence = 0;
    for (int i = 0; i < SEQUENCE_BYTES; i++) {
      sequence = (sequence << 8) | (trace[i] & 0xff);
    }
    return sequence;
  }

  /** Hash of the stream id in a trace value; allocates nothing. */
  public static int streamHash(byte[] trace) {
    int hash = 1;
    for (int i = SEQUENCE_BYTES; i < trace.length; i++) {
      hash = 31 * hash + trace[i];
    }
    return hash;
  }

  /** True when two trace values belong to the same stream; allocates nothing. */
  public static boolean sameStream(byte[] trace, byte[] other) {
    return Arrays.equals(trace, SEQUENCE_BYTES, trace.length, other, SEQUENCE_BYTES, other.length);
  }

  /** The stream id {@code producerId/topic/partition} of a trace value. */
  public static String streamIdOf(byte[] trace) {
    return new String(trace, SEQUENCE_BYTES, trace.length - SEQUENCE_BYTES, StandardCharsets.UTF_8);
  }

  /** The producer id of a trace value. */
  public static String producerIdOf(byte[] trace) {
    String id = streamIdOf(trace);
    return id.substring(0, id.indexOf('/'));
  }
}
