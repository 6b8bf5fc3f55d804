package io.streamgauge.platform;

import io.streamgauge.api.BenchmarkRunSpec;
import io.streamgauge.api.BenchmarkRunStatus;

/**
 * One run as the phase machine sees it.
 *
 * @param namespace the run's namespace (local mode: {@code local})
 * @param name the run's name
 * @param uid the run's uid on Kubernetes (for owner references), or null in local mode
 * @param spec the spec with every default resolved
 * @param status the status, updated in place by the steps
 */
public record RunContext(
    String namespace, String name, String uid, BenchmarkRunSpec spec, BenchmarkRunStatus status) {

  /** {@code namespace/name}, for messages and logs. */
  public String id() {
    return namespace + "/" + name;
  }
}
