package io.streamgauge.capacity;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.CapacitySpec;
import io.streamgauge.api.spec.SpecDurations;
import io.streamgauge.api.status.CapacityLimitStatus;
import io.streamgauge.api.status.CapacityOutcome;
import io.streamgauge.api.status.CapacityProbeStatus;
import io.streamgauge.scenario.RateScaling;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.validation.SpecValidator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A capacity search over its CPU limits, smallest first: each limit searched by {@link
 * CapacitySearch}, a larger limit starting at the rate the smaller one first failed at and taking
 * the smaller one's last passing rate as passed (more CPU sustains at least as much), and not
 * searched at all when the smaller limit already sustained the maximum rate.
 *
 * @param base the run's spec, resolved; its rates are the 1× the probes scale
 * @param cpuLimits the app CPU limits in search order
 * @param baseRate the base spec's total input rate, records/s
 * @param settings the first limit's settings; later limits start from their predecessor's result
 */
public record CapacityPlan(
    BenchmarkRunSpec base, List<String> cpuLimits, double baseRate, SearchSettings settings) {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  /** The next probe, with the CPU limit it runs under. */
  public record NextProbe(String cpuLimit, double rate, String step) {}

  /**
   * Where a search stands after its ended probes.
   *
   * @param limits each CPU limit whose search ended, in order
   * @param next the probe to run next; empty once every limit's search ended
   */
  public record Progress(List<CapacityLimitStatus> limits, Optional<NextProbe> next) {}

  /** The plan of {@code resolved} (defaults applied), which has {@code spec.capacity}. */
  public static CapacityPlan of(BenchmarkRunSpec resolved) {
    CapacitySpec capacity = resolved.getCapacity();
    double baseRate = resolved.getLoad().totalRatePerSecond();
    List<String> limits =
        capacity.getCpuLimits() == null || capacity.getCpuLimits().isEmpty()
            ? List.of(ownCpuLimit(resolved))
            : List.copyOf(capacity.getCpuLimits());
    SearchSettings settings =
        new SearchSettings(
            capacity.getStartRatePerSecond() != null ? capacity.getStartRatePerSecond() : baseRate,
            capacity.getResolution() != null
                ? capacity.getResolution()
                : CapacitySpec.DEFAULT_RESOLUTION,
            capacity.getConfirmations() != null
                ? capacity.getConfirmations()
                : CapacitySpec.DEFAULT_CONFIRMATIONS,
            capacity.getMaxProbes() != null
                ? capacity.getMaxProbes()
                : CapacitySpec.DEFAULT_MAX_PROBES,
            capacity.getMaxRatePerSecond(),
            null,
            minRate(resolved));
    return new CapacityPlan(SERIALIZATION.clone(resolved), limits, baseRate, settings);
  }

  /** Where the search stands after {@code probes} (those not ended are ignored). */
  public Progress progress(List<CapacityProbeStatus> probes) {
    List<CapacityLimitStatus> ended = new ArrayList<>();
    SearchSettings current = settings;
    for (String limit : cpuLimits) {
      List<CapacityProbeStatus> judged = new ArrayList<>();
      for (CapacityProbeStatus probe : probes) {
        if (limit.equals(probe.getCpuLimit()) && probe.getPassed() != null) {
          judged.add(probe);
        }
      }
      List<ProbeVerdict> verdicts = judged.stream().map(ProbeVerdict::of).toList();
      CapacityLimitStatus previous = ended.isEmpty() ? null : ended.get(ended.size() - 1);
      if (previous != null && previous.getOutcome() == CapacityOutcome.AtMaxRate) {
        SearchStep.Done inherited =
            new SearchStep.Done(previous.getLastPassPerSecond(), null, CapacityOutcome.AtMaxRate);
        CapacityLimitStatus status = limitStatus(limit, inherited, List.of(), previous);
        status.setMessage(CapacityText.notSearched(previous));
        ended.add(status);
        continue;
      }
      SearchStep step = CapacitySearch.next(current, verdicts);
      if (step instanceof SearchStep.Probe probe) {
        return new Progress(
            List.copyOf(ended), Optional.of(new NextProbe(limit, probe.rate(), probe.step())));
      }
      SearchStep.Done done = (SearchStep.Done) step;
      CapacityLimitStatus status = limitStatus(limit, done, judged, previous);
      List<String> split = CapacityText.splitRates(verdicts);
      status.setSplitRates(split.isEmpty() ? null : split);
      ended.add(status);
      current =
          new SearchSettings(
              done.firstFail() != null ? done.firstFail() : settings.start(),
              settings.resolution(),
              settings.confirmations(),
              settings.maxProbes(),
              settings.maxRate(),
              done.lastPass(),
              settings.minRate());
    }
    return new Progress(List.copyOf(ended), Optional.empty());
  }

  /**
   * The lowest rate a probe of {@code resolved} can be judged at: its measurement window must time
   * {@code spec.checks.minLatencySamples} records.
   */
  public static double minRate(BenchmarkRunSpec resolved) {
    Long samples = resolved.getChecks().getMinLatencySamples();
    double seconds = SpecDurations.of(resolved).measurement().toMillis() / 1000.0;
    return samples == null || samples == 0 ? 1 : Math.ceil(samples / seconds);
  }

  /**
   * The probe's spec: the base spec under {@code cpuLimit}, every rate scaled to {@code rate}, and
   * as many load generators as that rate takes ({@link SpecValidator#MAX_RATE_PER_PRODUCER} each):
   * a search that doubles past what the spec's producers drive would otherwise fail its probes at
   * validation, as if the app had failed the rate (51,200 records/s from one producer did).
   */
  public BenchmarkRunSpec probeSpec(String cpuLimit, double rate) {
    BenchmarkRunSpec spec = SERIALIZATION.clone(base);
    spec.setCapacity(null);
    var resources = spec.getApp().getResources();
    var limits =
        resources.getLimits() == null
            ? new HashMap<String, Quantity>()
            : new HashMap<>(resources.getLimits());
    limits.put("cpu", new Quantity(cpuLimit));
    resources.setLimits(limits);
    if (resources.getRequests() != null && resources.getRequests().containsKey("cpu")) {
      var requests = new HashMap<>(resources.getRequests());
      requests.put("cpu", new Quantity(cpuLimit));
      resources.setRequests(requests);
    }
    RateScaling.scale(spec, rate / baseRate);
    int producers = (int) Math.ceil(rate / SpecValidator.MAX_RATE_PER_PRODUCER);
    if (producers > spec.getLoad().getProducers()) {
      spec.getLoad().setProducers(producers);
    }
    return spec;
  }

  /** A probe's name: {@code <run>-p<n>} on Kubernetes. */
  public static String probeName(String runName, int index) {
    return runName + "-p" + index;
  }

  /** A probe's local directory name: {@code 03-cpu1-800}. */
  public static String probeDirectory(int index, String cpuLimit, double rate) {
    return String.format(Locale.ROOT, "%02d-cpu%s-%.0f", index, cpuLimit, rate);
  }

  private static String ownCpuLimit(BenchmarkRunSpec resolved) {
    var limits = resolved.getApp().getResources().getLimits();
    return limits == null || !limits.containsKey("cpu")
        ? SpecDefaulter.APP_CPU
        : limits.get("cpu").toString();
  }

  private static CapacityLimitStatus limitStatus(
      String limit,
      SearchStep.Done done,
      List<CapacityProbeStatus> probes,
      CapacityLimitStatus previous) {
    CapacityLimitStatus status = new CapacityLimitStatus();
    status.setCpuLimit(limit);
    status.setLastPassPerSecond(done.lastPass());
    status.setFirstFailPerSecond(done.firstFail());
    status.setOutcome(done.outcome());
    status.setProbes(probes.size());
    String message = CapacityText.outcome(done, previous);
    Optional<Double> share = CeilingCpuShare.of(limit, done.lastPass(), probes);
    status.setCpuLimitUsedAtCeiling(share.orElse(null));
    Optional<String> note = share.flatMap(CeilingCpuShare::unboundNote);
    status.setMessage(note.isPresent() ? message + "; " + note.get() : message);
    return status;
  }
}
