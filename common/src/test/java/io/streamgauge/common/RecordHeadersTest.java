package io.streamgauge.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.junit.jupiter.api.Test;

class RecordHeadersTest {

  @Test
  void headersRoundTrip() {
    var headers =
        new org.apache.kafka.common.header.internals.RecordHeaders()
            .add(RecordHeaders.PRODUCER_ID, RecordHeaders.encodeProducerId("lg-0"))
            .add(RecordHeaders.SOURCE, RecordHeaders.encodeSource("input", 11))
            .add(RecordHeaders.SEQUENCE, RecordHeaders.encodeSequence(1L << 40));

    assertThat(RecordHeaders.producerId(headers)).isEqualTo("lg-0");
    assertThat(RecordHeaders.source(headers)).isEqualTo("input/11");
    assertThat(RecordHeaders.sequence(headers)).isEqualTo(1L << 40);
  }

  @Test
  void missingOrMalformedHeadersAreReportedAsAbsent() {
    var empty = new org.apache.kafka.common.header.internals.RecordHeaders();
    var malformed =
        new org.apache.kafka.common.header.internals.RecordHeaders()
            .add(new RecordHeader(RecordHeaders.SEQUENCE, "7".getBytes(StandardCharsets.UTF_8)));

    assertThat(RecordHeaders.sequence(empty)).isEqualTo(-1);
    assertThat(RecordHeaders.producerId(empty)).isNull();
    assertThat(RecordHeaders.source(empty)).isNull();
    assertThat(RecordHeaders.sequence(malformed)).isEqualTo(-1);
  }
}
