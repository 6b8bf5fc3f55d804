package io.streamgauge.common;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds a program the command starts (Prometheus, the schema registry) where a user who followed
 * the README has it, in this order: beside the {@code streamgauge} command ({@code <home>/bin}), on
 * the {@code PATH}, then in the {@code bin/} of the checkout the command was built in ({@code make
 * tools} puts them there; the distribution is {@code <checkout>/cli/target/streamgauge}).
 *
 * @param found the program, or empty when none of the places holds it
 * @param looked every place looked at, in order, for the message that says it was not found
 */
public record ExecutableLookup(Optional<Path> found, List<String> looked) {

  /** The system property {@code bin/streamgauge} sets to the distribution's directory. */
  public static final String HOME_PROPERTY = "streamgauge.home";

  public ExecutableLookup {
    looked = List.copyOf(looked);
  }

  /**
   * {@code name} looked for from the distribution {@code System.getProperty("streamgauge.home")}.
   */
  public static ExecutableLookup of(String name, Map<String, String> env) {
    String home = System.getProperty(HOME_PROPERTY);
    return of(name, env, home == null || home.isBlank() ? null : Path.of(home));
  }

  /** {@code name} looked for from the distribution {@code home} (null when run without one). */
  public static ExecutableLookup of(String name, Map<String, String> env, Path home) {
    List<String> looked = new ArrayList<>();
    if (home != null) {
      Path beside = home.resolve("bin").resolve(name);
      looked.add(beside.toString());
      if (Files.isExecutable(beside)) {
        return new ExecutableLookup(Optional.of(beside), looked);
      }
    }
    looked.add("the PATH");
    Optional<Path> onPath = ExecutableOnPath.find(name, env);
    if (onPath.isPresent()) {
      return new ExecutableLookup(onPath, looked);
    }
    Optional<Path> checkout = checkout(home);
    if (checkout.isPresent()) {
      Path built = checkout.get().resolve("bin").resolve(name);
      looked.add(built.toString());
      if (Files.isExecutable(built)) {
        return new ExecutableLookup(Optional.of(built), looked);
      }
    }
    return new ExecutableLookup(Optional.empty(), looked);
  }

  /** "looked at A, B and the PATH", for a message. */
  public String whereLooked() {
    return "looked at "
        + (looked.size() == 1
            ? looked.get(0)
            : String.join(", ", looked.subList(0, looked.size() - 1))
                + " and "
                + looked.get(looked.size() - 1));
  }

  /** The checkout a distribution at {@code <checkout>/cli/target/streamgauge} was built in. */
  private static Optional<Path> checkout(Path home) {
    if (home == null) {
      return Optional.empty();
    }
    Path candidate = home.toAbsolutePath().normalize().getParent();
    for (int i = 0; i < 2 && candidate != null; i++) {
      candidate = candidate.getParent();
    }
    return candidate != null
            && Files.isRegularFile(candidate.resolve("Makefile"))
            && home.toAbsolutePath().normalize().startsWith(candidate.resolve("cli"))
        ? Optional.of(candidate)
        : Optional.empty();
  }
}
