package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import lombok.Getter;
import lombok.Setter;

/**
 * The schema registry of a scenario of registered Avro records (stateful-joins): the run's own,
 * started for it and gone with it (in-memory storage), unless {@code url} names the user's.
 */
@Getter
@Setter
public class SchemaRegistrySpec {

  @Pattern("^https?://\\S+$")
  @JsonPropertyDescription(
      "A schema registry speaking Confluent's REST API (Confluent's, Karapace, Apicurio's"
          + " Confluent-compatible API), reachable by the app and the load generators. Unset, the"
          + " run starts its own (AxonOps Schema Registry, in memory) and removes it with the run.")
  @Size(max = SpecBounds.URL)
  private String url;
}
