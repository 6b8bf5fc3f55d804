package io.streamgauge.conformance;

/**
 * One point of the contract, as an app met it.
 *
 * @param name the point, e.g. {@code timestamps}
 * @param verdict how the app met it
 * @param detail what was seen, in one line
 */
public record ConformanceCheck(String name, Verdict verdict, String detail) {

  /** How an app met one point of the contract. */
  public enum Verdict {
    /** Met. */
    PASS,
    /** Not met: the app does not conform. */
    FAIL,
    /** An optional point not met (a figure the profile reads that is not there). */
    WARN,
    /** Not checked for this app or scenario; the detail says why. */
    NOT_CHECKED
  }

  static ConformanceCheck pass(String name, String detail) {
    return new ConformanceCheck(name, Verdict.PASS, detail);
  }

  static ConformanceCheck fail(String name, String detail) {
    return new ConformanceCheck(name, Verdict.FAIL, detail);
  }

  static ConformanceCheck warn(String name, String detail) {
    return new ConformanceCheck(name, Verdict.WARN, detail);
  }

  static ConformanceCheck notChecked(String name, String detail) {
    return new ConformanceCheck(name, Verdict.NOT_CHECKED, detail);
  }
}
