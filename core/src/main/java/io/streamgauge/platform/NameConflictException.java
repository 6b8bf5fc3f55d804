package io.streamgauge.platform;

/**
 * An object the run needs exists under its name but belongs to someone else: the run neither adopts
 * nor deletes it, and fails ({@code NameConflict}).
 */
public final class NameConflictException extends RuntimeException {

  /**
   * @param message the object and what to do, for the run's condition and Event
   */
  public NameConflictException(String message) {
    super(message);
  }
}
