package io.streamgauge.platform;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.api.status.ResultRef;
import java.io.IOException;
import java.util.Optional;

/** Keeps what the run measured and logged where it outlives the run's workloads. */
public interface ResultStore {

  /** Stores the full result document where it outlives the run's workloads. */
  ResultRef storeResults(RunContext run, ObjectNode document) throws IOException;

  /**
   * Keeps the end of each of the run's logs where it outlives the workloads, just before cleanup
   * removes them; once per run (a second call keeps what the first kept).
   *
   * @return where they are kept (on Kubernetes the ConfigMap's name), for the run's status; empty
   *     where the logs outlive the workloads anyway (local mode writes them into the run directory)
   */
  Optional<String> keepLogs(RunContext run);
}
