package io.streamgauge.common;

/**
 * The bound on a free text a status carries (a progress line, a phase's message, a missing figure's
 * reason): such a text may quote another server's answer, and a status is stored in etcd and read
 * by every watch of the resource, so each is cut like a condition's message.
 */
public final class StatusText {

  /** The longest such text, in characters; the rest is cut, saying how much. */
  public static final int MAX = 1024;

  private StatusText() {}

  /** {@code text} cut to {@link #MAX} characters; null stays null. */
  public static String bounded(String text) {
    return BoundedText.of(text, MAX);
  }
}
