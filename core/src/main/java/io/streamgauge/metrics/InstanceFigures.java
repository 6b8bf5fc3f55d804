package io.streamgauge.metrics;

import java.util.List;

/**
 * The figures of one instance of the app (one pod, or locally one process) over a window: its CPU,
 * memory, heap and GC pause, read with the app's profiles from its series alone. The app's own
 * figures are these summed (or, for a GC pause, averaged over every pause of every instance).
 *
 * @param pod the pod the instance's series are labelled with
 * @param figures its figures, each measured or missing with the reason
 */
public record InstanceFigures(String pod, List<FigureResult> figures) {

  /** Copies. */
  public InstanceFigures {
    figures = List.copyOf(figures);
  }
}
