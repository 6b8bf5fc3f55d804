package io.streamgauge.platform;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.SpecDurations;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.PhaseTransition;
import java.time.Instant;
import java.util.List;

/**
 * One run as the phase machine sees it.
 *
 * @param namespace the run's namespace (local mode: {@code local})
 * @param name the run's name
 * @param uid the run's uid on Kubernetes (for owner references), or null in local mode
 * @param spec the spec with every default resolved
 * @param status the status, updated in place by the steps
 * @param generation the generation of the spec the run reconciles, which its conditions record as
 *     observedGeneration; null when there is none (tests)
 */
public record RunContext(
    String namespace,
    String name,
    String uid,
    BenchmarkRunSpec spec,
    BenchmarkRunStatus status,
    Long generation) {

  /** A run without a generation (tests). */
  public RunContext(
      String namespace, String name, String uid, BenchmarkRunSpec spec, BenchmarkRunStatus status) {
    this(namespace, name, uid, spec, status, null);
  }

  /** The spec's durations as typed values ({@link SpecDurations}). */
  public SpecDurations durations() {
    return SpecDurations.of(spec);
  }

  /** {@code namespace/name}, for messages and logs. */
  public String id() {
    return namespace + "/" + name;
  }

  /**
   * When {@code spec.schedule.timeout} passes: the run's first phase plus the timeout.
   *
   * @throws IllegalStateException before the run entered its first phase
   */
  public Instant deadline() {
    List<PhaseTransition> history = status.getPhaseHistory();
    if (history.isEmpty()) {
      throw new IllegalStateException("run " + id() + " has not started");
    }
    return Instant.parse(history.get(0).getStartedAt()).plus(durations().timeout());
  }
}
