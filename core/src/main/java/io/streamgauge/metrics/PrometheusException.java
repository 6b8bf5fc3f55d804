package io.streamgauge.metrics;

/** A Prometheus query that could not be answered, with why. */
public final class PrometheusException extends Exception {

  /** Why a query failed. */
  public enum Kind {
    /** No connection, a timeout, or a 5xx answer, still so after the retries. */
    UNREACHABLE,
    /** Prometheus rejected the query (bad PromQL, bad parameters): retrying cannot help. */
    BAD_QUERY,
    /** An answer that is not the Prometheus API's JSON. */
    BAD_RESPONSE,
    /**
     * An answer of more than one query may bring (series, points or bytes): not read further, not
     * retried.
     */
    TOO_LARGE
  }

  private final Kind kind;

  public PrometheusException(Kind kind, String message, Throwable cause) {
    super(message, cause);
    this.kind = kind;
  }

  /** Why the query failed. */
  public Kind kind() {
    return kind;
  }
}
