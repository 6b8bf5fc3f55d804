package io.streamgauge.api.spec;

/** The bounds a load shape keeps, in the CRD and in the validator alike. */
public final class LoadShapeBounds {

  /** The largest factor of the topics' rates a shape may ask for. */
  public static final int MAX_FACTOR = 100;

  /**
   * The most segments a shape may cut the window into: each is a row of the run's status
   * (summary.load.segments), which must stay small.
   */
  public static final int MAX_SEGMENTS = 60;

  private LoadShapeBounds() {}
}
