package io.streamgauge.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import io.streamgauge.platform.FaultInjector;
import io.streamgauge.platform.Observer;
import io.streamgauge.platform.Provisioner;
import io.streamgauge.platform.ResultStore;
import io.streamgauge.platform.Teardown;
import java.util.List;

/**
 * What keeps a platform's roles ({@link io.streamgauge.platform.Platform}) apart in its module: a
 * class plays one role, and never reaches for a class of another (they share state through classes
 * of no role, such as the Kubernetes client or the local processes). A new capability then lands in
 * the role it belongs to instead of growing one class.
 */
public final class PlatformRoleRules {

  /** The roles, each an interface of core's platform package. */
  public static final List<Class<?>> ROLES =
      List.of(
          Provisioner.class,
          Observer.class,
          FaultInjector.class,
          ResultStore.class,
          Teardown.class);

  private PlatformRoleRules() {}

  /** Checks both rules on {@code classes}, which must hold a class of every role. */
  public static void check(JavaClasses classes) {
    for (Class<?> role : ROLES) {
      if (classes.stream().noneMatch(c -> !c.isInterface() && c.isAssignableTo(role))) {
        throw new AssertionError("no class plays " + role.getSimpleName() + ": nothing to check");
      }
      classes()
          .that()
          .implement(role)
          .should(playNoOtherRole(role))
          .because("a platform gives one class per role")
          .check(classes);
      for (Class<?> other : ROLES) {
        if (other != role) {
          noClasses()
              .that()
              .implement(role)
              .should()
              .dependOnClassesThat()
              .implement(other)
              .because("a role's class never reaches for another role's: they share state instead")
              .check(classes);
        }
      }
    }
  }

  private static ArchCondition<JavaClass> playNoOtherRole(Class<?> role) {
    return new ArchCondition<>("play no other role than " + role.getSimpleName()) {
      @Override
      public void check(JavaClass item, ConditionEvents events) {
        for (Class<?> other : ROLES) {
          if (other != role && item.isAssignableTo(other)) {
            events.add(
                SimpleConditionEvent.violated(
                    item, item.getName() + " is also a " + other.getSimpleName()));
          }
        }
      }
    };
  }
}
