package io.streamgauge.loadgen;

import java.util.SplittableRandom;

/**
 * The ids stateful-joins records reference, shared by one generator's topics: customers {@code
 * customer-0} … and products {@code product-0} … (as many as their topics' {@code keys}, every one
 * seeded before the load), and this generator's orders and reviews, unique across generators
 * ({@code order-<producer index>-<n>}). Which customer and product order {@code n} references is a
 * hash of (seed, producer index, n), so the order's and its review's generators agree.
 */
final class JoinReferences {

  private final long customers;
  private final long products;
  private final long seed;
  private final int producerIndex;

  JoinReferences(long customers, long products, long seed, int producerIndex) {
    this.customers = customers;
    this.products = products;
    this.seed = seed;
    this.producerIndex = producerIndex;
  }

  static String customerId(long index) {
    return "customer-" + index;
  }

  static String productId(long index) {
    return "product-" + index;
  }

  /** A customer drawn uniformly, for a new version of it. */
  String customer(SplittableRandom random) {
    return customerId(random.nextLong(customers));
  }

  /** A product drawn uniformly, for a new version of it. */
  String product(SplittableRandom random) {
    return productId(random.nextLong(products));
  }

  String orderId(long n) {
    return "order-" + producerIndex + "-" + n;
  }

  String reviewId(long n) {
    return "review-" + producerIndex + "-" + n;
  }

  /** The customer order {@code n} references. */
  String customerOf(long n) {
    return customerId(Math.floorMod(hash(n, 0x9E3779B97F4A7C15L), customers));
  }

  /** The product order {@code n} references. */
  String productOf(long n) {
    return productId(Math.floorMod(hash(n, 0xC2B2AE3D27D4EB4FL), products));
  }

  private long hash(long n, long salt) {
    long h = seed * 31 + producerIndex;
    h = h * 0x100000001B3L + n;
    h ^= salt;
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return h;
  }
}
