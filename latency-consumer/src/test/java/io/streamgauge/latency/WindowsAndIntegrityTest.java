package io.streamgauge.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamgauge.common.RecordHeaders;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WindowsAndIntegrityTest {

  private static final LatencySettings.WindowTimes TIMES =
      new LatencySettings.WindowTimes(
          "2026-11-22T10:00:00Z", "2026-11-22T10:10:00Z", "2026-11-22T10:20:00Z");

  @Test
  void windowsAreHalfOpenOnRecordTimestamps() {
    Windows w = Windows.parse(TIMES);
    long warmup = w.warmupStartMs();

    assertThat(w.slot(warmup - 1)).isEqualTo(Windows.Slot.BEFORE);
    assertThat(w.slot(warmup)).isEqualTo(Windows.Slot.WARMUP);
    assertThat(w.slot(w.measurementStartMs() - 1)).isEqualTo(Windows.Slot.WARMUP);
    assertThat(w.slot(w.measurementStartMs())).isEqualTo(Windows.Slot.MEASUREMENT);
    assertThat(w.slot(w.measurementEndMs() - 1)).isEqualTo(Windows.Slot.MEASUREMENT);
    assertThat(w.slot(w.measurementEndMs())).isEqualTo(Windows.Slot.AFTER);
    assertThat(Windows.UNSET.slot(warmup)).isEqualTo(Windows.Slot.BEFORE);
    assertThat(w.toTimes()).isEqualTo(TIMES);
  }

  @Test
  void badWindowsNameTheField() {
    assertThatThrownBy(() -> Windows.parse(new LatencySettings.WindowTimes("soon", "x", "y")))
        .hasMessageStartingWith("warmupStart: 'soon' is not an instant");
    assertThatThrownBy(
            () ->
                Windows.parse(
                    new LatencySettings.WindowTimes(
                        TIMES.warmupStart(), TIMES.measurementEnd(), TIMES.measurementStart())))
        .hasMessageStartingWith("measurementEnd: must be after measurementStart");
    assertThatThrownBy(
            () -> Windows.parse(new LatencySettings.WindowTimes(TIMES.warmupStart(), null, "x")))
        .hasMessageStartingWith("measurementStart: required");
  }

  @Test
  void integrityIsTrackedPerProducerAcrossManyStreams() {
    IntegrityTracker tracker = new IntegrityTracker();
    for (int partition = 0; partition < 200; partition++) {
      byte[] p1 = RecordHeaders.streamId("p1", "in", partition);
      for (long s = 0; s < 50; s++) {
        if (!(partition == 7 && s == 20)) {
          tracker.record(RecordHeaders.encodeTrace(p1, s));
        }
      }
      tracker.record(RecordHeaders.encodeTrace(RecordHeaders.streamId("p2", "in", partition), 0));
    }
    tracker.record(RecordHeaders.encodeTrace(RecordHeaders.streamId("p2", "in", 3), 0));
    tracker.record(null);

    Map<String, long[]> perProducer = tracker.perProducer();
    assertThat(perProducer.get("p1")).containsExactly(200 * 50 - 1, 1, 0);
    assertThat(perProducer.get("p2")).containsExactly(201, 0, 1);
    assertThat(tracker.unattributed()).isEqualTo(1);
  }
}
