package io.streamgauge.cli;

import java.util.List;

/** A spec file that cannot run, with every problem, each starting with what it is about. */
final class InvalidSpecException extends Exception {

  private final List<String> problems;

  InvalidSpecException(List<String> problems) {
    super(String.join("; ", problems));
    this.problems = List.copyOf(problems);
  }

  InvalidSpecException(String problem) {
    this(List.of(problem));
  }

  /** One line each. */
  List<String> problems() {
    return problems;
  }
}
