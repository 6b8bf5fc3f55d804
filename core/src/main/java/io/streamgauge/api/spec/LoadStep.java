package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import lombok.Getter;
import lombok.Setter;

/** One step of a stepped load. */
@Getter
@Setter
public class LoadStep {

  @Required
  @Min(0)
  @Max(LoadShapeBounds.MAX_FACTOR)
  @JsonPropertyDescription(
      "The step's rates as a multiple of the topics' rates: 0 pauses the load, 2 doubles it; at"
          + " most 100.")
  private Double factor;

  @Required
  @Pattern(ScheduleSpec.DURATION)
  @Size(max = 20)
  @JsonPropertyDescription("How long the step lasts, like 30s.")
  private String duration;
}
