package io.streamgauge.suite;

import io.streamgauge.api.spec.ProcessingGuarantee;
import io.streamgauge.api.spec.Scenario;
import java.math.BigDecimal;

/**
 * One cell of a suite: a variant of the app under one scenario, processing guarantee and rate
 * level.
 *
 * @param rateScale the factor on every topic's rate
 */
public record SuiteCell(
    String variant, Scenario scenario, ProcessingGuarantee guarantee, double rateScale) {

  /**
   * {@code variant/scenario/guarantee/x<rate scale>}, e.g. {@code ks/wordcount/at_least_once/x1}.
   */
  public String name() {
    return variant + "/" + group();
  }

  /** The cell without its variant: the cells of one group are compared with each other. */
  public String group() {
    return scenario.value() + "/" + guarantee.value() + "/x" + rate(rateScale);
  }

  /** The name as one directory name, e.g. {@code ks.wordcount.at_least_once.x1}. */
  public String directoryName() {
    return name().replace('/', '.');
  }

  /** A rate scale as written, without trailing zeros: 1, 0.5, 0.25. */
  static String rate(double scale) {
    return BigDecimal.valueOf(scale).stripTrailingZeros().toPlainString();
  }
}
