package io.streamgauge.operator;

import java.util.Objects;

/**
 * Which install of the operator drives a run or a suite: two installs whose watched namespaces
 * overlap (two cluster-wide ones, say) would otherwise both drive every run there. The first to
 * reconcile a resource records its install in {@code status.operator} — a status write at the
 * version it read, so of two at once one is refused (409) and reads the other's claim — and does
 * nothing else in that reconcile; every other install leaves the resource alone.
 *
 * @param install this install's name: the operator's namespace
 */
record InstallClaim(String install) {

  /** The install of a deploy/ or chart install without STREAMGAUGE_OPERATOR_NAMESPACE. */
  static final String DEFAULT = "streamgauge";

  InstallClaim {
    Objects.requireNonNull(install);
  }

  /** Whether {@code recorded} (a status's operator) is another install's. */
  boolean othersOwn(String recorded) {
    return recorded != null && !recorded.equals(install);
  }

  /** Whether nothing is recorded yet: this install must claim before it acts. */
  boolean unclaimed(String recorded) {
    return recorded == null;
  }
}
