package io.streamgauge.api.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** One entry of the phase history: a phase the run entered, when, and why. */
public class PhaseTransition {

  @JsonPropertyDescription("The phase entered.")
  private Phase phase;

  @JsonPropertyDescription("When it was entered (RFC 3339).")
  private String startedAt;

  @JsonPropertyDescription("Why, in a sentence.")
  private String message;

  public Phase getPhase() {
    return phase;
  }

  public void setPhase(Phase phase) {
    this.phase = phase;
  }

  public String getStartedAt() {
    return startedAt;
  }

  public void setStartedAt(String startedAt) {
    this.startedAt = startedAt;
  }

  public String getMessage() {
    return message;
  }

  public void setMessage(String message) {
    this.message = message;
  }
}
