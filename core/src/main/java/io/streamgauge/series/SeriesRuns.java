package io.streamgauge.series;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * The runs a series creates and follows, on its platform: BenchmarkRuns the suite or run owns on
 * Kubernetes.
 */
public interface SeriesRuns {

  /**
   * The run called {@code name} as its document (a BenchmarkRun as JSON), empty when there is none.
   *
   * @throws io.streamgauge.platform.NameConflictException when a run of that name exists that this
   *     series did not create
   */
  Optional<JsonNode> find(String name);

  /**
   * Creates {@code run}.
   *
   * @return true once it exists (created now, or found created by this series), false while an
   *     earlier run of that name is still being deleted (try again later)
   * @throws io.streamgauge.platform.NameConflictException when a run of that name exists that this
   *     series did not create
   */
  boolean create(PlannedRun run);
}
