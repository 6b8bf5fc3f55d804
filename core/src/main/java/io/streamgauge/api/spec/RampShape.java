package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Required;
import lombok.Getter;
import lombok.Setter;

/** A linear ramp of the load over the measurement window. */
@Getter
@Setter
public class RampShape {

  /** Segments a ramp is reported in by default. */
  public static final int DEFAULT_SEGMENTS = 10;

  @Required
  @Min(0)
  @Max(LoadShapeBounds.MAX_FACTOR)
  @JsonPropertyDescription("The factor of the topics' rates at the window's start; at most 100.")
  private Double fromFactor;

  @Required
  @Min(0)
  @Max(LoadShapeBounds.MAX_FACTOR)
  @JsonPropertyDescription("The factor of the topics' rates at the window's end; at most 100.")
  private Double toFactor;

  @Min(1)
  @Max(LoadShapeBounds.MAX_SEGMENTS)
  @JsonPropertyDescription(
      "How many equal segments the ramp is reported in (latency, lag and records each); they must"
          + " divide the window into whole seconds. Default "
          + DEFAULT_SEGMENTS
          + ", at most "
          + LoadShapeBounds.MAX_SEGMENTS
          + ".")
  private Integer segments;
}
