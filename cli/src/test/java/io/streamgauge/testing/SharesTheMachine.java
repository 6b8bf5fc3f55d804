package io.streamgauge.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A test that checks what a command does, not how fast (exit codes, files, the processes a run
 * leaves behind, a signal's effect), and waits more than it computes: it may run beside other such
 * tests, never beside one that {@link HasTheMachineToItself}. Test classes run beside each other
 * (the failsafe configuration in cli's {@code pom.xml}); the test methods of one class run one
 * after another unless they also carry {@code @Execution(CONCURRENT)}.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ResourceLock(value = TheMachine.RESOURCE, mode = ResourceAccessMode.READ)
public @interface SharesTheMachine {}
