package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.ValidationRule;
import lombok.Getter;
import lombok.Setter;

/** The shape of the records of one input topic. */
@ValidationRule(
    value = "!has(self.format) || (self.format == 'protobuf') == has(self.message)",
    message = "message is required with format protobuf, and only there")
@Getter
@Setter
public class RecordSpec {

  @JsonPropertyDescription(
      "Value format: string (mixed-case ASCII), text (words from a vocabulary), bytes (random),"
          + " avro (plain Avro binary of one StoreValue schema, no schema registry) or protobuf"
          + " (the message named in 'message').")
  private RecordFormat format;

  @JsonPropertyDescription(
      "Value size in bytes: fixed, or uniform in [min, max], optionally with a mean.")
  private ValueSizeSpec valueSize;

  @Min(1)
  @Max(1_000_000_000)
  @JsonPropertyDescription("Number of distinct keys, at most 10^9.")
  private Long keys;

  @JsonPropertyDescription("How keys are drawn: uniform, round-robin or zipf. Default uniform.")
  private KeyDistribution keyDistribution;

  @Min(1)
  @Max(1_000_000)
  @JsonPropertyDescription(
      "Vocabulary size of the text format: distinct words. Default 1000, at most 1,000,000.")
  private Integer words;

  @JsonPropertyDescription(
      "The message of the protobuf format: user-event, product-update, order or click-stream"
          + " (the stateless-advanced scenario's schema). Required with format protobuf.")
  private ProtobufMessage message;

  @JsonPropertyDescription(
      "The stateful-joins table of the avro format: customer, product, order, shipment or"
          + " review. Its records are registered with the run's schema registry and framed in"
          + " Confluent's wire format, and reference each other (every order a seeded customer"
          + " and product, shipment and review n order n). Unset, avro values are plain Avro"
          + " without a registry.")
  private JoinEntity entity;
}
