package io.streamgauge.common;

/**
 * Text cut to a length before it goes where space is bounded (a condition's message, an Event's
 * note), saying how much was cut so a reader knows the message goes on.
 */
public final class BoundedText {

  private BoundedText() {}

  /**
   * {@code text} if at most {@code max} characters long, else its start followed by {@code … (N
   * more characters)}, {@code max} characters in all; null stays null.
   */
  public static String of(String text, int max) {
    if (text == null || text.length() <= max) {
      return text;
    }
    int suffixLength = suffix(text.length()).length();
    int keep = Math.max(0, max - suffixLength);
    if (keep > 0 && Character.isHighSurrogate(text.charAt(keep - 1))) {
      keep--;
    }
    return text.substring(0, keep) + suffix(text.length() - keep);
  }

  private static String suffix(int cut) {
    return "… (" + cut + " more characters)";
  }
}
