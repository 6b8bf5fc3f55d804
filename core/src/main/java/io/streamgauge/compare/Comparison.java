package io.streamgauge.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A baseline compared with a candidate, each one run or several repetitions: a row per figure that
 * either side measured, and the notes a reader needs before trusting it (runs left out as invalid,
 * what differs between the specs, collectors that differ, one run per side being indicative only).
 *
 * @param baselineLabel the baseline's name in the table
 * @param candidateLabel the candidate's name
 * @param baseline the baseline runs compared
 * @param candidate the candidate runs compared
 * @param rows one per figure measured on either side, in {@link ComparedFigure} order
 * @param specDifferences the leaves in which the sides' specs differ ({@code path: a → b})
 * @param notes warnings about the comparison itself, each one sentence
 */
public record Comparison(
    String baselineLabel,
    String candidateLabel,
    List<ComparedRun> baseline,
    List<ComparedRun> candidate,
    List<ComparisonRow> rows,
    List<String> specDifferences,
    List<String> notes) {

  /** A side that has nothing to compare; the message names the side and why. */
  public static final class NothingToCompareException extends RuntimeException {
    NothingToCompareException(String message) {
      super(message);
    }
  }

  /**
   * Compares two sides.
   *
   * @param includeInvalid keep runs that failed a validity check (they are left out otherwise, and
   *     the notes say which)
   * @throws NothingToCompareException when a side has no run left to compare
   */
  public static Comparison of(
      String baselineLabel,
      List<ComparedRun> baselineRuns,
      String candidateLabel,
      List<ComparedRun> candidateRuns,
      boolean includeInvalid) {
    List<String> notes = new ArrayList<>();
    List<ComparedRun> baseline = kept("baseline", baselineRuns, includeInvalid, notes);
    List<ComparedRun> candidate = kept("candidate", candidateRuns, includeInvalid, notes);
    List<ComparisonRow> rows = new ArrayList<>();
    for (ComparedFigure figure : ComparedFigure.values()) {
      double[] b = values(figure, baseline);
      double[] c = values(figure, candidate);
      if (b.length > 0 || c.length > 0) {
        rows.add(ComparisonRow.of(figure, b, c));
      }
    }
    if (baseline.size() < 2 || candidate.size() < 2) {
      notes.add(
          "Indicative only: "
              + baseline.size()
              + " baseline and "
              + candidate.size()
              + " candidate run(s); repeat each side (spec.repetitions, or --repetitions N locally)"
              + " for confidence intervals.");
    }
    notes.addAll(sameSpecWithin("baseline", baseline));
    notes.addAll(sameSpecWithin("candidate", candidate));
    List<String> workload =
        SpecDifferences.workloadSections(baseline.get(0).setup(), candidate.get(0).setup());
    if (!workload.isEmpty()) {
      notes.add(
          "Not like for like: the sides' "
              + String.join(", ", workload)
              + " differ (see the spec differences).");
    }
    String bGc = baseline.get(0).summary().path("gcCollectors").toString();
    String cGc = candidate.get(0).summary().path("gcCollectors").toString();
    if (!bGc.equals(cGc)) {
      notes.add("The JVMs ran different collectors: " + bGc + " vs " + cGc + ".");
    }
    return new Comparison(
        baselineLabel,
        candidateLabel,
        List.copyOf(baseline),
        List.copyOf(candidate),
        List.copyOf(rows),
        SpecDifferences.between(baseline.get(0).setup(), candidate.get(0).setup()),
        List.copyOf(notes));
  }

  /** True when a side has fewer than two runs: no interval, the verdicts are indicative only. */
  public boolean indicative() {
    return baseline.size() < 2 || candidate.size() < 2;
  }

  /** The row of a figure, or null when neither side measured it. */
  public ComparisonRow row(ComparedFigure figure) {
    return rows.stream().filter(r -> r.figure() == figure).findFirst().orElse(null);
  }

  private static List<ComparedRun> kept(
      String side, List<ComparedRun> runs, boolean includeInvalid, List<String> notes) {
    List<ComparedRun> kept = new ArrayList<>();
    for (ComparedRun run : runs) {
      if (run.valid() || includeInvalid) {
        kept.add(run);
      }
      if (!run.valid()) {
        notes.add(
            (includeInvalid ? "Kept although invalid" : "Left out as invalid")
                + " ("
                + side
                + "): "
                + run.source()
                + " "
                + String.join("; ", run.problems())
                + ".");
      }
    }
    if (kept.isEmpty()) {
      throw new NothingToCompareException(
          "the "
              + side
              + " has no valid run to compare"
              + (runs.isEmpty()
                  ? ""
                  : " (" + runs.size() + " invalid; --include-invalid keeps them)"));
    }
    return kept;
  }

  private static double[] values(ComparedFigure figure, List<ComparedRun> runs) {
    return runs.stream()
        .map(r -> figure.in(r.summary()))
        .filter(OptionalDouble::isPresent)
        .mapToDouble(OptionalDouble::getAsDouble)
        .toArray();
  }

  private static List<String> sameSpecWithin(String side, List<ComparedRun> runs) {
    List<String> notes = new ArrayList<>();
    for (ComparedRun run : runs.subList(1, runs.size())) {
      List<String> differences = SpecDifferences.between(runs.get(0).setup(), run.setup());
      if (!differences.isEmpty()) {
        notes.add(
            "The "
                + side
                + "'s runs are not repetitions of one spec: "
                + run.source()
                + " differs from "
                + runs.get(0).source()
                + " in "
                + differences.get(0)
                + (differences.size() > 1 ? " and " + (differences.size() - 1) + " more" : "")
                + ".");
      }
    }
    return notes;
  }
}
