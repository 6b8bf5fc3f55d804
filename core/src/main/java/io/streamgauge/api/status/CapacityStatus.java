package io.streamgauge.api.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.ArrayList;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/** A capacity search as it goes: every probe in order and, per CPU limit, the ceiling found. */
@Getter
@Setter
public class CapacityStatus {

  @JsonPropertyDescription("Every probe in the order it ran.")
  private List<CapacityProbeStatus> probes = new ArrayList<>();

  @JsonPropertyDescription("Per CPU limit whose search ended: the ceiling as an interval.")
  private List<CapacityLimitStatus> limits = new ArrayList<>();
}
