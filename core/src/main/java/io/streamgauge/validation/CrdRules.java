package io.streamgauge.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamgauge.scenario.SpecDuration;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The CEL rules ({@code x-kubernetes-validations}) of the BenchmarkRun CRD, evaluated in Java for
 * where there is no API server. Keyed by the exact rule text of the model's
 * {@code @ValidationRule}s; {@code CrdRulesTest} fails the build when the CRD has a rule this class
 * does not know, or this class one the CRD no longer has.
 */
final class CrdRules {

  private static final Map<String, Predicate<JsonNode>> RULES =
      Map.of(
          "!(has(self.provision) && has(self.external))",
          self -> !(self.has("provision") && self.has("external")),
          "has(self.fixed) != (has(self.min) || has(self.max))",
          self -> self.has("fixed") != (self.has("min") || self.has("max")),
          "has(self.min) == has(self.max)",
          self -> self.has("min") == self.has("max"),
          "!has(self.min) || !has(self.max) || self.min <= self.max",
          self ->
              !self.has("min")
                  || !self.has("max")
                  || self.get("min").asLong() <= self.get("max").asLong(),
          "!has(self.mean) || (has(self.min) && self.mean >= self.min && self.mean <= self.max)",
          self ->
              !self.has("mean")
                  || (self.has("min")
                      && self.has("max")
                      && self.get("mean").asLong() >= self.get("min").asLong()
                      && self.get("mean").asLong() <= self.get("max").asLong()),
          "!has(self.warmup) || !has(self.measurement) || !has(self.timeout)"
              + " || duration(self.warmup) + duration(self.measurement) < duration(self.timeout)",
          self ->
              !self.has("warmup")
                  || !self.has("measurement")
                  || !self.has("timeout")
                  || SpecDuration.parse(self.get("warmup").asText())
                          .plus(SpecDuration.parse(self.get("measurement").asText()))
                          .compareTo(SpecDuration.parse(self.get("timeout").asText()))
                      < 0);

  private CrdRules() {}

  /** The rules known here. */
  static Set<String> known() {
    return RULES.keySet();
  }

  /** True for rules that compare with the stored object ({@code oldSelf}): not for new specs. */
  static boolean isTransitionRule(String rule) {
    return rule.contains("oldSelf");
  }

  /**
   * Whether {@code rule} holds for {@code self}.
   *
   * @throws IllegalStateException for a rule this class does not know (a build without the test)
   */
  static boolean holds(String rule, JsonNode self) {
    Predicate<JsonNode> predicate = RULES.get(rule);
    if (predicate == null) {
      throw new IllegalStateException("CEL rule not evaluated locally: " + rule);
    }
    return predicate.test(self);
  }
}
