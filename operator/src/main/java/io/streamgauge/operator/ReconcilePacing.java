package io.streamgauge.operator;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.api.config.ControllerConfigurationOverrider;
import io.javaoperatorsdk.operator.processing.retry.GenericRetry;
import io.streamgauge.run.ErrorRetry;
import java.time.Duration;

/**
 * How often the operator reconciles a resource when nothing else asks it to. An error that escapes
 * a reconcile (a status write during an API server outage or on a conflict) is retried for as long
 * as it lasts, at most {@link #RETRY_CAP} apart, never given up after a fixed number of tries; and
 * every resource is reconciled at least every {@link #MAX_INTERVAL}, so a run that missed an event
 * still ends, and its own timeout can always fire.
 */
final class ReconcilePacing {

  /**
   * The longest wait between two retries of a failed reconcile: as often as a phase step's error is
   * retried ({@link ErrorRetry#AFTER}), so both say the same to a user.
   */
  static final Duration RETRY_CAP = ErrorRetry.AFTER;

  /** The longest a resource goes without a reconcile. */
  static final Duration MAX_INTERVAL = Duration.ofMinutes(1);

  private static final Duration FIRST_RETRY = Duration.ofSeconds(1);

  private ReconcilePacing() {}

  /** Retries after 1, 1, 2, 4, 8 s, then every {@link #RETRY_CAP}, for as long as errors last. */
  static GenericRetry retry() {
    return new GenericRetry()
        .withoutMaxAttempts()
        .setInitialInterval(FIRST_RETRY)
        .setIntervalMultiplier(2)
        .setMaxInterval(RETRY_CAP.toMillis());
  }

  /** Sets this pacing on a reconciler's configuration. */
  static <R extends HasMetadata> void apply(ControllerConfigurationOverrider<R> configuration) {
    configuration.withRetry(retry()).withReconciliationMaxInterval(MAX_INTERVAL);
  }
}
