package io.streamgauge.platform.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CpuPinningTest {

  @Test
  void aLimitBelowTheCoresPinsToTheLastCoresRoundedUp() {
    assertThat(CpuPinning.prefix(cpu("1"), 2)).containsExactly("taskset", "-c", "1");
    assertThat(CpuPinning.prefix(cpu("1500m"), 8)).containsExactly("taskset", "-c", "6-7");
    assertThat(CpuPinning.prefix(cpu("250m"), 4)).containsExactly("taskset", "-c", "3");
  }

  @Test
  void instancesGetCoresOfTheirOwnWhenTheyFitElseShareTheFirstOnesCores() {
    assertThat(CpuPinning.prefix(cpu("1"), 2, 0, 2)).containsExactly("taskset", "-c", "1");
    assertThat(CpuPinning.prefix(cpu("1"), 2, 1, 2)).containsExactly("taskset", "-c", "0");
    assertThat(CpuPinning.ownCores(cpu("1"), 2, 2)).isTrue();
    assertThat(CpuPinning.prefix(cpu("2"), 8, 2, 3)).containsExactly("taskset", "-c", "2-3");

    assertThat(CpuPinning.ownCores(cpu("1"), 2, 3)).isFalse();
    assertThat(CpuPinning.prefix(cpu("1"), 2, 2, 3)).containsExactly("taskset", "-c", "1");
    assertThat(CpuPinning.ownCores(cpu("2"), 2, 2)).isFalse();
    assertThat(CpuPinning.prefix(cpu("2"), 2, 1, 2)).isEmpty();
    assertThat(CpuPinning.cores(cpu("2"), 8, 2, 3)).contains("2-3");
    assertThat(CpuPinning.cores(cpu("2"), 2, 1, 2)).isEmpty();
  }

  @Test
  void noLimitOrOneCoveringEveryCorePinsNothing() {
    assertThat(CpuPinning.prefix(null, 2)).isEmpty();
    assertThat(CpuPinning.prefix(new ResourceRequirements(), 2)).isEmpty();
    assertThat(CpuPinning.prefix(cpu("2"), 2)).isEmpty();
    assertThat(CpuPinning.prefix(cpu("8"), 2)).isEmpty();
  }

  @Test
  void aPinnedProcessMayRunOnTheChosenCoreOnly() throws Exception {
    int processors = Runtime.getRuntime().availableProcessors();
    assertThat(processors).as("pinning needs a machine of 2 cores or more").isGreaterThan(1);
    List<String> command = new ArrayList<>(CpuPinning.prefix(cpu("1"), processors));
    command.addAll(List.of("grep", "Cpus_allowed_list", "/proc/self/status"));

    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(process.waitFor()).as(output).isZero();
    assertThat(output.trim()).isEqualTo("Cpus_allowed_list:\t" + (processors - 1));
  }

  private static ResourceRequirements cpu(String cpu) {
    ResourceRequirements resources = new ResourceRequirements();
    resources.setLimits(Map.of("cpu", new Quantity(cpu)));
    return resources;
  }
}
