package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import lombok.Getter;
import lombok.Setter;

/** One input topic: how it is created and how fast and with what records it is fed. */
@Getter
@Setter
public class LoadTopicSpec {

  @Required
  @Pattern("^[a-zA-Z0-9._-]{1,249}$")
  @Size(max = 249)
  @JsonPropertyDescription("Topic name (Kafka rules: letters, digits, '.', '_', '-').")
  private String name;

  @Min(1)
  @Max(1000)
  @JsonPropertyDescription(
      "Number of partitions the topic is created with, at most 1,000 (a few thousand per broker"
          + " is where Kafka's own limits start).")
  private Integer partitions;

  @Min(value = 0, inclusive = false)
  @Max(3_200_000)
  @JsonPropertyDescription(
      "Records per second, summed over all producers, on an open-loop schedule: record i is due"
          + " at start + i/rate and carries that instant as its timestamp. At most 3,200,000"
          + " (64 producers of 50,000 records/s).")
  private Double ratePerSecond;

  @Min(1)
  @Max(1_000_000_000)
  @JsonPropertyDescription(
      "Records written as fast as possible before the run starts, instead of a live rate"
          + " (state-restoration changelogs); at most 10^9.")
  private Long prepopulateRecords;

  @JsonPropertyDescription("The shape of the records: format, value size and keys.")
  private RecordSpec record;
}
