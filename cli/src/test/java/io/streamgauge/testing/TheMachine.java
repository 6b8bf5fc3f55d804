package io.streamgauge.testing;

/**
 * The machine the cli module's E2E and integration tests run on, as a JUnit resource: a test that
 * measures has it to itself ({@link HasTheMachineToItself}); a test that only checks what a command
 * does shares it with others of its kind ({@link SharesTheMachine}) and runs beside them. Every E2E
 * and integration test class of the module says which (checked by {@code TheMachineTest}), since
 * the module's failsafe run lets test classes run beside each other.
 */
public final class TheMachine {

  /** The resource's key. */
  public static final String RESOURCE = "streamgauge.machine";

  private TheMachine() {}
}
