package io.streamgauge.schemas.registry;

/** A schema registry refused a request or could not be reached; the message says which and why. */
public final class SchemaRegistryException extends RuntimeException {

  public SchemaRegistryException(String message) {
    super(message);
  }

  public SchemaRegistryException(String message, Throwable cause) {
    super(message, cause);
  }
}
