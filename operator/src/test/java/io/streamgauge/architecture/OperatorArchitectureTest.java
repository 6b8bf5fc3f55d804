package io.streamgauge.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.streamgauge.operator.OperatorMain;
import io.streamgauge.testing.ModuleClasses;
import org.junit.jupiter.api.Test;

/**
 * The operator's Kubernetes platform keeps one class per role of core's {@code Platform}, and the
 * operator's packages depend on each other in one direction only.
 */
class OperatorArchitectureTest {

  private static final JavaClasses OPERATOR = ModuleClasses.of(OperatorMain.class);

  @Test
  void theKubernetesPlatformsRolesStayApart() {
    PlatformRoleRules.check(OPERATOR);
  }

  @Test
  void operatorPackagesDependOnEachOtherInOneDirection() {
    slices().matching("io.streamgauge.(*)..").should().beFreeOfCycles().check(OPERATOR);
  }
}
