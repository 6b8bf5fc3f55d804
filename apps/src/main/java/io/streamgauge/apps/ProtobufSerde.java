package io.streamgauge.apps;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;

/** A Kafka Serde of one generated Protobuf message type. */
final class ProtobufSerde {

  private ProtobufSerde() {}

  /** The Serde of the messages {@code parser} reads. */
  static <T extends Message> Serde<T> of(Parser<T> parser) {
    return Serdes.serdeFrom(
        (topic, message) -> message == null ? null : message.toByteArray(),
        (topic, bytes) -> {
          if (bytes == null) {
            return null;
          }
          try {
            return parser.parseFrom(bytes);
          } catch (InvalidProtocolBufferException e) {
            throw new SerializationException("not a protobuf message of topic " + topic, e);
          }
        });
  }
}
