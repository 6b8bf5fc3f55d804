package io.streamgauge.api.suite.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.streamgauge.api.spec.AppMetricsSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.spec.SpecBounds;
import java.util.List;
import java.util.Map;
import lombok.Getter;
import lombok.Setter;

/**
 * One value of a suite's variant axis: what is compared (a runtime, an image, a setting). Each
 * field given replaces the template's (config is merged over it, key by key).
 */
@Getter
@Setter
public class SuiteVariant {

  @Required
  @Pattern("^[a-z]([-a-z0-9]*[a-z0-9])?$")
  @Size(max = 20)
  @JsonPropertyDescription(
      "The variant's name, used in cell names, the baseline and the reports, e.g."
          + " kafka-streams or commit-400ms.")
  private String name;

  @Pattern("^[a-z0-9][a-z0-9.-]*$")
  @JsonPropertyDescription("spec.app.runtime of this variant's runs.")
  @Size(max = 63)
  private String runtime;

  @Size(min = 1, max = SpecBounds.IMAGE)
  @JsonPropertyDescription("spec.app.image of this variant's runs.")
  private String image;

  @JsonPropertyDescription(
      "App properties merged over spec.app.config (this variant's value wins).")
  @Size(max = SpecBounds.CONFIG_ENTRIES)
  @ValidationRule(value = SpecBounds.CONFIG_RULE, message = SpecBounds.CONFIG_MESSAGE)
  private Map<String, String> config;

  @Size(max = 64)
  @JsonPropertyDescription("spec.app.jvmOptions of this variant's runs (replaces the template's).")
  @ValidationRule(value = SpecBounds.JVM_OPTIONS_RULE, message = SpecBounds.JVM_OPTIONS_MESSAGE)
  private List<String> jvmOptions;

  @JsonPropertyDescription("spec.app.resources of this variant's runs (replaces the template's).")
  @ValidationRule(value = SpecBounds.RESOURCES_RULE, message = SpecBounds.RESOURCES_MESSAGE)
  private ResourceRequirements resources;

  @Size(min = 1, max = 6)
  @JsonPropertyDescription(
      "The scenarios of the matrix this variant runs. Default: all of them. For a runtime whose"
          + " reference app implements fewer, e.g. [stateless-simple] for kafka-clients; the"
          + " baseline must run every scenario a variant runs.")
  private List<Scenario> scenarios;

  @JsonPropertyDescription(
      "spec.app.metrics of this variant's runs, field by field over the template's: the port,"
          + " path, readiness path, metric profile or queries an app of another runtime exposes.")
  private AppMetricsSpec metrics;
}
