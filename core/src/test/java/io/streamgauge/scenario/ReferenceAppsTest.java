package io.streamgauge.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ReferenceAppsTest {

  private static final ReferenceApps DEFAULTS = ReferenceApps.under("ghcr.io/streamgauge", "0.1.0");

  @Test
  void theChartsVariableNamesAnImagePerRuntime() {
    ReferenceApps apps =
        ReferenceApps.parse(
            "V", " kafka-streams=registry.local:5000/streams-app:0.1.0 ,flink=f:2,", DEFAULTS);

    assertThat(apps.images())
        .isEqualTo(
            Map.of("kafka-streams", "registry.local:5000/streams-app:0.1.0", "flink", "f:2"));
    assertThat(apps.image("kafka-streams")).contains("registry.local:5000/streams-app:0.1.0");
    assertThat(apps.image("stoatflow")).isEmpty();
  }

  @Test
  void blankIsTheDefaultRegistrysReferenceApp() {
    assertThat(ReferenceApps.parse("V", " ", DEFAULTS).image("kafka-streams"))
        .contains("ghcr.io/streamgauge/streams-app:0.1.0");
    assertThat(ReferenceApps.parse("V", null, DEFAULTS)).isEqualTo(DEFAULTS);
  }

  @Test
  void anItemThatIsNotRuntimeEqualsImageIsRefusedNamingTheVariable() {
    assertThatThrownBy(() -> ReferenceApps.parse("V", "kafka-streams", DEFAULTS))
        .hasMessage("V: 'kafka-streams' is not runtime=image (e.g. kafka-streams=...)");
    assertThatThrownBy(() -> ReferenceApps.parse("V", "Kafka Streams=x", DEFAULTS))
        .hasMessage("V: 'Kafka Streams=x' is not runtime=image (e.g. kafka-streams=...)");
    assertThatThrownBy(() -> ReferenceApps.parse("V", "kafka-streams=", DEFAULTS))
        .hasMessageStartingWith("V: 'kafka-streams=' is not");
  }
}
