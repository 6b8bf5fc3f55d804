package io.streamgauge.platform.local;

import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * This machine's speed now, as one fixed piece of work measures it: one thread counting words into
 * a 100,000-entry hash map (allocation, hashing and cache misses, as a stream app's record path
 * has), in a fresh JVM pinned to the cores an app of the given limit runs on ({@link CpuPinning}),
 * after a warm-up that lets the JIT compile the loop. The figure is millions of words counted per
 * second; it means nothing alone, only beside another taken on the same machine: a capacity search
 * takes one before each probe, so two searches an hour apart show how much the machine (a virtual
 * machine's host, its neighbours) changed between them.
 */
public final class MachineSpeed {

  /** The warm-up before the timed part: the JIT compiles the loop. */
  public static final Duration WARMUP = Duration.ofSeconds(2);

  /** The timed part of a capacity search's calibration. */
  public static final Duration MEASURED = Duration.ofSeconds(5);

  private static final List<String> JVM_OPTIONS =
      List.of("-Xms256m", "-Xmx256m", "-XX:+UseSerialGC");
  private static final Duration SLACK = Duration.ofSeconds(30);

  private MachineSpeed() {}

  /**
   * One calibration.
   *
   * @param millionWordsPerSecond the figure: millions of words counted per second
   * @param words the words counted in the timed part
   * @param seconds how long the timed part took
   */
  public record Reading(double millionWordsPerSecond, long words, double seconds) {}

  /**
   * Measures in a child JVM pinned like an app limited by {@code resources}.
   *
   * @param processors this machine's processors
   * @return millions of words counted per second
   * @throws IOException when the child could not run or printed no figure
   */
  public static double measure(ResourceRequirements resources, int processors, Duration measured)
      throws IOException {
    return read(resources, processors, measured).millionWordsPerSecond();
  }

  /** {@link #measure}, with the words and seconds the figure divides. */
  static Reading read(ResourceRequirements resources, int processors, Duration measured)
      throws IOException {
    List<String> command = new ArrayList<>(CpuPinning.prefix(resources, processors));
    command.addAll(
        JavaCommand.of(
            CalibrationWorkload.class.getName(),
            JVM_OPTIONS,
            List.of(Long.toString(WARMUP.toMillis()), Long.toString(measured.toMillis()))));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(JavaCommand.classPath());
    Process process = builder.start();
    try {
      Duration timeout = WARMUP.plus(measured).plus(SLACK);
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new IOException("the calibration did not end within " + timeout);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      String[] fields = output.strip().split(" ");
      if (process.exitValue() != 0 || fields.length != 3) {
        throw new NumberFormatException();
      }
      return new Reading(
          Double.parseDouble(fields[0]), Long.parseLong(fields[1]), Double.parseDouble(fields[2]));
    } catch (NumberFormatException e) {
      throw new IOException(
          "the calibration ("
              + String.join(" ", command)
              + ") ended "
              + process.exitValue()
              + ": "
              + output.strip());
    }
  }
}
