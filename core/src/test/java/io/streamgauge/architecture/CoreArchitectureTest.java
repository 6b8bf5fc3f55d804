package io.streamgauge.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.testing.ModuleClasses;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Core is what both platforms share, and it stays that way: it never reaches for the operator
 * framework, the Kubernetes client, or either platform's code, and its packages depend on each
 * other in one direction only. The Kubernetes <em>model</em> may be used: the CRD's types are
 * Fabric8 model classes ({@code io.fabric8.kubernetes.api.model}), a {@code CustomResource}, and
 * read and written with Fabric8's {@code KubernetesSerialization}; nothing else of {@code
 * io.fabric8.kubernetes.client}.
 */
class CoreArchitectureTest {

  private static final JavaClasses CORE = ModuleClasses.of(BenchmarkRun.class);

  @Test
  void coreIsTheWholeSharedHeart() {
    assertImported("io.streamgauge.api.BenchmarkRun");
    assertImported("io.streamgauge.run.PhaseMachine");
    assertImported("io.streamgauge.platform.Platform");
  }

  @Test
  void coreNeverUsesTheOperatorFrameworkOrEitherPlatform() {
    noClasses()
        .should()
        .dependOnClassesThat(
            resideInAnyPackage(
                "io.javaoperatorsdk..",
                "io.streamgauge.operator..",
                "io.streamgauge.platform.kubernetes..",
                "io.streamgauge.platform.local..",
                "io.streamgauge.localrun..",
                "io.streamgauge.cli.."))
        .because("core is shared by the operator and local mode, and depends on neither")
        .check(CORE);
  }

  @Test
  void coreUsesTheKubernetesModelButNotTheClient() {
    noClasses()
        .should()
        .dependOnClassesThat(
            resideInAPackage("io.fabric8.kubernetes.client..")
                .and(
                    not(
                        nameMatching(
                            "io\\.fabric8\\.kubernetes\\.client\\.CustomResource"
                                + "|io\\.fabric8\\.kubernetes\\.client\\.utils\\.KubernetesSerialization"))))
        .because(
            "the CRD's types are a CustomResource of model classes; talking to a cluster"
                + " is the Kubernetes platform's job")
        .check(CORE);
  }

  @Test
  void corePackagesDependOnEachOtherInOneDirection() {
    slices().matching("io.streamgauge.(*)..").should().beFreeOfCycles().check(CORE);
  }

  @Test
  void theSeriesMachineKnowsNoKindOfSeries() {
    noClasses()
        .that()
        .resideInAPackage("io.streamgauge.series..")
        .should()
        .dependOnClassesThat(
            resideInAnyPackage(
                "io.streamgauge.suite..",
                "io.streamgauge.repetitions..",
                "io.streamgauge.capacity.."))
        .because("repetitions, suites and capacity searches plug into the series machine")
        .check(CORE);
  }

  @Test
  void aSuiteKnowsNothingOfRepetitionsOrCapacity() {
    noClasses()
        .that()
        .resideInAPackage("io.streamgauge.suite..")
        .should()
        .dependOnClassesThat(
            resideInAnyPackage("io.streamgauge.repetitions..", "io.streamgauge.capacity.."))
        .because("each kind of series is a package of its own over the series machine")
        .check(CORE);
  }

  @Test
  void theResourceModelReadsFromSpecToStatus() {
    // spec <- summary <- status <- suite <- the resources (api): each package only uses those
    // before it, so a spec class never needs to know what a run reported.
    List<String> order =
        List.of("spec", "summary", "status", "suite").stream()
            .map(p -> "io.streamgauge.api." + p + "..")
            .toList();
    for (int i = 0; i < order.size(); i++) {
      List<String> later = new ArrayList<>(order.subList(i + 1, order.size()));
      later.add("io.streamgauge.api");
      noClasses()
          .that()
          .resideInAPackage(order.get(i))
          .should()
          .dependOnClassesThat(resideInAnyPackage(later.toArray(String[]::new)))
          .because("the resource model reads one way: spec, summary, status, suite, resources")
          .check(CORE);
    }
  }

  private static void assertImported(String name) {
    if (!CORE.contain(name)) {
      throw new AssertionError(name + " is not in core's classes: " + CORE.size() + " imported");
    }
  }
}
