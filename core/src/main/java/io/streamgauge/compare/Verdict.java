package io.streamgauge.compare;

/** Who wins one row of a comparison. */
public enum Verdict {
  CANDIDATE_WINS("candidate wins"),
  PARITY("parity"),
  BASELINE_WINS("baseline wins"),
  /** The figure was measured on one side only. */
  NOT_COMPARED("not compared");

  private final String text;

  Verdict(String text) {
    this.text = text;
  }

  /** As printed in the table, e.g. "candidate wins". */
  public String text() {
    return text;
  }
}
