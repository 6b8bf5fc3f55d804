package io.streamgauge.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.fabric8.kubernetes.api.model.Quantity;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.CapacitySpec;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.CapacityLimitStatus;
import io.streamgauge.api.status.CapacityOutcome;
import io.streamgauge.api.status.CapacityProbeStatus;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CapacityPlanTest {

  private static final CapacityPlan.Size ONE = new CapacityPlan.Size("1", 1);

  private static BenchmarkRunSpec spec(Scenario scenario, CapacitySpec capacity) {
    BenchmarkRunSpec spec = Specs.minimal(scenario);
    spec.setCapacity(capacity);
    return new SpecDefaulter().apply(spec);
  }

  private static CapacitySpec capacity(List<String> cpuLimits) {
    CapacitySpec capacity = new CapacitySpec();
    capacity.setLatencyP99MaxMs(500.0);
    capacity.setCpuLimits(cpuLimits);
    return capacity;
  }

  @Test
  void aProbeScalesEveryTopicByOneFactorAndSetsTheCpuLimitAndRequest() {
    BenchmarkRunSpec base = spec(Scenario.STATELESS_ADVANCED, capacity(List.of("2")));
    CapacityPlan plan = CapacityPlan.of(base);
    List<Double> baseRates =
        base.getLoad().getTopics().stream().map(LoadTopicSpec::getRatePerSecond).toList();
    assertThat(baseRates).hasSizeGreaterThan(1);

    BenchmarkRunSpec probe = plan.probeSpec(new CapacityPlan.Size("2", 1), plan.baseRate() * 0.5);

    assertThat(probe.getLoad().getTopics())
        .extracting(LoadTopicSpec::getRatePerSecond)
        .containsExactlyElementsOf(baseRates.stream().map(r -> r * 0.5).toList());
    assertThat(probe.getApp().getResources().getLimits()).containsEntry("cpu", new Quantity("2"));
    assertThat(probe.getApp().getResources().getRequests()).containsEntry("cpu", new Quantity("2"));
    assertThat(probe.getCapacity()).isNull();
    assertThat(probe.getChecks().getMaxBacklogAtStartSeconds())
        .as("the search's 500 ms SLO bounds the backlog its probes' windows may begin with")
        .isEqualTo(0.5);
    assertThat(base.getLoad().getTopics())
        .extracting(LoadTopicSpec::getRatePerSecond)
        .as("the base spec is untouched")
        .containsExactlyElementsOf(baseRates);
  }

  /**
   * A probe above what the spec's load generators drive gets as many as its rate takes (50,000
   * records/s each): one producer at 51,200 records/s failed validation, counted as the app's fail.
   */
  @Test
  void aProbeGetsAsManyLoadGeneratorsAsItsRateTakes() {
    BenchmarkRunSpec base = spec(Scenario.STATELESS_SIMPLE, capacity(List.of("1")));
    base.getLoad().setProducers(1);
    CapacityPlan plan = CapacityPlan.of(base);

    assertThat(plan.probeSpec(ONE, 50_000).getLoad().getProducers()).isEqualTo(1);
    assertThat(plan.probeSpec(ONE, 51_200).getLoad().getProducers()).isEqualTo(2);
    assertThat(plan.probeSpec(ONE, 102_400).getLoad().getProducers()).isEqualTo(3);
    base.getLoad().setProducers(4);
    assertThat(CapacityPlan.of(base).probeSpec(ONE, 51_200).getLoad().getProducers())
        .as("never fewer than the spec's")
        .isEqualTo(4);
    assertThat(base.getLoad().getProducers()).as("the base spec is untouched").isEqualTo(4);
  }

  @Test
  void withoutLimitsTheSpecsOwnLimitIsSearchedFromItsOwnRate() {
    CapacityPlan plan = CapacityPlan.of(spec(Scenario.STATELESS_SIMPLE, capacity(null)));

    assertThat(plan.sizes()).containsExactly(new CapacityPlan.Size(SpecDefaulter.APP_CPU, 1));
    CapacityPlan.NextProbe first = plan.progress(List.of()).next().orElseThrow();
    assertThat(first.rate()).isEqualTo(plan.baseRate());
    assertThat(first.step()).isEqualTo("start");
  }

  @Test
  void aLargerLimitIsNotSearchedOnceASmallerOneSustainedTheMaximumRate() {
    CapacityPlan plan = simplePlanFrom100(List.of("1", "2"), 1, 200.0);
    List<CapacityProbeStatus> probes = new ArrayList<>();

    CapacityPlan.Progress progress = run(plan, probes, (limit, rate) -> true);

    assertThat(probes)
        .extracting(CapacityProbeStatus::getRatePerSecond)
        .containsExactly(100.0, 200.0);
    assertThat(progress.limits())
        .extracting(CapacityLimitStatus::getOutcome)
        .containsExactly(CapacityOutcome.AtMaxRate, CapacityOutcome.AtMaxRate);
    assertThat(progress.limits().get(1).getProbes()).isZero();
    assertThat(progress.limits().get(1).getMessage())
        .isEqualTo("not searched: CPU limit 1 already sustained the maximum rate, 200 records/s");
  }

  @Test
  void aLargerLimitThatFailsWhereTheSmallerOneFailedIsNoBetter() {
    CapacityPlan plan = simplePlanFrom100(List.of("1", "2"), 2, null);
    List<CapacityProbeStatus> probes = new ArrayList<>();

    CapacityPlan.Progress progress = run(plan, probes, (limit, rate) -> rate <= 300);

    CapacityLimitStatus one = progress.limits().get(0);
    CapacityLimitStatus two = progress.limits().get(1);
    assertThat(one.getOutcome()).isEqualTo(CapacityOutcome.Found);
    assertThat(two.getOutcome()).isEqualTo(CapacityOutcome.NotBetterThanSmaller);
    assertThat(two.getProbes()).isEqualTo(2);
    assertThat(two.getLastPassPerSecond()).isEqualTo(one.getLastPassPerSecond());
    assertThat(two.getFirstFailPerSecond()).isEqualTo(one.getFirstFailPerSecond());
    assertThat(two.getMessage()).contains("where CPU limit 1 first failed: no better than it");
  }

  /**
   * The share of its CPU limit the app used at the ceiling: the median over the ceiling's passing
   * probes; below 0.9 the limit's message says the limit is not what ran out (bench K: 0.47-0.72 of
   * one core, the machine's other processes on the same cores).
   */
  @Test
  void theCeilingSaysHowMuchOfItsCpuLimitTheAppUsedThere() {
    CapacityPlan plan = simplePlanFrom100(List.of("500m", "1"), 3, null);
    List<CapacityProbeStatus> probes = new ArrayList<>();
    double ceilingOfOne =
        run(plan, probes, (size, rate) -> rate <= (size.cpuLimit().equals("1") ? 300 : 150))
            .limits()
            .get(1)
            .getLastPassPerSecond();
    double[] coresOfOne = {0.60, 0.72};
    int[] seen = new int[1];
    for (CapacityProbeStatus probe : probes) {
      boolean one = probe.getCpuLimit().equals("1");
      boolean atCeiling = one && probe.getRatePerSecond() == ceilingOfOne;
      probe.setCpuCores(atCeiling ? coresOfOne[seen[0]++] : one ? 0.3 : 0.48);
    }

    CapacityPlan.Progress progress = plan.progress(probes);

    CapacityLimitStatus half = progress.limits().get(0);
    CapacityLimitStatus one = progress.limits().get(1);
    assertThat(seen[0]).as("two of three passing decide the ceiling").isEqualTo(2);
    assertThat(one.getCpuLimitUsedAtCeiling())
        .as("the median of the passing probes at the ceiling, not of those below it")
        .isCloseTo(0.66, within(1e-9));
    assertThat(one.getMessage())
        .startsWith("ceiling in [")
        .contains("the app used 0.66 of its CPU limit there: the limit is not what ran out");
    assertThat(half.getCpuLimitUsedAtCeiling()).isCloseTo(0.96, within(1e-9));
    assertThat(half.getMessage()).doesNotContain("CPU limit there");
  }

  /**
   * A search over instance counts: each count's probes run that many instances of the spec's CPU
   * limit; a count starts where the smaller one first failed; the report says the instances each
   * band of rates needs (a count that did not raise the ceiling adds none).
   */
  @Test
  void aSearchOverInstanceCountsFindsTheCeilingOfEachAndTheInstancesARateNeeds() {
    CapacitySpec capacity = capacity(List.of("1"));
    capacity.setInstances(List.of(1, 2, 3));
    capacity.setStartRatePerSecond(100.0);
    capacity.setResolution(0.1);
    capacity.setConfirmations(1);
    CapacityPlan plan = CapacityPlan.of(spec(Scenario.STATELESS_SIMPLE, capacity));
    List<CapacityProbeStatus> probes = new ArrayList<>();
    // 1 instance holds 250 records/s, 2 hold 500, a third adds nothing (say, the broker's limit).
    CapacityPlan.Progress progress =
        run(plan, probes, (size, rate) -> rate <= Math.min(2, size.instances()) * 250);

    assertThat(plan.sizes())
        .containsExactly(
            new CapacityPlan.Size("1", 1),
            new CapacityPlan.Size("1", 2),
            new CapacityPlan.Size("1", 3));
    assertThat(plan.probeSpec(plan.sizes().get(1), 300).getApp().getReplicas()).isEqualTo(2);
    assertThat(progress.limits())
        .extracting(CapacityLimitStatus::getInstances)
        .containsExactly(null, 2, 3);
    assertThat(progress.limits().get(0).getLastPassPerSecond()).isBetween(225.0, 250.0);
    assertThat(progress.limits().get(1).getLastPassPerSecond()).isBetween(450.0, 500.0);
    assertThat(progress.limits().get(2).getOutcome())
        .isEqualTo(CapacityOutcome.NotBetterThanSmaller);
    assertThat(progress.limits().get(2).getMessage())
        .contains("where 2 instances of CPU limit 1 first failed");
    assertThat(probes)
        .filteredOn(p -> p.getInstances() != null && p.getInstances() == 2)
        .first()
        .satisfies(p -> assertThat(p.getRatePerSecond()).isGreaterThan(250.0));

    io.streamgauge.api.status.CapacityStatus status =
        new io.streamgauge.api.status.CapacityStatus();
    status.setLimits(progress.limits());
    status.setProbes(probes);
    String report = CapacityReport.markdown("t", status, 500);
    double one = progress.limits().get(0).getLastPassPerSecond();
    double two = progress.limits().get(1).getLastPassPerSecond();
    assertThat(report)
        .contains("## Instances a rate needs")
        .contains("| up to " + CapacityText.number(one) + " | 1 | 1 |")
        .contains(
            "| above "
                + CapacityText.number(one)
                + ", up to "
                + CapacityText.number(two)
                + " | 2 | 2 |")
        .contains("| above " + CapacityText.number(two) + " | more than searched | |")
        .doesNotContain("| 3 | 3 |");
  }

  /** A stateless-simple search of {@code cpuLimits} from 100 records/s. */
  private static CapacityPlan simplePlanFrom100(
      List<String> cpuLimits, int confirmations, Double maxRate) {
    CapacitySpec capacity = capacity(cpuLimits);
    capacity.setStartRatePerSecond(100.0);
    capacity.setMaxRatePerSecond(maxRate);
    capacity.setConfirmations(confirmations);
    return CapacityPlan.of(spec(Scenario.STATELESS_SIMPLE, capacity));
  }

  private interface SloSystem {
    boolean passes(CapacityPlan.Size size, double rate);
  }

  private static CapacityPlan.Progress run(
      CapacityPlan plan, List<CapacityProbeStatus> probes, SloSystem system) {
    for (int i = 0; i < 100; i++) {
      CapacityPlan.Progress progress = plan.progress(probes);
      if (progress.next().isEmpty()) {
        return progress;
      }
      CapacityPlan.NextProbe next = progress.next().get();
      CapacityProbeStatus probe = ProbeJudge.planned("p" + (i + 1), next);
      probe.setPassed(system.passes(next.size(), next.rate()));
      probes.add(probe);
    }
    throw new AssertionError("no end");
  }
}
