package io.streamgauge.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class ChartDataTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** An app of two instances is drawn summed, so its limit line is the sum of theirs. */
  @Test
  void theLimitsOfAnAppOfSeveralInstancesAreSummed() throws Exception {
    ObjectNode timeline =
        ChartData.timeline(
            result(
                "{app: {replicas: 2, resources: {limits: {cpu: '1', memory: 1Gi}}},"
                    + " load: {topics: [{name: input, ratePerSecond: 400}]}}"));
    assertThat(timeline.path("instances").asInt()).isEqualTo(2);
    assertThat(timeline.path("cpuLimitCores").asDouble()).isEqualTo(2.0);
    assertThat(timeline.path("memoryLimitMiB").asDouble()).isEqualTo(2048.0);
    assertThat(timeline.path("targetPerSec").asDouble()).isEqualTo(400.0);
    assertThat(timeline.has("targetSeries")).as("a constant load draws a constant").isFalse();

    ObjectNode one =
        ChartData.timeline(result("{app: {resources: {limits: {cpu: 500m}}}, load: {topics: []}}"));
    assertThat(one.path("instances").asInt()).isEqualTo(1);
    assertThat(one.path("cpuLimitCores").asDouble()).isEqualTo(0.5);
  }

  /** Under a shape the target line follows it: the base rate, each segment, the base rate. */
  @Test
  void aShapedLoadsTargetFollowsItsSegments() throws Exception {
    ObjectNode timeline =
        ChartData.timeline(
            result(
                "{load: {topics: [{name: input, ratePerSecond: 400}],"
                    + " shape: {burst: {factor: 3, length: 5s, period: 20s}}}}"));
    JsonNode points = timeline.path("targetSeries");
    // the warmup's start and end, 2 points for each of the 4 segments of a 40 s window, its end:
    // the line steps at each boundary instead of sloping across the warmup
    assertThat(points).hasSize(11);
    assertThat(points.get(0).get(0).asDouble()).isEqualTo(1_000.0);
    assertThat(points.get(0).get(1).asDouble()).isEqualTo(400.0);
    assertThat(points.get(1).get(0).asDouble()).isEqualTo(1_009.999);
    assertThat(points.get(1).get(1).asDouble()).isEqualTo(400.0);
    assertThat(points.get(2).get(0).asDouble()).isEqualTo(1_010.0);
    assertThat(points.get(2).get(1).asDouble()).isEqualTo(1_200.0);
    assertThat(points.get(4).get(0).asDouble()).isEqualTo(1_015.0);
    assertThat(points.get(4).get(1).asDouble()).isEqualTo(400.0);
    assertThat(points.get(10).get(0).asDouble()).isEqualTo(1_050.0);
  }

  private static JsonNode result(String specYaml) throws Exception {
    ObjectNode result = JSON.createObjectNode();
    result.set(
        "spec",
        new ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
            .readTree(specYaml));
    ObjectNode status = result.putObject("status");
    status.put("warmupStartedAt", "1970-01-01T00:16:40Z");
    status.put("measurementStartedAt", "1970-01-01T00:16:50Z");
    status.put("measurementEndedAt", "1970-01-01T00:17:30Z");
    return result;
  }
}
