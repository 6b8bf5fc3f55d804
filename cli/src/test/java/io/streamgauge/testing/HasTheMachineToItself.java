package io.streamgauge.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A test whose figures or bounds depend on the machine's speed (a run's latency, a lag trend, a
 * comparison): no other test of the module runs while it does.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ResourceLock(TheMachine.RESOURCE)
public @interface HasTheMachineToItself {}
