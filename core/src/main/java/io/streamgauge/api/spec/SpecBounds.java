package io.streamgauge.api.spec;

/**
 * The bounds of the spec's free-form fields that several fields share, as the CRD states them: a
 * spec is a few kilobytes, and no field of it may make it more (an API server stores at most 1.5
 * MiB per object, and the operator reads every run). Each is a length a real value stays far
 * within.
 */
public final class SpecBounds {

  private SpecBounds() {}

  /** A Kubernetes object's name or a Secret's key: DNS subdomain length. */
  public static final int NAME = 253;

  /** A URL or a list of host:port. */
  public static final int URL = 2048;

  /** A container image reference (registry, path, tag and digest). */
  public static final int IMAGE = 512;

  /** Entries of a configuration map (app, client or broker configuration). */
  public static final int CONFIG_ENTRIES = 128;

  /** A configuration map's keys and values: a name each, a value up to an inline PEM chain. */
  public static final String CONFIG_RULE = "self.all(k, size(k) <= 253 && size(self[k]) <= 8192)";

  /** What {@link #CONFIG_RULE} says when broken. */
  public static final String CONFIG_MESSAGE =
      "each key is at most 253 characters and each value at most 8192";

  /** One JVM option. */
  public static final String JVM_OPTIONS_RULE = "self.all(o, size(o) <= 1024)";

  /** What {@link #JVM_OPTIONS_RULE} says when broken. */
  public static final String JVM_OPTIONS_MESSAGE = "each JVM option is at most 1024 characters";

  /**
   * A container's resources: at most 16 limits and 16 requests (Kubernetes knows a handful) and 4
   * claims; each quantity is parsed when the run is taken in.
   */
  public static final String RESOURCES_RULE =
      "(!has(self.limits) || size(self.limits) <= 16)"
          + " && (!has(self.requests) || size(self.requests) <= 16)"
          + " && (!has(self.claims) || size(self.claims) <= 4)";

  /** What {@link #RESOURCES_RULE} says when broken. */
  public static final String RESOURCES_MESSAGE = "at most 16 limits, 16 requests and 4 claims";
}
