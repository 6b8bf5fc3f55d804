package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/**
 * How the load moves over the measurement window, as a factor of every topic's rate: a periodic
 * burst, steps repeated, or a ramp. Before the window (warmup) and after it the rates are constant.
 */
@ValidationRule(
    value = "(has(self.burst) ? 1 : 0) + (has(self.steps) ? 1 : 0) + (has(self.ramp) ? 1 : 0) == 1",
    message = "set exactly one of burst, steps and ramp")
@Getter
@Setter
public class LoadShapeSpec {

  /** The most steps a cycle may have. */
  public static final int MAX_STEPS = 20;

  @JsonPropertyDescription(
      "A periodic burst: every period opens with the rates times factor for length, then the"
          + " rates themselves for the rest; the first burst starts the window.")
  private BurstShape burst;

  @Size(min = 1, max = MAX_STEPS)
  @JsonPropertyDescription(
      "Steps of the rates times factor, each for its duration, in order, the cycle repeated until"
          + " the window ends.")
  private List<LoadStep> steps;

  @JsonPropertyDescription(
      "A ramp over the whole window, from fromFactor times the rates to toFactor times them;"
          + " reported in equal segments.")
  private RampShape ramp;
}
