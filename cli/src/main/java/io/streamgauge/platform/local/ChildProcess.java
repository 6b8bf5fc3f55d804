package io.streamgauge.platform.local;

import io.streamgauge.platform.ComponentStatus;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * One process of a local run (broker, app, client, Prometheus), its output in a log file. Each is
 * started in a session of its own ({@code setsid}): the terminal's Ctrl-C reaches only the CLI,
 * which then reads what it can and stops the children in order, instead of every process dying at
 * once. Each is registered with the {@link ProcessGuard}, so none outlives a killed CLI.
 */
public final class ChildProcess {

  /** util-linux's setsid, on every Debian machine. */
  static final String SETSID = "setsid";

  private final String name;
  private final Process process;
  private final Path log;
  private final ProcessGuard guard;
  private final Instant startedAt;

  private ChildProcess(
      String name, Process process, Path log, ProcessGuard guard, Instant startedAt) {
    this.name = name;
    this.process = process;
    this.log = log;
    this.guard = guard;
    this.startedAt = startedAt;
  }

  /**
   * Starts {@code command}.
   *
   * @param name what it is, for messages (e.g. {@code app})
   * @param env variables added to this process's environment
   * @param log where stdout and stderr go (created, or appended to)
   * @throws IOException when the command cannot be started
   */
  public static ChildProcess start(
      String name, List<String> command, Map<String, String> env, Path log, ProcessGuard guard)
      throws IOException {
    Files.createDirectories(log.toAbsolutePath().getParent());
    List<String> full = new ArrayList<>();
    full.add(SETSID);
    full.addAll(command);
    ProcessBuilder builder =
        new ProcessBuilder(full)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    builder.environment().putAll(env);
    Instant startedAt = Instant.now();
    Process process = builder.start();
    guard.watch(process.pid());
    return new ChildProcess(name, process, log, guard, startedAt);
  }

  /** What it is, e.g. {@code app}. */
  public String name() {
    return name;
  }

  /** When it was started (just before the fork). */
  public Instant startedAt() {
    return startedAt;
  }

  /** Its process id. */
  public long pid() {
    return process.pid();
  }

  /** Its log file. */
  public Path log() {
    return log;
  }

  /** Runs {@code action} once it has exited (at once if it already has), on another thread. */
  public void onExit(Runnable action) {
    process.onExit().thenRun(action);
  }

  /** True while it runs. */
  public boolean isAlive() {
    return process.isAlive();
  }

  /** Its exit code once it has exited. */
  public OptionalInt exitCode() {
    return process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
  }

  /** Waits up to {@code timeout} for it to exit; true when it did. */
  public boolean awaitExit(Duration timeout) throws InterruptedException {
    return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** {@code process <name> (pid N)}, the object of a failure message. */
  public String describe() {
    return "process " + name + " (pid " + pid() + ")";
  }

  /**
   * {@code exited with code C: <last log line> (log <file>)}, the reason of a failure message. Only
   * meaningful once it has exited.
   */
  public String exitReason() {
    String last = lastLines(1);
    return "exited with code "
        + exitCode().orElse(-1)
        + (last.isBlank() ? "" : ": " + last.strip())
        + " (log "
        + log
        + ")";
  }

  /** Failed, with {@link #describe} and {@link #exitReason}. */
  public ComponentStatus.Failed failed() {
    return new ComponentStatus.Failed(describe(), exitReason());
  }

  /** The last {@code count} lines of its log (at most the last 64 KiB are read). */
  public String lastLines(int count) {
    try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
      long start = Math.max(0, file.length() - 65_536);
      byte[] bytes = new byte[(int) (file.length() - start)];
      file.seek(start);
      file.readFully(bytes);
      List<String> lines =
          new String(bytes, StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
      return String.join("\n", lines.subList(Math.max(0, lines.size() - count), lines.size()));
    } catch (IOException e) {
      return "";
    }
  }

  /**
   * Kills it and its descendants at once (SIGKILL, no grace: a crash, as a fault injects it) and
   * waits for it to exit.
   *
   * @throws IOException when it has not exited 10 s later
   */
  public void kill() throws IOException {
    List<ProcessHandle> descendants = process.descendants().toList();
    process.destroyForcibly();
    descendants.forEach(ProcessHandle::destroyForcibly);
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        throw new IOException(describe() + " did not exit 10 s after SIGKILL");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while killing " + describe(), e);
    }
    guard.forget(process.pid());
  }

  /**
   * Sends {@code signal} (e.g. {@code STOP}, {@code CONT}) to it and its descendants, with {@code
   * kill(1)}.
   *
   * @throws IOException when kill fails
   */
  public void signal(String signal) throws IOException {
    List<String> command = new ArrayList<>(List.of("kill", "-s", signal, String.valueOf(pid())));
    process.descendants().forEach(d -> command.add(String.valueOf(d.pid())));
    Process kill = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
        throw new IOException(
            String.join(" ", command)
                + " failed: "
                + new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted: " + String.join(" ", command), e);
    }
  }

  /**
   * Stops it: SIGTERM to it and its descendants, then SIGKILL after {@code grace}. Returns once it
   * has exited; safe to call again.
   */
  public void stop(Duration grace) {
    List<ProcessHandle> descendants = process.descendants().toList();
    if (process.isAlive()) {
      process.destroy();
      descendants.forEach(ProcessHandle::destroy);
      try {
        if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
          process.destroyForcibly();
          process.waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
    descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    guard.forget(process.pid());
  }
}
