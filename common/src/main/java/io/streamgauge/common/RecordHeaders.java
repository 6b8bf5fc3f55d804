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
 *       4 bytes big-endian <em>publish delay</em> in microseconds (the generator's actual send
 *       minus the intended time; all ones when unknown), then the UTF-8 <em>stream id</em> {@code
 *       producerId/topic/partition} — the generator instance and the topic partition it wrote the
 *       record to. Within a stream the sequence starts at 0 and increases by 1 with no gaps, so
 *       downstream a number never seen is a lost record and a number seen twice a duplicate. The
 *       topic and partition are part of the id because topologies merge topics and repartition. The
 *       publish delay lets the latency consumer take a record's own share of generator delay out of
 *       its time through the app.
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

  /** Where the stream id starts: after the sequence and the publish delay. */
  private static final int STREAM_ID_AT = SEQUENCE_BYTES + Integer.BYTES;

  /** The publish delay field's value when the delay is not known. */
  private static final int UNKNOWN_DELAY = -1;

  private RecordHeaders() {}

  /** The stream id {@code producerId/topic/partition} as bytes, computed once per partition. */
  public static byte[] streamId(String producerId, String topic, int partition) {
    return (producerId + "/" + topic + "/" + partition).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The header value for record {@code sequence} of stream {@code streamId}, its publish delay not
   * known.
   */
  public static byte[] encodeTrace(byte[] streamId, long sequence) {
    return encode(streamId, sequence, UNKNOWN_DELAY);
  }

  /**
   * The header value for record {@code sequence} of stream {@code streamId}, sent {@code
   * publishDelayMicros} after its intended time (negative taken as 0; beyond 35 minutes, as 35
   * minutes).
   */
  public static byte[] encodeTrace(byte[] streamId, long sequence, long publishDelayMicros) {
    return encode(
        streamId, sequence, (int) Math.min(Integer.MAX_VALUE, Math.max(0, publishDelayMicros)));
  }

  private static byte[] encode(byte[] streamId, long sequence, int delay) {
    byte[] value = new byte[STREAM_ID_AT + streamId.length];
    for (int i = SEQUENCE_BYTES - 1; i >= 0; i--) {
      value[i] = (byte) sequence;
      sequence >>>= 8;
    }
    for (int i = STREAM_ID_AT - 1; i >= SEQUENCE_BYTES; i--) {
      value[i] = (byte) delay;
      delay >>>= 8;
    }
    System.arraycopy(streamId, 0, value, STREAM_ID_AT, streamId.length);
    return value;
  }

  /** The trace header value of a record, or null when it has none or a malformed one. */
  public static byte[] trace(Headers headers) {
    Header header = headers.lastHeader(TRACE);
    byte[] value = header == null ? null : header.value();
    return value == null || value.length <= STREAM_ID_AT ? null : value;
  }

  /**
   * The publish delay in a trace value, in microseconds, or -1 when the sender did not know it;
   * allocates nothing.
   */
  public static long publishDelayMicros(byte[] trace) {
    int delay = 0;
    for (int i = SEQUENCE_BYTES; i < STREAM_ID_AT; i++) {
      delay = (delay << 8) | (trace[i] & 0xff);
    }
    return delay == UNKNOWN_DELAY ? -1 : delay;
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
    for (int i = STREAM_ID_AT; i < trace.length; i++) {
      hash = 31 * hash + trace[i];
    }
    return hash;
  }

  /** True when two trace values belong to the same stream; allocates nothing. */
  public static boolean sameStream(byte[] trace, byte[] other) {
    return Arrays.equals(trace, STREAM_ID_AT, trace.length, other, STREAM_ID_AT, other.length);
  }

  /** The stream id {@code producerId/topic/partition} of a trace value. */
  public static String streamIdOf(byte[] trace) {
    return new String(trace, STREAM_ID_AT, trace.length - STREAM_ID_AT, StandardCharsets.UTF_8);
  }

  /** The producer id of a trace value. */
  public static String producerIdOf(byte[] trace) {
    String id = streamIdOf(trace);
    return id.substring(0, id.indexOf('/'));
  }
}
