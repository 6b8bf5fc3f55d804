package io.streamgauge.platform;

/**
 * A platform could not do what a step asked, with whether trying again can help: a refusal that
 * stays (forbidden by RBAC, a resource type that is not installed, an object the API server or an
 * admission controller rejects) is permanent and fails the run; an outage, a conflict or a
 * throttled request is transient and retried for as long as the run's timeout allows.
 */
public final class PlatformException extends RuntimeException {

  private final boolean permanent;

  /**
   * @param message what failed and why, for the run's condition and Event
   * @param permanent true when trying again cannot help
   */
  public PlatformException(String message, boolean permanent, Throwable cause) {
    super(message, cause);
    this.permanent = permanent;
  }

  /** True when trying again cannot help. */
  public boolean permanent() {
    return permanent;
  }
}
