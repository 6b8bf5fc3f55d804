package io.streamgauge.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

/**
 * Loss counted against what the load generators report they sent inside the window: the last
 * records of the window and a whole partition that never arrive are lost, which the gaps between
 * the numbers received cannot see.
 */
class SentReportsTest {

  private static final long END = 1_800_000_000_000L;
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theWindowsLastRecordsAndAWholePartitionNeverReceivedAreLost() throws Exception {
    LatencyRecorder recorder = recorder(1);
    // Stream lg-0/input/0 sent 100..119 in the window; 118 and 119 (its last) never arrive.
    // Stream lg-0/input/1 sent 40..49 in the window; none arrives.
    List<ConsumerRecord<byte[], byte[]>> received = new ArrayList<>();
    for (long s = 100; s < 118; s++) {
      received.add(traced("lg-0", 0, s, END - 5_000 + s));
    }
    received.add(traced("lg-0", 0, 120, END + 10));
    recorder.record(batch(received), (END + 50) * 1000);

    JsonNode before = build(recorder);
    assertThat(before.at("/topics/output/integrity/measurement/producers/lg-0/lost").asLong())
        .as("the gaps see nothing missing")
        .isZero();
    assertThat(before.at("/topics/output/integrity/measurement/producers/lg-0/lossBasis").asText())
        .isEqualTo("gaps");
    assertThat(before.at("/tail/complete").asBoolean())
        .as("the report of what was sent is awaited")
        .isFalse();
    assertThat(before.at("/tail/reportsMissing").asInt()).isEqualTo(1);
    assertThat(before.at("/tail/behind").size()).as("every partition is past the end").isZero();

    recorder.addSentReport(
        JSON.readTree(
            """
            {"producerId": "lg-0", "learnedLate": false, "failedInWindow": 1, "failedUntimed": 0,
             "streams": {"lg-0/input/0": {"first": 100, "last": 119},
                         "lg-0/input/1": {"first": 40, "last": 49}}}
            """));

    JsonNode after = build(recorder);
    JsonNode producer = after.at("/topics/output/integrity/measurement/producers/lg-0");
    assertThat(producer.path("lossBasis").asText()).isEqualTo("sent");
    assertThat(producer.path("expected").asLong()).isEqualTo(30);
    assertThat(producer.path("received").asLong()).isEqualTo(18);
    assertThat(producer.path("lost").asLong())
        .as("2 at the window's end + 10 of a partition never seen - 1 failed send")
        .isEqualTo(11);
    assertThat(producer.path("failedSends").asLong()).isEqualTo(1);
    assertThat(after.at("/tail/complete").asBoolean()).isTrue();
    assertThat(after.at("/tail/reportsMissing").asInt()).isZero();
  }

  @Test
  void anOutputWithSourcesIsJudgedOnlyAgainstWhatWasSentToThem() throws Exception {
    LatencyRecorder recorder = recorder(1);
    // output holds one record per record of input (the generator also fed dimensions, which no
    // output holds one to one): all of input/0's 100..109 arrive.
    List<ConsumerRecord<byte[], byte[]>> received = new ArrayList<>();
    for (long s = 100; s < 110; s++) {
      received.add(traced("lg-0", 0, s, END - 5_000 + s));
    }
    received.add(traced("lg-0", 0, 110, END + 10));
    recorder.record(batch(received), (END + 50) * 1000);
    recorder.addSentReport(
        JSON.readTree(
            """
            {"producerId": "lg-0", "learnedLate": false, "failedInWindow": 0, "failedUntimed": 0,
             "streams": {"lg-0/input/0": {"first": 100, "last": 109},
                         "lg-0/dimensions/0": {"first": 0, "last": 29}}}
            """));

    JsonNode everything = build(recorder);
    assertThat(everything.at("/topics/output/integrity/measurement/producers/lg-0/lost").asLong())
        .as("without sources, the dimensions' 30 count as lost")
        .isEqualTo(30);

    JsonNode scoped =
        ResultsDocument.build(
            recorder, "read_committed", 0, END + 60_000, Map.of("output", List.of("input")));
    JsonNode producer = scoped.at("/topics/output/integrity/measurement/producers/lg-0");
    assertThat(producer.path("expected").asLong()).isEqualTo(10);
    assertThat(producer.path("lost").asLong()).isZero();
    assertThat(producer.path("lossBasis").asText()).isEqualTo("sent");
  }

  @Test
  void aGeneratorThatLearnedTheWindowLateIsJudgedByGaps() throws Exception {
    LatencyRecorder recorder = recorder(1);
    recorder.record(
        batch(
            List.of(
                traced("lg-0", 0, 1, END - 10),
                traced("lg-0", 0, 3, END - 5),
                traced("lg-0", 0, 9, END + 5))),
        (END + 50) * 1000);
    recorder.addSentReport(
        JSON.readTree(
            """
            {"producerId": "lg-0", "learnedLate": true,
             "streams": {"lg-0/input/0": {"first": 2, "last": 3}}}
            """));

    JsonNode producer = build(recorder).at("/topics/output/integrity/measurement/producers/lg-0");

    assertThat(producer.path("lossBasis").asText()).isEqualTo("gaps");
    assertThat(producer.path("lost").asLong()).isEqualTo(1);
  }

  @Test
  void aMalformedReportIsRefusedNamingTheField() {
    LatencyRecorder recorder = recorder(1);

    assertThatThrownBy(() -> recorder.addSentReport(JSON.readTree("{\"streams\": {}}")))
        .hasMessage("producerId: required");
    assertThatThrownBy(
            () ->
                recorder.addSentReport(
                    JSON.readTree(
                        "{\"producerId\": \"a\", \"streams\": {\"a/t/0\": {\"first\": 5,"
                            + " \"last\": 2}}}")))
        .hasMessage("streams.a/t/0: needs whole numbers 0 <= first <= last");
  }

  private static LatencyRecorder recorder(int producers) {
    Windows windows =
        Windows.parse(
            new LatencySettings.WindowTimes(
                Instant.ofEpochMilli(END - 20_000).toString(),
                Instant.ofEpochMilli(END - 10_000).toString(),
                Instant.ofEpochMilli(END).toString()));
    return new LatencyRecorder(List.of("output"), windows, true, producers);
  }

  private static JsonNode build(LatencyRecorder recorder) {
    return ResultsDocument.build(recorder, "read_committed", 0, END + 60_000);
  }

  private static ConsumerRecord<byte[], byte[]> traced(
      String producer, int partition, long sequence, long timestamp) {
    RecordHeaders headers = new RecordHeaders();
    headers.add(
        new RecordHeader(
            io.streamgauge.common.RecordHeaders.TRACE,
            io.streamgauge.common.RecordHeaders.encodeTrace(
                io.streamgauge.common.RecordHeaders.streamId(producer, "input", partition),
                sequence)));
    return new ConsumerRecord<>(
        "output",
        0,
        sequence,
        timestamp,
        TimestampType.CREATE_TIME,
        0,
        0,
        null,
        new byte[0],
        headers,
        Optional.empty());
  }

  private static ConsumerRecords<byte[], byte[]> batch(
      List<ConsumerRecord<byte[], byte[]>> records) {
    return new ConsumerRecords<>(Map.of(new TopicPartition("output", 0), records), Map.of());
  }
}
