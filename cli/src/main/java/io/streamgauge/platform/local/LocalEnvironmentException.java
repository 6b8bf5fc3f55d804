package io.streamgauge.platform.local;

/**
 * This machine cannot run a local benchmark as asked: a tool is missing, a port is taken, a file
 * cannot be written. The message is one line saying what to do.
 */
public final class LocalEnvironmentException extends RuntimeException {

  public LocalEnvironmentException(String message) {
    super(message);
  }

  public LocalEnvironmentException(String message, Throwable cause) {
    super(message, cause);
  }
}
