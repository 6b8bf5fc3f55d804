package io.streamgauge.platform.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A watchdog process that stops the run's children if the CLI dies without stopping them (killed
 * with SIGKILL, out of memory): a small shell script in a session of its own, told each child's pid
 * on its stdin. When that pipe closes — the CLI is gone, however it went — it sends SIGTERM to
 * every child's process group still registered, and SIGKILL 10 s later. A CLI that stops its
 * children itself deregisters them first, so the guard then has nothing to do.
 */
public final class ProcessGuard implements AutoCloseable {

  private static final String SCRIPT = "/io/streamgauge/platform/local/process-guard.sh";

  private final Process guard;
  private final OutputStream pids;

  private ProcessGuard(Process guard) {
    this.guard = guard;
    this.pids = guard.getOutputStream();
  }

  /** Starts the watchdog. */
  public static ProcessGuard start() {
    try (InputStream in = ProcessGuard.class.getResourceAsStream(SCRIPT)) {
      if (in == null) {
        throw new IllegalStateException(SCRIPT + " is missing from the class path");
      }
      String script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      Process process =
          new ProcessBuilder(List.of(ChildProcess.SETSID, "bash", "-c", script))
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      return new ProcessGuard(process);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the process guard: " + e.getMessage(), e);
    }
  }

  /** The watchdog's pid (for tests). */
  public long pid() {
    return guard.pid();
  }

  /** Registers a child (the leader of its own process group). */
  synchronized void watch(long pid) {
    send("+ " + pid);
  }

  /** Deregisters a child that has been stopped. */
  synchronized void forget(long pid) {
    send("- " + pid);
  }

  /** Ends the watchdog; children still registered are stopped by it. */
  @Override
  public synchronized void close() {
    try {
      pids.close();
    } catch (IOException e) {
      // the watchdog is gone already
    }
  }

  private void send(String line) {
    try {
      pids.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
      pids.flush();
    } catch (IOException e) {
      // The watchdog died: the CLI still stops its children itself; only the kill -9 case is lost.
    }
  }
}
