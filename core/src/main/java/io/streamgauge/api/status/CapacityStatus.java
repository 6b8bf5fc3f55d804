package io.streamgauge.api.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.ArrayList;
import java.util.List;

/** A capacity search as it goes: every probe in order and, per CPU limit, the ceiling found. */
public class CapacityStatus {

  @JsonPropertyDescription("Every probe in the order it ran.")
  private List<CapacityProbeStatus> probes = new ArrayList<>();

  @JsonPropertyDescription("Per CPU limit whose search ended: the ceiling as an interval.")
  private List<CapacityLimitStatus> limits = new ArrayList<>();

  public List<CapacityProbeStatus> getProbes() {
    return probes;
  }

  public void setProbes(List<CapacityProbeStatus> probes) {
    this.probes = probes;
  }

  public List<CapacityLimitStatus> getLimits() {
    return limits;
  }

  public void setLimits(List<CapacityLimitStatus> limits) {
    this.limits = limits;
  }
}
