package io.streamgauge.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The {@code streamgauge} command as a user runs it: the distribution's {@code bin/streamgauge}
 * (built by {@code package}) in a process of its own, output to files. Remembers every descendant
 * process it has seen, so a test can check that none is left behind.
 */
final class CliProcess implements AutoCloseable {

  private final Process process;
  private final Path stdout;
  private final Path stderr;
  private final Map<Long, Seen> seen = new LinkedHashMap<>();

  /** A descendant process and its command line when it was first seen. */
  record Seen(ProcessHandle handle, String commandLine) {
    boolean isAlive() {
      return handle.isAlive();
    }
  }

  private CliProcess(Process process, Path stdout, Path stderr) {
    this.process = process;
    this.stdout = stdout;
    this.stderr = stderr;
  }

  /** The distribution directory ({@code cli/target/streamgauge}). */
  static Path distribution() {
    String dir = System.getProperty("streamgauge.dist.dir");
    if (dir == null || !Files.isExecutable(Path.of(dir, "bin", "streamgauge"))) {
      throw new IllegalStateException(
          "the streamgauge distribution is missing: run `mvn -pl cli -am package` (the E2E tests"
              + " run in `verify`, after `package`)");
    }
    return Path.of(dir);
  }

  /** A file of the repository, e.g. {@code examples/run-wordcount-eos.yaml}. */
  static Path repoFile(String relative) {
    return Path.of(System.getProperty("streamgauge.repo.dir", "..")).resolve(relative);
  }

  /** Starts {@code streamgauge <args>}, logging into {@code dir}. */
  static CliProcess start(Path dir, List<String> args) throws IOException {
    return start(dir, args, Map.of());
  }

  /** Starts {@code streamgauge <args>} with extra environment variables. */
  static CliProcess start(Path dir, List<String> args, Map<String, String> env) throws IOException {
    Files.createDirectories(dir);
    List<String> command = new ArrayList<>();
    // SIGINT as a terminal gives it: a make test started in the background of a shell without job
    // control inherits SIGINT ignored, and the Ctrl-C test would then send it to no effect.
    command.add("env");
    command.add("--default-signal=INT");
    command.add(distribution().resolve("bin/streamgauge").toString());
    command.addAll(args);
    Path out = dir.resolve("cli.stdout");
    Path err = dir.resolve("cli.stderr");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    builder.environment().putAll(env);
    return new CliProcess(builder.start(), out, err);
  }

  /** Runs {@code streamgauge <args>} to its end (at most {@code timeout}). */
  static CliProcess run(Path dir, Duration timeout, String... args)
      throws IOException, InterruptedException {
    CliProcess cli = start(dir, List.of(args));
    cli.awaitExit(timeout);
    return cli;
  }

  /**
   * Waits for the command to end and returns its exit code; fails the test after {@code timeout}.
   */
  int awaitExit(Duration timeout) throws InterruptedException {
    Instant deadline = Instant.now().plus(timeout);
    while (process.isAlive()) {
      remember();
      if (Instant.now().isAfter(deadline)) {
        process.destroyForcibly();
        throw new AssertionError(
            "streamgauge did not end within "
                + timeout
                + "\nstdout:\n"
                + stdout()
                + "\nstderr:\n"
                + stderr());
      }
      process.waitFor(200, TimeUnit.MILLISECONDS);
    }
    return process.exitValue();
  }

  /** Waits until stdout contains {@code text}; fails the test after {@code timeout}. */
  void awaitOutput(String text, Duration timeout) throws InterruptedException {
    Instant deadline = Instant.now().plus(timeout);
    while (!stdout().contains(text)) {
      remember();
      if (!process.isAlive() || Instant.now().isAfter(deadline)) {
        throw new AssertionError(
            "no '" + text + "' in the output\nstdout:\n" + stdout() + "\nstderr:\n" + stderr());
      }
      Thread.sleep(200);
    }
    remember();
  }

  /** The exit code; only once ended. */
  int exitCode() {
    return process.exitValue();
  }

  /** The CLI's own process. */
  ProcessHandle handle() {
    return process.toHandle();
  }

  /** A live descendant whose command line contains {@code text}. */
  Optional<ProcessHandle> descendant(String text) {
    remember();
    return process.descendants().filter(p -> commandLine(p).contains(text)).findFirst();
  }

  /** Every descendant seen so far (still alive or not). */
  List<Seen> seenDescendants() {
    remember();
    return List.copyOf(seen.values());
  }

  String stdout() {
    return read(stdout);
  }

  String stderr() {
    return read(stderr);
  }

  /**
   * Records the current descendants, so none escapes the leftover check by exiting early. A child
   * caught while it is being spawned shows its parent's command line (between clone and exec) or
   * the JDK's {@code jspawnhelper}, then {@code setsid} or {@code taskset} before the program they
   * exec: the latest command line read is kept, the one a process ends up with.
   */
  void remember() {
    process
        .descendants()
        .forEach(
            p ->
                seen.merge(
                    p.pid(),
                    new Seen(p, commandLine(p)),
                    (first, now) -> now.commandLine().isEmpty() ? first : now));
  }

  static String commandLine(ProcessHandle p) {
    return p.info().commandLine().orElse(p.info().command().orElse(""));
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      process.destroyForcibly();
    }
    seen.values().stream()
        .map(Seen::handle)
        .filter(ProcessHandle::isAlive)
        .forEach(ProcessHandle::destroyForcibly);
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return "";
    }
  }
}
