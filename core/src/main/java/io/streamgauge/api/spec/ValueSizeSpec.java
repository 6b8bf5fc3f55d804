package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.ValidationRule;
import lombok.Getter;
import lombok.Setter;

/** A record value size: fixed, or a range with an optional mean. */
@ValidationRule(
    value = "has(self.fixed) != (has(self.min) || has(self.max))",
    message = "set either fixed, or min and max")
@ValidationRule(
    value = "has(self.min) == has(self.max)",
    message = "min and max must be set together")
@ValidationRule(
    value = "!has(self.min) || !has(self.max) || self.min <= self.max",
    message = "min must not exceed max")
@ValidationRule(
    value = "!has(self.mean) || (has(self.min) && self.mean >= self.min && self.mean <= self.max)",
    message = "mean needs min and max and must lie between them")
@Getter
@Setter
public class ValueSizeSpec {

  /**
   * The largest value: Kafka's default largest record batch ({@code message.max.bytes}, {@code
   * max.request.size}) is 1 MiB, headers and key included.
   */
  static final int MAX_BYTES = 1_000_000;

  @Min(1)
  @Max(MAX_BYTES)
  @JsonPropertyDescription(
      "Every value has exactly this many bytes (at most 1,000,000: Kafka's default largest"
          + " record is 1 MiB).")
  private Integer fixed;

  @Min(1)
  @Max(MAX_BYTES)
  @JsonPropertyDescription("Smallest value size in bytes.")
  private Integer min;

  @Min(1)
  @Max(MAX_BYTES)
  @JsonPropertyDescription("Largest value size in bytes, at most 1,000,000.")
  private Integer max;

  @Min(1)
  @Max(MAX_BYTES)
  @JsonPropertyDescription(
      "Mean value size in bytes; sizes are then skewed towards it instead of uniform.")
  private Integer mean;
}
