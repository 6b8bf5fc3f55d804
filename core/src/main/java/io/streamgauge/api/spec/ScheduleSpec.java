package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.streamgauge.common.SpecDuration;
import java.time.Duration;
import lombok.Getter;
import lombok.Setter;

/** The run's time windows. Durations are written like 30s, 10m or 1h30m. */
@ValidationRule(
    value =
        "!has(self.warmup) || !has(self.measurement) || !has(self.timeout)"
            + " || duration(self.warmup) + duration(self.measurement)"
            + " + (has(self.catchUp) ? duration(self.catchUp) : duration('0s'))"
            + " < duration(self.timeout)",
    message = "timeout must be longer than catchUp + warmup + measurement")
@Getter
@Setter
public class ScheduleSpec {

  /** Go-style duration of hours, minutes and seconds, at least one of them. */
  static final String DURATION = SpecDuration.PATTERN;

  /**
   * How long, in seconds, the app's input lag must stay within its bound before the catch-up lets
   * the warmup start, unless {@code catchUpHold} says otherwise: a fresh app keeps up for its first
   * seconds and falls behind while its code is compiled, and 30 s outlasts that by twice (why:
   * docs/guides/capacity.md#each-probe-starts-level).
   */
  public static final int DEFAULT_CATCH_UP_HOLD_SECONDS = 30;

  @Pattern(DURATION)
  @ValidationRule(value = SpecDuration.AT_MOST_MAX_RULE, message = SpecDuration.AT_MOST_MAX_MESSAGE)
  @Size(max = 20)
  @JsonPropertyDescription(
      "Load runs this long before measurement starts (JIT, GC, lag catch-up). Default 10m.")
  private String warmup;

  @Pattern(DURATION)
  @ValidationRule(value = SpecDuration.AT_MOST_MAX_RULE, message = SpecDuration.AT_MOST_MAX_MESSAGE)
  @Size(max = 20)
  @JsonPropertyDescription(
      "Before the warmup starts, wait up to this long for the app to catch up with its input:"
          + " until the input lag its consumer group committed is at most"
          + " checks.maxBacklogAtStartSeconds of the target rate and has stayed there for"
          + " catchUpHold. A fresh app starts behind (JVM start, JIT, first rebalance) and drains that backlog at its own pace; a fixed warmup"
          + " that ends before the drain does measures the drain, not the rate. Past it the"
          + " catch-up waits on only while the app still drains: its lag falling, with time left"
          + " to hold the bound before twice catchUp after the load started (less"
          + " where the timeout needs the time for the windows and drainTimeout; status.catchUp"
          + " keeps the readings). Then the warmup starts anyway, and the backlogAtStart and"
          + " catchUp checks judge the window. Unset: the warmup starts as soon as the load runs;"
          + " 2m for a capacity search's probes.")
  private String catchUp;

  @Pattern(DURATION)
  @ValidationRule(value = SpecDuration.AT_MOST_MAX_RULE, message = SpecDuration.AT_MOST_MAX_MESSAGE)
  @Size(max = 20)
  @JsonPropertyDescription(
      "With catchUp: how long the app's input lag must stay within its bound before the warmup"
          + " starts. Default "
          + DEFAULT_CATCH_UP_HOLD_SECONDS
          + "s, sized for a fresh JVM near its ceiling, which keeps up for its first seconds and"
          + " falls behind while its code is compiled. An app far below its ceiling drains its start in a second or two; a shorter"
          + " hold then starts the warmup sooner. More than 0s and at most catchUp.")
  private String catchUpHold;

  @Pattern(DURATION)
  @ValidationRule(value = SpecDuration.AT_MOST_MAX_RULE, message = SpecDuration.AT_MOST_MAX_MESSAGE)
  @Size(max = 20)
  @JsonPropertyDescription(
      "With a catchUp at least catchUpHold longer: the load rises linearly from nothing to its rate over"
          + " this long after it starts, so a fresh app compiles its hot paths at a fraction of the"
          + " rate instead of building a start-up backlog at the full rate it then has to drain."
          + " The catch-up's hold counts only from the ramp's end, so the warmup and the window run at the full"
          + " rate. Records keep their intended send times along the ramp (latency stays free of"
          + " coordinated omission). Unset: the full rate from the start; 30s for a capacity"
          + " search's probes.")
  private String rampUp;

  @Pattern(DURATION)
  @ValidationRule(value = SpecDuration.AT_MOST_MAX_RULE, message = SpecDuration.AT_MOST_MAX_MESSAGE)
  @Size(max = 20)
  @JsonPropertyDescription(
      "Length of the measurement window; every figure covers exactly this window. Default 10m."
          + " For state-restoration, the longest the restoration may take (the window is the"
          + " restoration itself); longer fails the run with Timeout.")
  private String measurement;

  @Pattern(DURATION)
  @ValidationRule(value = SpecDuration.AT_MOST_MAX_RULE, message = SpecDuration.AT_MOST_MAX_MESSAGE)
  @Size(max = 20)
  @JsonPropertyDescription(
      "The run fails with Timeout if it has not succeeded this long after it started. It bounds"
          + " Collecting too: at the timeout nothing more is awaited (the window's tail is then"
          + " reported with complete: false) and what can be collected is; what cannot fails the"
          + " run, keeping what was measured. Default 45m.")
  private String timeout;

  @Pattern(DURATION)
  @ValidationRule(value = SpecDuration.AT_MOST_MAX_RULE, message = SpecDuration.AT_MOST_MAX_MESSAGE)
  @Size(max = 20)
  @JsonPropertyDescription(
      "How long Collecting waits after the window for every output partition to deliver a record"
          + " stamped after the window's end, so the window's slowest records are counted. Past"
          + " it (or past the run's timeout) the latency is reported with complete: false and the"
          + " partitions still behind. Default 3m.")
  private String drainTimeout;

  /**
   * The longest the load runs until the window ends: catchUp (when set) + warmup + measurement, all
   * of which must be set.
   */
  @JsonIgnore
  public Duration catchUpAndWindows() {
    return (catchUp == null ? Duration.ZERO : SpecDuration.parse(catchUp))
        .plus(SpecDuration.parse(warmup))
        .plus(SpecDuration.parse(measurement));
  }

  /** How long the catch-up holds the lag's bound: catchUpHold, or its default. */
  @JsonIgnore
  public Duration catchUpHoldOrDefault() {
    return catchUpHold == null
        ? Duration.ofSeconds(DEFAULT_CATCH_UP_HOLD_SECONDS)
        : SpecDuration.parse(catchUpHold);
  }

  /** The shortest catchUp a ramp-up of {@code rampUp} leaves room in: the ramp, then the hold. */
  public Duration leastCatchUpFor(Duration rampUp) {
    return rampUp.plus(catchUpHoldOrDefault());
  }
}
