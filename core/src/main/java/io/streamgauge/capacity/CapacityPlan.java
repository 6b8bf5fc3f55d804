package io.streamgauge.capacity;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.CapacitySpec;
import io.streamgauge.api.spec.SpecDurations;
import io.streamgauge.api.status.CapacityLimitStatus;
import io.streamgauge.api.status.CapacityOutcome;
import io.streamgauge.api.status.CapacityProbeStatus;
import io.streamgauge.platform.AppEnvironment;
import io.streamgauge.scenario.RateScaling;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.validation.SpecValidator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A capacity search over the app's sizes — its CPU limits, or its instance counts — smallest first:
 * each size searched by {@link CapacitySearch}, a larger size starting at the rate the smaller one
 * first failed at and taking the smaller one's last passing rate as passed (more CPU, or more
 * instances, sustain at least as much), and not searched at all when the smaller size already
 * sustained the maximum rate.
 *
 * @param base the run's spec, resolved; its rates are the 1× the probes scale
 * @param sizes the app's sizes in search order
 * @param baseRate the base spec's total input rate, records/s
 * @param settings the first size's settings; later sizes start from their predecessor's result
 */
public record CapacityPlan(
    BenchmarkRunSpec base, List<Size> sizes, double baseRate, SearchSettings settings) {

  /**
   * One size of the app a search probes.
   *
   * @param cpuLimit each instance's CPU limit
   * @param instances how many instances it runs as
   */
  public record Size(String cpuLimit, int instances) {

    /** Whether {@code probe} ran at this size. */
    boolean ran(CapacityProbeStatus probe) {
      return cpuLimit.equals(probe.getCpuLimit()) && instances == instancesOf(probe.getInstances());
    }

    /** {@code CPU limit 1}, or {@code 2 instances of CPU limit 1}. */
    public String describe() {
      return CapacityText.size(cpuLimit, instances);
    }
  }

  /** An instance count as status writes it: absent means 1. */
  static int instancesOf(Integer instances) {
    return instances == null ? 1 : instances;
  }

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  /** The next probe, with the size it runs at. */
  public record NextProbe(Size size, double rate, String step) {}

  /**
   * Where a search stands after its ended probes.
   *
   * @param limits each size whose search ended, in order
   * @param next the probe to run next; empty once every size's search ended
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
    List<Integer> counts =
        capacity.getInstances() == null || capacity.getInstances().isEmpty()
            ? List.of(AppEnvironment.replicas(resolved))
            : List.copyOf(capacity.getInstances());
    List<Size> sizes = new ArrayList<>();
    for (int count : counts) {
      for (String limit : limits) {
        sizes.add(new Size(limit, count));
      }
    }
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
    return new CapacityPlan(SERIALIZATION.clone(resolved), List.copyOf(sizes), baseRate, settings);
  }

  /** Where the search stands after {@code probes} (those not ended are ignored). */
  public Progress progress(List<CapacityProbeStatus> probes) {
    List<CapacityLimitStatus> ended = new ArrayList<>();
    SearchSettings current = settings;
    for (Size size : sizes) {
      List<CapacityProbeStatus> judged = new ArrayList<>();
      for (CapacityProbeStatus probe : probes) {
        if (size.ran(probe) && probe.getPassed() != null) {
          judged.add(probe);
        }
      }
      List<ProbeVerdict> verdicts = judged.stream().map(ProbeVerdict::of).toList();
      CapacityLimitStatus previous = ended.isEmpty() ? null : ended.get(ended.size() - 1);
      if (previous != null && previous.getOutcome() == CapacityOutcome.AtMaxRate) {
        SearchStep.Done inherited =
            new SearchStep.Done(previous.getLastPassPerSecond(), null, CapacityOutcome.AtMaxRate);
        CapacityLimitStatus status = limitStatus(size, inherited, List.of(), previous);
        status.setMessage(CapacityText.notSearched(previous));
        ended.add(status);
        continue;
      }
      SearchStep step = CapacitySearch.next(current, verdicts);
      if (step instanceof SearchStep.Probe probe) {
        return new Progress(
            List.copyOf(ended), Optional.of(new NextProbe(size, probe.rate(), probe.step())));
      }
      SearchStep.Done done = (SearchStep.Done) step;
      CapacityLimitStatus status = limitStatus(size, done, judged, previous);
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
   * The probe's spec: the base spec at {@code size} (each instance's CPU limit, the instance
   * count), every rate scaled to {@code rate}, and as many load generators as that rate takes
   * ({@link SpecValidator#MAX_RATE_PER_PRODUCER} each): a search that doubles past what the spec's
   * producers drive would otherwise fail its probes at validation, as if the app had failed the
   * rate (51,200 records/s from one producer did).
   */
  public BenchmarkRunSpec probeSpec(Size size, double rate) {
    String cpuLimit = size.cpuLimit();
    BenchmarkRunSpec spec = SERIALIZATION.clone(base);
    spec.setCapacity(null);
    spec.getApp().setReplicas(size.instances());
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

  /** A probe's local directory name: {@code 03-cpu1-800}, of 2 instances {@code 03-2x-cpu1-800}. */
  public static String probeDirectory(int index, Size size, double rate) {
    return size.instances() == 1
        ? String.format(Locale.ROOT, "%02d-cpu%s-%.0f", index, size.cpuLimit(), rate)
        : String.format(
            Locale.ROOT, "%02d-%dx-cpu%s-%.0f", index, size.instances(), size.cpuLimit(), rate);
  }

  private static String ownCpuLimit(BenchmarkRunSpec resolved) {
    var limits = resolved.getApp().getResources().getLimits();
    return limits == null || !limits.containsKey("cpu")
        ? SpecDefaulter.APP_CPU
        : limits.get("cpu").toString();
  }

  private static CapacityLimitStatus limitStatus(
      Size size,
      SearchStep.Done done,
      List<CapacityProbeStatus> probes,
      CapacityLimitStatus previous) {
    CapacityLimitStatus status = new CapacityLimitStatus();
    status.setCpuLimit(size.cpuLimit());
    status.setInstances(size.instances() == 1 ? null : size.instances());
    status.setLastPassPerSecond(done.lastPass());
    status.setFirstFailPerSecond(done.firstFail());
    status.setOutcome(done.outcome());
    status.setProbes(probes.size());
    String message = CapacityText.outcome(done, previous);
    Optional<Double> share = CeilingCpuShare.of(size, done.lastPass(), probes);
    status.setCpuLimitUsedAtCeiling(share.orElse(null));
    Optional<String> note = share.flatMap(CeilingCpuShare::unboundNote);
    status.setMessage(note.isPresent() ? message + "; " + note.get() : message);
    return status;
  }
}
