package io.streamgauge.schemas.advanced;

/**
 * The field values of the stateless-advanced records that decide where they go, as a fixed cycle
 * over each producer's n-th record of a topic, so every split and filter ratio is known in advance
 * and a run's exact output counts follow from its input counts: priorities 20 % high, 50 % normal,
 * 30 % low; one to three tags (two on average); 10 % of orders cancelled; 20 % of clicks by bots.
 */
public final class AdvancedMix {

  private static final Priority[] PRIORITIES = {
    Priority.HIGH,
    Priority.NORMAL,
    Priority.LOW,
    Priority.NORMAL,
    Priority.NORMAL,
    Priority.LOW,
    Priority.NORMAL,
    Priority.HIGH,
    Priority.LOW,
    Priority.NORMAL
  };

  private AdvancedMix() {}

  /** The priority of the n-th user event or product update (counted from 0). */
  public static Priority priority(long n) {
    return PRIORITIES[(int) (n % PRIORITIES.length)];
  }

  /** How many tags the n-th user event or product update carries: 1, 2 or 3. */
  public static int tags(long n) {
    return 1 + (int) (n % 3);
  }

  /** Whether the n-th order is cancelled (every tenth). */
  public static boolean cancelled(long n) {
    return n % 10 == 9;
  }

  /** Whether the n-th click is a bot's (every fifth). */
  public static boolean bot(long n) {
    return n % 5 == 4;
  }
}
