package io.streamgauge.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class StageChartTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void eachBandIsABarOfItsStagesToOneScale() throws Exception {
    var result =
        JSON.readTree(
            """
            {"status": {"summary": {"latency": {"stages": {"recordByRecord": true, "bands": [
              {"upToMs": 100, "records": 900, "publishDelayMeanMs": 1.0,
               "throughAppMeanMs": 20.0, "commitWaitMeanMs": 30.0},
              {"upToMs": null, "records": 100, "publishDelayMeanMs": 3.0,
               "throughAppMeanMs": 40.0, "commitWaitMeanMs": 250.0}]}}}}}
            """);

    String html = StageChart.html(result);

    assertThat(html).contains("<th>0–100 ms</th><td class=\"right\">90.0 %</td>");
    assertThat(html).contains("<th>over 100 ms</th><td class=\"right\">10.0 %</td>");
    // The longest bar (the tail's, 293 ms) spans the width; its commit wait is 250/293 of it.
    assertThat(html).contains("class=\"stage-commit\" style=\"width:85.32%\" title=\"commit wait");
    assertThat(html).contains("class=\"stage-app\" style=\"width:6.83%\" title=\"through the app");
    assertThat(html).contains("<td class=\"right\">51.0 ms</td>");
    assertThat(html).contains("add up to its band's mean latency");
  }

  @Test
  void aRunWithoutStagesHasNoChart() throws Exception {
    assertThat(StageChart.html(JSON.readTree("{\"status\": {\"summary\": {\"latency\": {}}}}")))
        .isEmpty();
  }
}
