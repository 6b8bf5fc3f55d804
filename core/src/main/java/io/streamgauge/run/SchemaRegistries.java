package io.streamgauge.run;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.LoadTopicSpec;

/** Whether a run needs a schema registry, and the one its spec names. */
public final class SchemaRegistries {

  private SchemaRegistries() {}

  /** True when a load topic writes registered Avro records ({@code record.entity}). */
  public static boolean needed(BenchmarkRunSpec spec) {
    return spec.getLoad() != null
        && spec.getLoad().getTopics() != null
        && spec.getLoad().getTopics().stream()
            .map(LoadTopicSpec::getRecord)
            .anyMatch(r -> r != null && r.getEntity() != null);
  }

  /** {@code spec.schemaRegistry.url}, or null when the run starts its own. */
  public static String given(BenchmarkRunSpec spec) {
    return spec.getSchemaRegistry() == null ? null : spec.getSchemaRegistry().getUrl();
  }
}
