package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import lombok.Getter;
import lombok.Setter;

/** A periodic burst of the load: each period opens with it. */
@ValidationRule(
    value = "duration(self.length) < duration(self.period)",
    message = "length must be shorter than period (the base rate runs between bursts)")
@Getter
@Setter
public class BurstShape {

  @Required
  @Min(value = 0, inclusive = false)
  @Max(LoadShapeBounds.MAX_FACTOR)
  @JsonPropertyDescription(
      "The burst's rates as a multiple of the topics' rates, like 5 for five times; more than 0,"
          + " at most 100.")
  private Double factor;

  @Required
  @Pattern(ScheduleSpec.DURATION)
  @Size(max = 20)
  @JsonPropertyDescription("How long each burst lasts, like 10s; shorter than period.")
  private String length;

  @Required
  @Pattern(ScheduleSpec.DURATION)
  @Size(max = 20)
  @JsonPropertyDescription(
      "Time from one burst's start to the next's, like 1m; at most the measurement window.")
  private String period;
}
