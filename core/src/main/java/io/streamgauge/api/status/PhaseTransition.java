package io.streamgauge.api.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.streamgauge.common.StatusText;
import lombok.Getter;
import lombok.Setter;

/** One entry of the phase history: a phase the run entered, when, and why. */
@Getter
@Setter
public class PhaseTransition {

  @JsonPropertyDescription("The phase entered.")
  private Phase phase;

  @JsonPropertyDescription("When it was entered (RFC 3339).")
  private String startedAt;

  @JsonPropertyDescription("Why, in a sentence.")
  private String message;

  /** Sets why, cut to {@link StatusText#MAX} characters (a failure may quote a server). */
  public void setMessage(String message) {
    this.message = StatusText.bounded(message);
  }
}
