package io.streamgauge.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The repetitions of one spec summarised: per figure the median, min, max and coefficient of
 * variation over the valid runs (each run's figure one observation, never pooled samples), and the
 * runs left out as invalid.
 *
 * @param runs the runs summarised
 * @param leftOut the invalid runs, each as {@code source: why} (failed checks, or did not succeed)
 * @param spreads per figure measured by at least one run, in {@link ComparedFigure} order
 */
public record RepetitionSummary(
    List<ComparedRun> runs, List<String> leftOut, Map<ComparedFigure, Spread> spreads) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Summarises the valid runs; when none is valid, all of them (the table then says that every
   * figure comes from invalid runs).
   */
  public static RepetitionSummary of(List<ComparedRun> all) {
    List<ComparedRun> valid = all.stream().filter(ComparedRun::valid).toList();
    List<String> leftOut = new ArrayList<>();
    for (ComparedRun run : all) {
      if (!run.valid()) {
        leftOut.add(run.source() + ": " + String.join("; ", run.problems()));
      }
    }
    List<ComparedRun> runs = summarised(all);
    Map<ComparedFigure, Spread> spreads = new LinkedHashMap<>();
    for (ComparedFigure figure : ComparedFigure.values()) {
      double[] values =
          runs.stream()
              .map(r -> figure.in(r.summary()))
              .filter(OptionalDouble::isPresent)
              .mapToDouble(OptionalDouble::getAsDouble)
              .toArray();
      if (values.length > 0) {
        spreads.put(figure, Spread.of(values));
      }
    }
    return new RepetitionSummary(runs, valid.isEmpty() ? List.of() : List.copyOf(leftOut), spreads);
  }

  /**
   * A summary made before, of {@code all} the runs: its {@code leftOut} and {@code spreads} as they
   * were stored (a BenchmarkRun's {@code status.repetitions}), not computed again.
   */
  public static RepetitionSummary stored(
      List<ComparedRun> all, List<String> leftOut, Map<ComparedFigure, Spread> spreads) {
    return new RepetitionSummary(summarised(all), List.copyOf(leftOut), spreads);
  }

  /** The runs a summary is made of: the valid ones, or all when none is. */
  private static List<ComparedRun> summarised(List<ComparedRun> all) {
    List<ComparedRun> valid = all.stream().filter(ComparedRun::valid).toList();
    return List.copyOf(valid.isEmpty() ? all : valid);
  }

  /** A markdown table: Figure | median | min | max | CV | runs. */
  public String markdown() {
    StringBuilder out = new StringBuilder();
    out.append("## Repetitions: ").append(runs.size()).append(" runs\n\n");
    out.append("| Figure | median | min | max | CV | runs |\n|---|---:|---:|---:|---:|---:|\n");
    spreads.forEach(
        (figure, s) ->
            out.append("| ")
                .append(figure.label())
                .append(" | ")
                .append(ComparisonMarkdown.number(s.median()))
                .append(" | ")
                .append(ComparisonMarkdown.number(s.min()))
                .append(" | ")
                .append(ComparisonMarkdown.number(s.max()))
                .append(" | ")
                .append(
                    Double.isFinite(s.cv())
                        ? String.format(Locale.ROOT, "%.1f%%", s.cv() * 100)
                        : "–")
                .append(" | ")
                .append(s.count())
                .append(" |\n"));
    if (runs.stream().noneMatch(ComparedRun::valid)) {
      out.append("\nNone of the runs is valid: every figure above comes from invalid runs.\n");
    }
    if (!leftOut.isEmpty()) {
      out.append("\nLeft out as invalid:\n\n");
      leftOut.forEach(l -> out.append("- ").append(l).append('\n'));
    }
    return out.toString();
  }

  /** As JSON: the runs, the invalid ones left out, and per figure its spread. */
  public ObjectNode json() {
    ObjectNode root = JSON.createObjectNode();
    root.put("kind", "RepetitionSummary");
    ArrayNode sources = root.putArray("runs");
    runs.forEach(r -> sources.add(r.source()));
    leftOut.forEach(root.putArray("leftOut")::add);
    ObjectNode figures = root.putObject("figures");
    spreads.forEach(
        (figure, s) -> {
          ObjectNode node =
              figures
                  .putObject(figure.key())
                  .put("runs", s.count())
                  .put("median", s.median())
                  .put("min", s.min())
                  .put("max", s.max());
          if (Double.isFinite(s.cv())) {
            node.put("cv", s.cv());
          } else {
            node.putNull("cv");
          }
        });
    return root;
  }
}
