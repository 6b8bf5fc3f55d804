package io.streamgauge.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class GcBeansTest {

  @Test
  void aJvmReportingOnlyCyclesHasNoPauseFigureAndSaysWhy() {
    assertThat(GcBeans.noPausesReason(List.of("ZGC")))
        .startsWith("the JVM's GC beans (ZGC) time concurrent cycles, not pauses");
    assertThat(GcBeans.noPausesReason(List.of("ZGC Cycles", "ZGC Pauses"))).isNull();
    assertThat(GcBeans.timesCycles("Shenandoah Cycles")).isTrue();
    assertThat(GcBeans.timesCycles("ZGC Major Pauses")).isFalse();
    assertThat(GcBeans.timesCycles("G1 Concurrent GC")).isFalse();
  }

  @Test
  void theConcurrentBeansOfEveryZgcAndShenandoahGenerationAreCycles() {
    assertThat(List.of("ZGC", "ZGC Cycles", "ZGC Minor Cycles", "ZGC Major Cycles"))
        .allMatch(GcBeans::timesCycles);
    assertThat(List.of("ZGC Pauses", "Shenandoah Pauses", "G1 Young Generation", "PS MarkSweep"))
        .noneMatch(GcBeans::timesCycles);
  }
}
