package io.streamgauge.platform;

import java.util.Objects;

/**
 * Where a run executes, as the roles the run's steps need: what provisions its components, what
 * observes them, what injects its faults, what keeps its results and what removes what it made.
 * Each platform (Kubernetes, local processes) gives one class per role, so a new capability adds a
 * class to the role it belongs to.
 *
 * @param provisioner creates or checks Kafka, the app and the clients
 * @param observer reads them without changing them
 * @param faults does what {@code spec.faults} ask
 * @param results keeps the result document and the logs
 * @param teardown removes the run's workloads and what it made on a shared Kafka
 */
public record Platform(
    Provisioner provisioner,
    Observer observer,
    FaultInjector faults,
    ResultStore results,
    Teardown teardown) {

  /** Checks that every role is there. */
  public Platform {
    Objects.requireNonNull(provisioner, "provisioner");
    Objects.requireNonNull(observer, "observer");
    Objects.requireNonNull(faults, "faults");
    Objects.requireNonNull(results, "results");
    Objects.requireNonNull(teardown, "teardown");
  }
}
