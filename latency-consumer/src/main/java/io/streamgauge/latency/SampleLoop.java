package io.streamgauge.latency;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One sampling task (a question to Kafka's admin API) run on a daemon thread of its own, now and
 * then at a fixed delay, until closed. A sample that fails is said once per new problem, never
 * thrown: the next one may succeed.
 */
final class SampleLoop implements AutoCloseable {

  /** One sample: asks, and keeps what it learned. */
  @FunctionalInterface
  interface Sample {
    void take() throws ExecutionException, InterruptedException, TimeoutException;
  }

  private static final int CLOSE_SECONDS = 5;

  private final String cannot;
  private final PrintStream log;
  private final ScheduledExecutorService executor;
  private String lastProblem;

  /**
   * @param thread the thread's name
   * @param cannot what a failed sample could not do, e.g. {@code cannot sample the app's input lag}
   */
  SampleLoop(String thread, String cannot, PrintStream log) {
    this.cannot = cannot;
    this.log = log;
    this.executor =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, thread);
              t.setDaemon(true);
              return t;
            });
  }

  /** Takes {@code sample} now and then every {@code every} until {@link #close}. */
  void start(Duration every, Sample sample) {
    executor.scheduleWithFixedDelay(
        () -> takeQuietly(sample), 0, every.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void takeQuietly(Sample sample) {
    try {
      sample.take();
      lastProblem = null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      String problem =
          e instanceof ExecutionException && e.getCause() != null
              ? e.getCause().toString()
              : e.toString();
      if (!problem.equals(lastProblem)) {
        log.println("latency-consumer: " + cannot + ": " + problem);
        lastProblem = problem;
      }
    }
  }

  /** Stops sampling, waiting a few seconds for a sample under way. */
  @Override
  public void close() {
    executor.shutdownNow();
    try {
      executor.awaitTermination(CLOSE_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
