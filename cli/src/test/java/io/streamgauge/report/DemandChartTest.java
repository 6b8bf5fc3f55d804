package io.streamgauge.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class DemandChartTest {

  /**
   * A rate needs the smallest size whose ceiling reaches it: 1 core up to 32,000, 2 cores (two
   * instances) up to 50,000; a size no higher than a smaller one adds no step; every judged probe
   * is a point at its rate and cores.
   */
  @Test
  void eachRateNeedsTheSmallestSizeWhoseCeilingReachesIt() throws Exception {
    ObjectNode demand = DemandChart.of(scaleOutSearch());
    assertThat(demand.path("needs").toString())
        .isEqualTo("[[0.0,1.0],[32000.0,1.0],[32000.0,2.0],[50000.0,2.0]]");
    assertThat(demand.path("passed").toString())
        .isEqualTo("[[16000.0,1.0],[32000.0,1.0],[50000.0,2.0]]");
    assertThat(demand.path("failed").toString()).isEqualTo("[[40000.0,1.0],[64000.0,2.0]]");
  }

  /** The status of a search over one and two instances of 1 CPU, with a third size no better. */
  static JsonNode scaleOutSearch() throws Exception {
    return new ObjectMapper()
        .readTree(
            """
            {"limits": [
              {"cpuLimit": "1", "lastPassPerSecond": 32000, "firstFailPerSecond": 40000},
              {"cpuLimit": "1", "instances": 2, "lastPassPerSecond": 50000},
              {"cpuLimit": "1", "instances": 3, "lastPassPerSecond": 48000}
            ],
            "probes": [
              {"cpuLimit": "1", "ratePerSecond": 16000, "passed": true},
              {"cpuLimit": "1", "ratePerSecond": 32000, "passed": true},
              {"cpuLimit": "1", "ratePerSecond": 40000, "passed": false},
              {"cpuLimit": "1", "instances": 2, "ratePerSecond": 50000, "passed": true},
              {"cpuLimit": "1", "instances": 2, "ratePerSecond": 64000, "passed": false},
              {"cpuLimit": "1", "instances": 3, "ratePerSecond": 8000}
            ]}
            """);
  }
}
