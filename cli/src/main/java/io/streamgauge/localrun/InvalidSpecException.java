package io.streamgauge.localrun;

import java.util.List;

/**
 * A spec that cannot run (here), with every problem, each starting with the field or option it is
 * about.
 */
public final class InvalidSpecException extends Exception {

  private final List<String> problems;

  public InvalidSpecException(List<String> problems) {
    super(String.join("; ", problems));
    this.problems = List.copyOf(problems);
  }

  public InvalidSpecException(String problem) {
    this(List.of(problem));
  }

  /** One line each. */
  public List<String> problems() {
    return problems;
  }
}
