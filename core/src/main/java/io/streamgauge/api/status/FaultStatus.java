package io.streamgauge.api.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.streamgauge.api.spec.FaultType;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/** One planned fault of the run, and when and how it was injected. */
@Getter
@Setter
public class FaultStatus {

  @JsonPropertyDescription("The fault's type, as in spec.faults.")
  private FaultType type;

  @JsonPropertyDescription(
      "KillApp and PauseApp on an app of several instances: the index of the one it acts on"
          + " (spec.faults[].instance).")
  private Integer instance;

  @JsonPropertyDescription("When it is due: the measurement window's start plus its offset.")
  private String dueAt;

  @JsonPropertyDescription(
      "What the fault acts on, chosen and written here before it acts (e.g. 'r-app-7d9f-x2k/"
          + "<pod uid>'), so an act repeated after a lost status write acts on the same, never on"
          + " what replaced it.")
  private List<String> targets;

  @JsonPropertyDescription("When it was injected; absent until then.")
  private String injectedAt;

  @JsonPropertyDescription("PauseApp: when the app was let go on (SIGCONT).")
  private String resumedAt;

  @JsonPropertyDescription(
      "What was done, e.g. 'deleted Pod bench/r-app-7d9f-x2k (grace 0)' or 'SIGKILL pid 4242,"
          + " started again as pid 4310'.")
  private String detail;
}
