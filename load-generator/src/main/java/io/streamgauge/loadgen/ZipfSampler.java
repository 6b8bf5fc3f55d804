package io.streamgauge.loadgen;

import java.util.random.RandomGenerator;

/**
 * Draws ranks 1..n with probability proportional to 1 / rank^exponent, in constant time per draw,
 * by rejection-inversion (W. Hörmann and G. Derflinger, "Rejection-inversion to generate variates
 * from monotone discrete distributions", 1996).
 */
final class ZipfSampler {

  private final long n;
  private final double exponent;
  private final double hIntegralX1;
  private final double hIntegralN;
  private final double s;

  ZipfSampler(long n, double exponent) {
    this.n = n;
    this.exponent = exponent;
    this.hIntegralX1 = hIntegral(1.5) - 1.0;
    this.hIntegralN = hIntegral(n + 0.5);
    this.s = 2.0 - hIntegralInverse(hIntegral(2.5) - h(2.0));
  }

  /** A rank in [1, n]. */
  long sample(RandomGenerator random) {
    while (true) {
      double u = hIntegralN + random.nextDouble() * (hIntegralX1 - hIntegralN);
      double x = hIntegralInverse(u);
      long k = Math.max(1, Math.min(n, (long) (x + 0.5)));
      if (k - x <= s || u >= hIntegral(k + 0.5) - h(k)) {
        return k;
      }
    }
  }

  private double h(double x) {
    return Math.exp(-exponent * Math.log(x));
  }

  private double hIntegral(double x) {
    double logX = Math.log(x);
    return expm1OverX((1.0 - exponent) * logX) * logX;
  }

  private double hIntegralInverse(double x) {
    double t = Math.max(-1.0, x * (1.0 - exponent));
    return Math.exp(log1pOverX(t) * x);
  }

  /** (e^x − 1) / x, accurate near 0. */
  private static double expm1OverX(double x) {
    return Math.abs(x) > 1e-8
        ? Math.expm1(x) / x
        : 1.0 + x * 0.5 * (1.0 + x / 3.0 * (1.0 + 0.25 * x));
  }

  /** ln(1 + x) / x, accurate near 0. */
  private static double log1pOverX(double x) {
    return Math.abs(x) > 1e-8 ? Math.log1p(x) / x : 1.0 - x * (0.5 - x * (1.0 / 3.0 - 0.25 * x));
  }
}
