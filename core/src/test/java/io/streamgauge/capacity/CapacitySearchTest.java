package io.streamgauge.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.status.CapacityOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoublePredicate;
import org.junit.jupiter.api.Test;

class CapacitySearchTest {

  private static final SearchSettings SETTINGS =
      new SearchSettings(100, 0.05, 3, 40, null, null, 1);

  /** Runs the search against {@code system} until it is done; the probes land in {@code log}. */
  private static SearchStep.Done search(
      SearchSettings settings, DoublePredicate system, List<ProbeVerdict> log) {
    for (int i = 0; i < 200; i++) {
      SearchStep step = CapacitySearch.next(settings, log);
      if (step instanceof SearchStep.Done done) {
        return done;
      }
      double rate = ((SearchStep.Probe) step).rate();
      log.add(new ProbeVerdict(rate, system.test(rate)));
    }
    throw new AssertionError("no end after 200 probes: " + log);
  }

  private static long probesAt(List<ProbeVerdict> log, double rate) {
    return log.stream().filter(p -> p.rate() == rate).count();
  }

  @Test
  void doublesThenBisectsToTheResolutionAndConfirmsBothEdges() {
    List<ProbeVerdict> log = new ArrayList<>();
    SearchStep.Done done = search(SETTINGS, rate -> rate <= 730, log);

    assertThat(done.outcome()).isEqualTo(CapacityOutcome.Found);
    assertThat(done.lastPass()).isLessThanOrEqualTo(730).isGreaterThan(730 / 1.05);
    assertThat(done.firstFail()).isGreaterThan(730);
    assertThat(done.firstFail() - done.lastPass()).isLessThanOrEqualTo(0.05 * done.lastPass());
    assertThat(log.subList(0, 6))
        .as("800 fails twice (settled: two of three) before the search turns back below it")
        .extracting(ProbeVerdict::rate)
        .containsExactly(100.0, 200.0, 400.0, 800.0, 800.0, 600.0);
    assertThat(probesAt(log, done.lastPass()))
        .as("two passes that agree settle the majority of three")
        .isEqualTo(2);
    assertThat(probesAt(log, done.firstFail())).isEqualTo(2);
  }

  @Test
  void halvesWhenTheStartFails() {
    List<ProbeVerdict> log = new ArrayList<>();
    SearchStep.Done done = search(SETTINGS, rate -> rate <= 30, log);

    assertThat(log.subList(0, 5))
        .extracting(ProbeVerdict::rate)
        .containsExactly(100.0, 100.0, 50.0, 50.0, 25.0);
    assertThat(done.outcome()).isEqualTo(CapacityOutcome.Found);
    assertThat(done.lastPass()).isLessThanOrEqualTo(30);
    assertThat(done.firstFail()).isGreaterThan(30).isLessThanOrEqualTo(32);
  }

  @Test
  void aConfirmationThatOverturnsAnEdgeMovesTheInterval() {
    // 700 passes once by luck, then fails twice: the majority makes it a failing rate.
    int[] at700 = {0};
    List<ProbeVerdict> log = new ArrayList<>();
    SearchStep.Done done =
        search(SETTINGS, rate -> rate == 700 ? at700[0]++ == 0 : rate <= 650, log);

    assertThat(done.outcome()).isEqualTo(CapacityOutcome.Found);
    assertThat(done.firstFail()).isLessThanOrEqualTo(700);
    assertThat(done.lastPass()).isLessThanOrEqualTo(650);
    assertThat(probesAt(log, 700)).isGreaterThanOrEqualTo(2);
  }

  @Test
  void oneUnluckyFailureBelowTheCeilingIsProbedAgainBeforeTheSearchTurnsBack() {
    // 400 fails once by chance (a p99 tail on a busy machine), then passes twice.
    int[] at400 = {0};
    List<ProbeVerdict> log = new ArrayList<>();
    SearchStep.Done done =
        search(SETTINGS, rate -> rate == 400 ? at400[0]++ > 0 : rate <= 730, log);

    assertThat(log.subList(0, 6))
        .extracting(ProbeVerdict::rate)
        .containsExactly(100.0, 200.0, 400.0, 400.0, 400.0, 800.0);
    assertThat(done.outcome()).isEqualTo(CapacityOutcome.Found);
    assertThat(done.lastPass()).isLessThanOrEqualTo(730).isGreaterThan(730 / 1.05);
    assertThat(log)
        .as("never bisected below the overturned failure")
        .extracting(ProbeVerdict::rate)
        .noneMatch(rate -> rate > 200 && rate < 400);
  }

  @Test
  void oneConfirmationTakesEveryProbeAtItsWord() {
    List<ProbeVerdict> log = new ArrayList<>();
    search(new SearchSettings(100, 0.05, 1, 40, null, null, 1), rate -> rate <= 730, log);

    assertThat(log.stream().map(ProbeVerdict::rate).distinct().count()).isEqualTo(log.size());
  }

  @Test
  void stopsAtTheMaximumRateOnceConfirmed() {
    List<ProbeVerdict> log = new ArrayList<>();
    SearchStep.Done done =
        search(new SearchSettings(100, 0.05, 2, 40, 300.0, null, 1), rate -> true, log);

    assertThat(log).extracting(ProbeVerdict::rate).containsExactly(100.0, 200.0, 300.0, 300.0);
    assertThat(done.outcome()).isEqualTo(CapacityOutcome.AtMaxRate);
    assertThat(done.lastPass()).isEqualTo(300.0);
    assertThat(done.firstFail()).isNull();
  }

  @Test
  void reportsBelowTheLowestProbeWhenEvenOneRecordPerSecondFails() {
    List<ProbeVerdict> log = new ArrayList<>();
    SearchStep.Done done = search(SETTINGS, rate -> false, log);

    assertThat(done.outcome()).isEqualTo(CapacityOutcome.BelowLowestProbe);
    assertThat(done.lastPass()).isNull();
    assertThat(done.firstFail()).isEqualTo(1.0);
  }

  @Test
  void neverHalvesBelowTheLowestRateAProbeCanBeJudgedAt() {
    List<ProbeVerdict> log = new ArrayList<>();
    SearchStep.Done done =
        search(new SearchSettings(100, 0.05, 1, 40, null, null, 30), rate -> false, log);

    assertThat(log).extracting(ProbeVerdict::rate).containsExactly(100.0, 50.0);
    assertThat(done.outcome()).isEqualTo(CapacityOutcome.BelowLowestProbe);
    assertThat(done.firstFail()).isEqualTo(50.0);
  }

  @Test
  void theProbeBudgetEndsTheSearchWithTheIntervalItHad() {
    List<ProbeVerdict> log = new ArrayList<>();
    SearchStep.Done done =
        search(new SearchSettings(100, 0.001, 3, 6, null, null, 1), rate -> rate <= 730, log);

    assertThat(log).hasSize(6);
    assertThat(done.outcome()).isEqualTo(CapacityOutcome.ProbeBudgetSpent);
    assertThat(log)
        .extracting(ProbeVerdict::rate)
        .containsExactly(100.0, 200.0, 400.0, 800.0, 800.0, 600.0);
    assertThat(done.lastPass()).isEqualTo(600.0);
    assertThat(done.firstFail()).isEqualTo(800.0);
  }

  @Test
  void aKnownPassFromASmallerLimitIsNotProbedAndBoundsTheInterval() {
    List<ProbeVerdict> log = new ArrayList<>();
    SearchStep.Done done =
        search(new SearchSettings(625, 0.05, 3, 40, null, 600.0, 1), rate -> rate <= 610, log);

    assertThat(done.outcome()).isEqualTo(CapacityOutcome.NotBetterThanSmaller);
    assertThat(log).extracting(ProbeVerdict::rate).containsExactly(625.0, 625.0);
    assertThat(done.lastPass()).isEqualTo(600.0);
  }

  private static ProbeVerdict inconclusive(double rate) {
    return new ProbeVerdict(rate, ProbeVerdict.Outcome.INCONCLUSIVE);
  }

  @Test
  void anInconclusiveProbeIsProbedAgainAtItsRate() {
    List<ProbeVerdict> log =
        new ArrayList<>(
            List.of(new ProbeVerdict(100, true), new ProbeVerdict(200, true), inconclusive(400)));

    assertThat(CapacitySearch.next(SETTINGS, log)).isEqualTo(new SearchStep.Probe(400, "retry"));
    log.add(new ProbeVerdict(400, true));
    assertThat(CapacitySearch.next(SETTINGS, log))
        .as("the retry passed: the search goes on as if the inconclusive probe had not been")
        .isEqualTo(new SearchStep.Probe(800, "grow"));
  }

  @Test
  void aRateWithConfirmationsInconclusiveProbesFailsThere() {
    List<ProbeVerdict> log =
        new ArrayList<>(
            List.of(
                new ProbeVerdict(100, true),
                new ProbeVerdict(200, true),
                inconclusive(400),
                inconclusive(400)));
    assertThat(CapacitySearch.next(SETTINGS, log)).isEqualTo(new SearchStep.Probe(400, "retry"));

    log.add(inconclusive(400));

    assertThat(CapacitySearch.next(SETTINGS, log))
        .as("never began level in three probes: a settled fail, the search turns back below it")
        .isEqualTo(new SearchStep.Probe(300, "bisect"));
  }

  @Test
  void inconclusiveProbesCountAgainstTheBudget() {
    SearchSettings twoProbes = new SearchSettings(100, 0.05, 3, 2, null, null, 1);

    assertThat(
            CapacitySearch.next(twoProbes, List.of(new ProbeVerdict(100, true), inconclusive(200))))
        .isEqualTo(new SearchStep.Done(100.0, null, CapacityOutcome.ProbeBudgetSpent));
    assertThat(CapacitySearch.next(twoProbes, List.of(inconclusive(100), inconclusive(100))))
        .isEqualTo(new SearchStep.Done(null, null, CapacityOutcome.ProbeBudgetSpent));
  }

  /**
   * Above 500 records/s every other probe begins behind (a start-up backlog the catch-up did not
   * drain): the search finds the same interval as without them, with more probes.
   */
  @Test
  void inconclusiveProbesMoveNoEdge() {
    List<ProbeVerdict> clean = new ArrayList<>();
    SearchStep.Done expected = search(SETTINGS, rate -> rate <= 730, clean);
    List<ProbeVerdict> log = new ArrayList<>();
    int[] above = {0};
    SearchStep.Done done = null;
    for (int i = 0; i < 200 && done == null; i++) {
      SearchStep step = CapacitySearch.next(SETTINGS, log);
      if (step instanceof SearchStep.Done d) {
        done = d;
      } else {
        double rate = ((SearchStep.Probe) step).rate();
        boolean behind = rate > 500 && above[0]++ % 2 == 0;
        log.add(behind ? inconclusive(rate) : new ProbeVerdict(rate, rate <= 730));
      }
    }

    assertThat(done).isEqualTo(expected);
    assertThat(log)
        .filteredOn(ProbeVerdict::passed)
        .hasSameSizeAs(clean.stream().filter(ProbeVerdict::passed).toList());
    assertThat(log.size()).isGreaterThan(clean.size());
  }
}
