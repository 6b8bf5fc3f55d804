package io.streamgauge.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.spec.AppMetricsSpec;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.GateSpec;
import io.streamgauge.api.spec.ProcessingGuarantee;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.suite.spec.BenchmarkSuiteSpec;
import io.streamgauge.api.suite.spec.SuiteMatrix;
import io.streamgauge.api.suite.spec.SuiteVariant;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.series.PlannedRun;
import io.streamgauge.testing.Specs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SuitePlanTest {

  @Test
  void variantsAlternateTheirOrderPerRepetitionWithinEachGroup() {
    BenchmarkSuiteSpec spec = twoVariants();
    spec.getMatrix()
        .setProcessingGuarantees(
            List.of(ProcessingGuarantee.EXACTLY_ONCE_V2, ProcessingGuarantee.AT_LEAST_ONCE));
    spec.setRepetitions(3);

    SuitePlan plan = SuitePlan.of("s", spec);

    assertThat(plan.cells())
        .extracting(SuiteCell::name)
        .containsExactly(
            "a/wordcount/exactly_once_v2/x1",
            "b/wordcount/exactly_once_v2/x1",
            "a/wordcount/at_least_once/x1",
            "b/wordcount/at_least_once/x1");
    assertThat(plan.runs())
        .extracting(r -> r.name() + " " + plan.cellOf(r).variant() + r.repetition())
        .containsExactly(
            "s-1 a1", "s-2 b1", "s-3 b2", "s-4 a2", "s-5 a3", "s-6 b3", // exactly-once: A B B A A B
            "s-7 a1", "s-8 b1", "s-9 b2", "s-10 a2", "s-11 a3", "s-12 b3");
    assertThat(plan.runs().get(6).spec().getProcessingGuarantee())
        .isEqualTo(ProcessingGuarantee.AT_LEAST_ONCE);
  }

  @Test
  void aCellsSpecIsTheTemplateWithItsVariantAppliedDefaultedAndScaled() {
    BenchmarkSuiteSpec spec = twoVariants();
    spec.getTemplate().getApp().setConfig(Map.of("commit.interval.ms", "100", "x", "1"));
    spec.getMatrix().setRateScales(List.of(0.5));

    SuitePlan plan = SuitePlan.of("s", spec);

    BenchmarkRunSpec b = plan.runs().get(1).spec();
    assertThat(plan.runs().get(1).cellName()).isEqualTo("b/wordcount/exactly_once_v2/x0.5");
    assertThat(b.getApp().getImage()).isEqualTo("example.invalid/b:2");
    assertThat(b.getApp().getRuntime()).isEqualTo("stoatflow");
    assertThat(b.getApp().getConfig())
        .as("the variant's config merged over the template's")
        .containsEntry("commit.interval.ms", "400")
        .containsEntry("x", "1");
    BenchmarkRunSpec defaulted = new SpecDefaulter().apply(Specs.minimal(Scenario.WORDCOUNT));
    assertThat(b.getLoad().getTopics().get(0).getRatePerSecond())
        .isEqualTo(defaulted.getLoad().getTopics().get(0).getRatePerSecond() * 0.5);
    assertThat(b.getSchedule()).as("every default resolved").isNotNull();
    BenchmarkRunSpec a = plan.runs().get(0).spec();
    assertThat(a.getApp().getImage())
        .as("a variant without an image keeps the template's")
        .isEqualTo("example.invalid/app:1");
    assertThat(spec.getTemplate().getApp().getConfig())
        .as("the template itself is left alone")
        .containsEntry("commit.interval.ms", "100");
  }

  @Test
  void aVariantsMetricsGoFieldByFieldOverTheTemplates() {
    BenchmarkSuiteSpec spec = twoVariants();
    AppMetricsSpec template = new AppMetricsSpec();
    template.setPort(9500);
    template.setProfile("micrometer");
    spec.getTemplate().getApp().setMetrics(template);
    AppMetricsSpec variant = new AppMetricsSpec();
    variant.setProfile("jmx-exporter");
    variant.setReadinessPath("/ready");
    spec.getMatrix().getVariants().get(1).setMetrics(variant);

    SuitePlan plan = SuitePlan.of("s", spec);

    AppMetricsSpec a = plan.runs().get(0).spec().getApp().getMetrics();
    AppMetricsSpec b = plan.runs().get(1).spec().getApp().getMetrics();
    assertThat(a.getProfile()).isEqualTo("micrometer");
    assertThat(b.getProfile()).isEqualTo("jmx-exporter");
    assertThat(b.getReadinessPath()).isEqualTo("/ready");
    assertThat(b.getPort()).as("the template's where the variant says nothing").isEqualTo(9500);
    assertThat(template.getProfile())
        .as("the template itself is left alone")
        .isEqualTo("micrometer");
  }

  @Test
  void aVariantThatNamesItsScenariosHasCellsOfThoseOnly() {
    BenchmarkSuiteSpec spec = twoVariants();
    spec.getMatrix().setScenarios(List.of(Scenario.STATELESS_SIMPLE, Scenario.WORDCOUNT));
    spec.getMatrix().getVariants().get(1).setScenarios(List.of(Scenario.STATELESS_SIMPLE));

    SuitePlan plan = SuitePlan.of("s", spec);

    assertThat(plan.cells())
        .extracting(SuiteCell::name)
        .containsExactly(
            "a/stateless-simple/exactly_once_v2/x1",
            "b/stateless-simple/exactly_once_v2/x1",
            "a/wordcount/exactly_once_v2/x1");
    assertThat(SuiteValidator.problems(spec, plan)).isEmpty();
  }

  @Test
  void aVariantsScenariosMustBeTheMatrixsAndTheBaselineMustRunEveryOneAVariantRuns() {
    BenchmarkSuiteSpec spec = twoVariants();
    spec.getMatrix().setScenarios(List.of(Scenario.STATELESS_SIMPLE, Scenario.WORDCOUNT));
    spec.getMatrix().getVariants().get(0).setScenarios(List.of(Scenario.STATELESS_SIMPLE));
    spec.getMatrix()
        .getVariants()
        .get(1)
        .setScenarios(List.of(Scenario.WORDCOUNT, Scenario.STATE_RESTORATION));
    spec.setBaseline("a");

    assertThat(SuiteValidator.problems(spec, SuitePlan.of("s", spec)))
        .contains(
            "spec.matrix.variants[1].scenarios: state-restoration is not one of the matrix's"
                + " scenarios (stateless-simple, wordcount)",
            "spec.baseline: a does not run wordcount, which another variant runs: its cells"
                + " would be compared with nothing");
  }

  @Test
  void aClusterRefusesAVariantWhoseReferenceAppLacksACellsScenario() {
    BenchmarkSuiteSpec spec = twoVariants();
    spec.getTemplate().getApp().setImage(null);
    SuiteVariant clients = spec.getMatrix().getVariants().get(1);
    clients.setImage(null);
    clients.setRuntime("kafka-clients");
    SuitePlan plan = SuitePlan.of("s", spec);

    assertThat(SuiteValidator.problems(spec, plan)).as("locally a jar may stand in").isEmpty();
    assertThat(SuiteValidator.clusterProblems(spec, plan))
        .containsExactly(
            "spec.matrix.variants[1].image: required for scenario wordcount on runtime"
                + " 'kafka-clients' (spec.app.runtime): its reference app implements"
                + " stateless-simple (cell b/wordcount/exactly_once_v2/x1)");
  }

  @Test
  void withoutVariantsTheOneVariantIsNamedAfterTheRuntime() {
    BenchmarkSuiteSpec spec = new BenchmarkSuiteSpec();
    spec.setTemplate(Specs.minimal(Scenario.STATELESS_SIMPLE));
    SuiteMatrix matrix = new SuiteMatrix();
    matrix.setScenarios(List.of(Scenario.STATELESS_SIMPLE, Scenario.WORDCOUNT));
    spec.setMatrix(matrix);

    SuitePlan plan = SuitePlan.of("s", spec);

    assertThat(plan.runs())
        .extracting(PlannedRun::cellName)
        .containsExactly(
            "kafka-streams/stateless-simple/exactly_once_v2/x1",
            "kafka-streams/wordcount/exactly_once_v2/x1");
    assertThat(plan.runs().get(1).spec().getScenario()).isEqualTo(Scenario.WORDCOUNT);
  }

  @Test
  void aRunsRepetitionsAreItsSpecWithoutRepetitionsOrGate() {
    BenchmarkRunSpec spec = Specs.minimal(Scenario.WORDCOUNT);
    spec.setRepetitions(3);
    GateSpec gate = new GateSpec();
    gate.setBaseline("base");
    gate.setRules(List.of("latency.p99<=5%"));
    spec.setGate(gate);

    SuitePlan plan = SuitePlan.repetitionsOf("wc", spec);

    assertThat(plan.runs()).extracting(PlannedRun::name).containsExactly("wc-1", "wc-2", "wc-3");
    assertThat(plan.runs())
        .allSatisfy(
            r -> {
              assertThat(r.spec().getRepetitions()).isNull();
              assertThat(r.spec().getGate()).isNull();
              assertThat(r.cellName()).isNull();
            });
    assertThat(spec.getRepetitions()).isEqualTo(3);
    assertThat(SuitePlan.repetitionsOf("wc", spec, 2).runs())
        .as("locally --repetitions decides, not the spec")
        .extracting(PlannedRun::name)
        .containsExactly("wc-1", "wc-2");
  }

  static BenchmarkSuiteSpec twoVariants() {
    BenchmarkSuiteSpec spec = new BenchmarkSuiteSpec();
    spec.setTemplate(Specs.minimal(Scenario.WORDCOUNT));
    SuiteVariant a = new SuiteVariant();
    a.setName("a");
    SuiteVariant b = new SuiteVariant();
    b.setName("b");
    b.setImage("example.invalid/b:2");
    b.setRuntime("stoatflow");
    b.setConfig(Map.of("commit.interval.ms", "400"));
    SuiteMatrix matrix = new SuiteMatrix();
    matrix.setVariants(List.of(a, b));
    spec.setMatrix(matrix);
    return spec;
  }
}
