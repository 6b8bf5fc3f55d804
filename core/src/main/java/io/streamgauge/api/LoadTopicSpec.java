package io.streamgauge.api;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;

/** One input topic: how it is created and how fast and with what records it is fed. */
public class LoadTopicSpec {

  @Required
  @Pattern("^[a-zA-Z0-9._-]{1,249}$")
  @JsonPropertyDescription("Topic name (Kafka rules: letters, digits, '.', '_', '-').")
  private String name;

  @Min(1)
  @JsonPropertyDescription("Number of partitions the topic is created with.")
  private Integer partitions;

  @Min(value = 0, inclusive = false)
  @JsonPropertyDescription(
      "Records per second, summed over all producers, on an open-loop schedule: record i is due"
          + " at start + i/rate and carries that instant as its timestamp.")
  private Double ratePerSecond;

  @Min(1)
  @JsonPropertyDescription(
      "Records written as fast as possible before the run starts, instead of a live rate"
          + " (state-restoration changelogs).")
  private Long prepopulateRecords;

  @JsonPropertyDescription("The shape of the records: format, value size and keys.")
  private RecordSpec record;

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public Integer getPartitions() {
    return partitions;
  }

  public void setPartitions(Integer partitions) {
    this.partitions = partitions;
  }

  public Double getRatePerSecond() {
    return ratePerSecond;
  }

  public void setRatePerSecond(Double ratePerSecond) {
    this.ratePerSecond = ratePerSecond;
  }

  public Long getPrepopulateRecords() {
    return prepopulateRecords;
  }

  public void setPrepopulateRecords(Long prepopulateRecords) {
    this.prepopulateRecords = prepopulateRecords;
  }

  public RecordSpec getRecord() {
    return record;
  }

  public void setRecord(RecordSpec record) {
    this.record = record;
  }
}
