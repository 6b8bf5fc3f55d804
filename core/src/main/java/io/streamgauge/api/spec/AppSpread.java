package io.streamgauge.api.spec;

/**
 * How the instances of an app of several are spread over a cluster's nodes (by {@code
 * kubernetes.io/hostname}). Local mode runs every instance on its one machine and ignores it.
 */
public enum AppSpread {
  /**
   * The scheduler prefers a node of its own for each instance but may put several on one node (a
   * cluster with fewer nodes than instances still runs); the default.
   */
  Preferred,
  /**
   * Each instance only on a node no other instance of the app runs on: an instance that finds no
   * such node stays unschedulable and fails the run, naming the pod.
   */
  Required,
  /** No spreading: the scheduler places the instances as it would any pods. */
  None
}
