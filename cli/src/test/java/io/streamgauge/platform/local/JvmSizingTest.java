package io.streamgauge.platform.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JvmSizingTest {

  @Test
  void theJvmIsSizedAsInAContainerWithTheLimitsButNeverToMoreCoresThanTheMachineHas() {
    assertThat(JvmSizing.options(limits("8", "16Gi"), 2))
        .containsExactly("-XX:MaxRAM=17179869184", "-XX:ActiveProcessorCount=2");
    assertThat(JvmSizing.options(limits("1500m", "512Mi"), 16))
        .containsExactly("-XX:MaxRAM=536870912", "-XX:ActiveProcessorCount=2");
    assertThat(JvmSizing.options(limits("100m", "1G"), 16))
        .containsExactly("-XX:MaxRAM=1000000000", "-XX:ActiveProcessorCount=1");
  }

  @Test
  void noLimitsNoOptions() {
    assertThat(JvmSizing.options(new ResourceRequirements(), 4)).isEmpty();
    assertThat(JvmSizing.options(null, 4)).isEmpty();
  }

  @Test
  void aLimitThatIsNotAQuantityNamesItsField() {
    assertThatThrownBy(() -> JvmSizing.options(limits("8", "lots"), 4))
        .hasMessage("spec.app.resources.limits.memory: Invalid value: \"lots\": not a quantity");
  }

  private static ResourceRequirements limits(String cpu, String memory) {
    ResourceRequirements resources = new ResourceRequirements();
    resources.setLimits(Map.of("cpu", new Quantity(cpu), "memory", new Quantity(memory)));
    return resources;
  }
}
