package io.streamgauge.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.streamgauge.cli.Main;
import io.streamgauge.testing.ModuleClasses;
import org.junit.jupiter.api.Test;

/**
 * The CLI's layers, from the bottom: the local platform ({@code platform.local}, processes on this
 * machine, known only to core's {@code Platform}), reports ({@code report}, every Markdown and HTML
 * rendering of what runs showed), local running ({@code localrun}: a run, a series of runs and a
 * capacity search on this machine, and the files they write) beside cluster results ({@code
 * fetch}), and on top the picocli commands ({@code cli}), the only place that parses a command line
 * or knows exit codes. None of it uses the operator's code, though the tests put it on the class
 * path.
 */
class CliArchitectureTest {

  private static final JavaClasses CLI = ModuleClasses.of(Main.class);

  @Test
  void theLocalPlatformKnowsNothingAboveIt() {
    noClasses()
        .that()
        .resideInAPackage("io.streamgauge.platform.local..")
        .should()
        .dependOnClassesThat(
            resideInAnyPackage(
                "io.streamgauge.cli..",
                "io.streamgauge.localrun..",
                "io.streamgauge.report..",
                "io.streamgauge.fetch.."))
        .because("the local platform is core's Platform on processes, whoever runs it")
        .check(CLI);
  }

  @Test
  void reportsOnlyRenderWhatTheyAreGiven() {
    noClasses()
        .that()
        .resideInAPackage("io.streamgauge.report..")
        .should()
        .dependOnClassesThat(
            resideInAnyPackage(
                "io.streamgauge.cli..",
                "io.streamgauge.localrun..",
                "io.streamgauge.fetch..",
                "io.streamgauge.platform.."))
        .because("a report renders results, wherever they came from")
        .check(CLI);
  }

  @Test
  void localRunsAndClusterResultsStandSideBySide() {
    noClasses()
        .that()
        .resideInAPackage("io.streamgauge.localrun..")
        .should()
        .dependOnClassesThat(resideInAnyPackage("io.streamgauge.fetch.."))
        .because("running here and reading a cluster's results share only reports")
        .check(CLI);
    noClasses()
        .that()
        .resideInAPackage("io.streamgauge.fetch..")
        .should()
        .dependOnClassesThat(resideInAnyPackage("io.streamgauge.localrun.."))
        .because("running here and reading a cluster's results share only reports")
        .check(CLI);
  }

  @Test
  void onlyTheCommandsParseACommandLine() {
    noClasses()
        .that()
        .resideOutsideOfPackage("io.streamgauge.cli..")
        .should()
        .dependOnClassesThat(resideInAnyPackage("picocli..", "io.streamgauge.cli.."))
        .because("running, reporting and fetching are used by the commands, never the reverse")
        .check(CLI);
  }

  @Test
  void theCliNeverUsesTheOperator() {
    noClasses()
        .should()
        .dependOnClassesThat(
            resideInAnyPackage(
                "io.javaoperatorsdk..",
                "io.streamgauge.operator..",
                "io.streamgauge.platform.kubernetes.."))
        .because("the CLI reads a cluster's results with the Kubernetes client, not the operator")
        .check(CLI);
  }

  @Test
  void theLocalPlatformsRolesStayApart() {
    PlatformRoleRules.check(CLI);
  }

  @Test
  void cliPackagesDependOnEachOtherInOneDirection() {
    slices().matching("io.streamgauge.(*)..").should().beFreeOfCycles().check(CLI);
  }
}
