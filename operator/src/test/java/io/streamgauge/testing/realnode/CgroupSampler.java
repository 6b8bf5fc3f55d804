package io.streamgauge.testing.realnode;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Samples a container's CPU time, CFS throttling and working set from its cgroup every {@value
 * #PERIOD_MS} ms on its own thread, so a window's figures can be computed from the kernel's
 * counters and compared with what Prometheus and cAdvisor made of them.
 */
public final class CgroupSampler implements AutoCloseable {

  private static final long PERIOD_MS = 500;

  /** One reading. */
  private record Sample(
      Instant at, long cpuNanos, long workingSetBytes, ContainerCgroup.CfsCounters cfs) {}

  private final ContainerCgroup cgroup;
  private final List<Sample> samples = new ArrayList<>();
  private final Thread thread;

  private CgroupSampler(ContainerCgroup cgroup) {
    this.cgroup = cgroup;
    this.thread = new Thread(this::loop, "cgroup-sampler");
    thread.setDaemon(true);
  }

  /** Starts sampling {@code cgroup}. */
  public static CgroupSampler start(ContainerCgroup cgroup) {
    CgroupSampler sampler = new CgroupSampler(cgroup);
    sampler.thread.start();
    return sampler;
  }

  private void loop() {
    while (!Thread.currentThread().isInterrupted()) {
      try {
        Sample sample =
            new Sample(
                Instant.now(),
                cgroup.cpuUsageNanos(),
                cgroup.workingSetBytes(),
                cgroup.cfsCounters());
        synchronized (samples) {
          samples.add(sample);
        }
        Thread.sleep(PERIOD_MS);
      } catch (InterruptedException e) {
        return;
      } catch (UncheckedIOException e) {
        return; // the container is gone
      }
    }
  }

  /** Average CPU cores used from {@code start} to {@code end}, the counter interpolated there. */
  public double cpuCores(Instant start, Instant end) {
    double nanos = cpuNanosAt(end) - cpuNanosAt(start);
    return nanos / Duration.between(start, end).toNanos();
  }

  /**
   * The share of the CFS periods from the last sample at or before {@code start} to the first at or
   * after {@code end} in which the container was throttled.
   */
  public double throttledShare(Instant start, Instant end) {
    List<Sample> all = snapshot();
    Sample first =
        all.stream()
            .filter(s -> !s.at().isAfter(start))
            .reduce((a, b) -> b)
            .orElseThrow(() -> new IllegalStateException("no sample before " + start));
    Sample last =
        all.stream()
            .filter(s -> !s.at().isBefore(end))
            .findFirst()
            .orElseThrow(() -> new IllegalStateException("no sample after " + end));
    long periods = last.cfs().periods() - first.cfs().periods();
    long throttled = last.cfs().throttledPeriods() - first.cfs().throttledPeriods();
    return periods == 0 ? 0 : (double) throttled / periods;
  }

  /** Mean working set of the samples taken from {@code start} to {@code end}. */
  public double meanWorkingSetBytes(Instant start, Instant end) {
    return snapshot().stream()
        .filter(s -> !s.at().isBefore(start) && !s.at().isAfter(end))
        .mapToLong(Sample::workingSetBytes)
        .average()
        .orElseThrow(() -> new IllegalStateException("no sample from " + start + " to " + end));
  }

  /** Highest working set of the samples taken from {@code start} to {@code end}. */
  public long maxWorkingSetBytes(Instant start, Instant end) {
    return snapshot().stream()
        .filter(s -> !s.at().isBefore(start) && !s.at().isAfter(end))
        .mapToLong(Sample::workingSetBytes)
        .max()
        .orElseThrow(() -> new IllegalStateException("no sample from " + start + " to " + end));
  }

  /** When the first sample was taken; empty before. */
  public Optional<Instant> firstSampleAt() {
    return snapshot().stream().findFirst().map(Sample::at);
  }

  private double cpuNanosAt(Instant t) {
    List<Sample> all = snapshot();
    for (int i = 1; i < all.size(); i++) {
      Sample before = all.get(i - 1);
      Sample after = all.get(i);
      if (!before.at().isAfter(t) && !after.at().isBefore(t)) {
        double span = Duration.between(before.at(), after.at()).toNanos();
        double fraction = span == 0 ? 0 : Duration.between(before.at(), t).toNanos() / span;
        return before.cpuNanos() + fraction * (after.cpuNanos() - before.cpuNanos());
      }
    }
    throw new IllegalStateException(
        "no samples around " + t + " (" + all.size() + " samples, sampling started late?)");
  }

  private List<Sample> snapshot() {
    synchronized (samples) {
      return List.copyOf(samples);
    }
  }

  @Override
  public void close() throws InterruptedException {
    thread.interrupt();
    thread.join(2000);
  }
}
