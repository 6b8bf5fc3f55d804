package io.streamgauge.capacity;

import io.fabric8.kubernetes.api.model.Quantity;
import io.streamgauge.api.status.CapacityProbeStatus;
import io.streamgauge.compare.Spread;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How much of its CPU limit the app used at a ceiling, and whether that limit is what ran out.
 * Where the broker, the load generators, the latency consumer and Prometheus share the app's cores,
 * the machine can run out before the limit, and such a ceiling moves with the machine's speed
 * (docs/guides/capacity.md#on-kubernetes).
 */
final class CeilingCpuShare {

  /** At or above this share of its limit the app's limit is taken as what ran out. */
  static final double LIMIT_BOUND = 0.9;

  private CeilingCpuShare() {}

  /**
   * The median of the app's CPU over {@code probes}' passing ones at {@code lastPass} at {@code
   * size}, divided by the limit of all its instances; empty when no rate passed or none measured
   * its CPU.
   */
  static Optional<Double> of(
      CapacityPlan.Size size, Double lastPass, List<CapacityProbeStatus> probes) {
    if (lastPass == null) {
      return Optional.empty();
    }
    double[] cores =
        probes.stream()
            .filter(size::ran)
            .filter(p -> lastPass.equals(p.getRatePerSecond()))
            .filter(ProbeJudge::passed)
            .filter(p -> p.getCpuCores() != null)
            .mapToDouble(CapacityProbeStatus::getCpuCores)
            .toArray();
    double limit =
        new Quantity(size.cpuLimit()).getNumericalAmount().doubleValue() * size.instances();
    if (cores.length == 0 || limit <= 0) {
      return Optional.empty();
    }
    return Optional.of(Spread.of(cores).median() / limit);
  }

  /**
   * What the share says about the ceiling, for the limit's message: empty when the app used at
   * least {@link #LIMIT_BOUND} of its limit.
   */
  static Optional<String> unboundNote(double share) {
    if (share >= LIMIT_BOUND) {
      return Optional.empty();
    }
    return Optional.of(
        String.format(
            Locale.ROOT,
            "the app used %.2f of its CPU limit there: the limit is not what ran out first (on a"
                + " shared machine, the cores of the broker and the clients), so this ceiling"
                + " moves with the rest of the machine",
            share));
  }
}
