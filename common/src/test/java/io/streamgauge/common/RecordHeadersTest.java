package io.streamgauge.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.junit.jupiter.api.Test;

class RecordHeadersTest {

  @Test
  void traceRoundTrips() {
    byte[] trace = RecordHeaders.encodeTrace(RecordHeaders.streamId("lg-0", "input", 11), 1L << 40);
    var headers =
        new org.apache.kafka.common.header.internals.RecordHeaders()
            .add(RecordHeaders.TRACE, trace);

    byte[] read = RecordHeaders.trace(headers);
    assertThat(RecordHeaders.sequence(read)).isEqualTo(1L << 40);
    assertThat(RecordHeaders.streamIdOf(read)).isEqualTo("lg-0/input/11");
    assertThat(RecordHeaders.producerIdOf(read)).isEqualTo("lg-0");
    assertThat(RecordHeaders.publishDelayMicros(read)).as("not known").isEqualTo(-1);
  }

  @Test
  void thePublishDelayTravelsWithTheTraceAndLeavesTheStreamAlone() {
    byte[] id = RecordHeaders.streamId("lg-0", "input", 3);
    byte[] quick = RecordHeaders.encodeTrace(id, 7, 1_234);
    byte[] late = RecordHeaders.encodeTrace(id, 8, 40L * 60 * 1_000_000);

    assertThat(RecordHeaders.publishDelayMicros(quick)).isEqualTo(1_234);
    assertThat(RecordHeaders.publishDelayMicros(late)).as("capped").isEqualTo(Integer.MAX_VALUE);
    assertThat(RecordHeaders.publishDelayMicros(RecordHeaders.encodeTrace(id, 9, -5))).isZero();
    assertThat(RecordHeaders.sequence(quick)).isEqualTo(7);
    assertThat(RecordHeaders.streamIdOf(late)).isEqualTo("lg-0/input/3");
    assertThat(RecordHeaders.sameStream(quick, late)).isTrue();
    assertThat(RecordHeaders.streamHash(quick)).isEqualTo(RecordHeaders.streamHash(late));
  }

  @Test
  void streamsCompareByIdNotBySequence() {
    byte[] id = RecordHeaders.streamId("lg-0", "input", 1);
    byte[] a = RecordHeaders.encodeTrace(id, 1);
    byte[] b = RecordHeaders.encodeTrace(id, 2);
    byte[] c = RecordHeaders.encodeTrace(RecordHeaders.streamId("lg-0", "input", 2), 1);

    assertThat(RecordHeaders.sameStream(a, b)).isTrue();
    assertThat(RecordHeaders.streamHash(a)).isEqualTo(RecordHeaders.streamHash(b));
    assertThat(RecordHeaders.sameStream(a, c)).isFalse();
  }

  @Test
  void missingOrMalformedTracesAreAbsent() {
    var empty = new org.apache.kafka.common.header.internals.RecordHeaders();
    var tooShort =
        new org.apache.kafka.common.header.internals.RecordHeaders()
            .add(new RecordHeader(RecordHeaders.TRACE, "7".getBytes(StandardCharsets.UTF_8)));

    assertThat(RecordHeaders.trace(empty)).isNull();
    assertThat(RecordHeaders.trace(tooShort)).isNull();
  }
}
