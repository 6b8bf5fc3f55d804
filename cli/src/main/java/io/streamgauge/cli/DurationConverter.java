package io.streamgauge.cli;

import io.streamgauge.common.SpecDuration;
import java.time.Duration;
import picocli.CommandLine;

/** Reads a duration option in the spec's notation: {@code 30s}, {@code 10m}, {@code 1h30m}. */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

  @Override
  public Duration convert(String value) {
    try {
      Duration duration = SpecDuration.parse(value);
      if (duration.isZero()) {
        throw new CommandLine.TypeConversionException("'" + value + "' must be longer than 0s");
      }
      return duration;
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException(e.getMessage());
    }
  }
}
