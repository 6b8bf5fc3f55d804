package io.streamgauge.apps;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.processor.StateRestoreListener;

/**
 * Knows when every store is restored: the client is RUNNING and every changelog partition that held
 * records when the app started has finished restoring (its restore listener's end). The client's
 * RUNNING alone is not enough: with the state updater, stream threads run while their tasks still
 * restore. Counts the records restored and measures the state directory's bytes.
 */
final class RestorationTracker implements StateRestoreListener {

  private final Set<TopicPartition> toRestore;
  private final Supplier<KafkaStreams.State> state;
  private final Path stateDirectory;
  private final Set<TopicPartition> ended = ConcurrentHashMap.newKeySet();
  private final AtomicLong records = new AtomicLong();
  private volatile long restoredAtMs = -1;
  private volatile long lastStateBytes;

  /**
   * @param toRestore the changelog partitions that held records before the app started
   * @param state the client's state
   * @param stateDirectory this application's directory under {@code state.dir}
   */
  RestorationTracker(
      Set<TopicPartition> toRestore, Supplier<KafkaStreams.State> state, Path stateDirectory) {
    this.toRestore = Set.copyOf(toRestore);
    this.state = state;
    this.stateDirectory = stateDirectory;
  }

  @Override
  public void onRestoreStart(
      TopicPartition partition, String store, long startingOffset, long endingOffset) {}

  @Override
  public void onBatchRestored(
      TopicPartition partition, String store, long batchEndOffset, long numRestored) {
    records.addAndGet(numRestored);
  }

  @Override
  public void onRestoreEnd(TopicPartition partition, String store, long totalRestored) {
    ended.add(partition);
  }

  /** True once every store is restored; the first true answer stamps the moment. */
  boolean restored() {
    if (restoredAtMs >= 0) {
      return true;
    }
    if (state.get() != KafkaStreams.State.RUNNING || !ended.containsAll(toRestore)) {
      return false;
    }
    restoredAtMs = System.currentTimeMillis();
    return true;
  }

  /** What is left, for the readiness answer. */
  String progress() {
    long left = toRestore.stream().filter(p -> !ended.contains(p)).count();
    return state.get()
        + ", "
        + left
        + " of "
        + toRestore.size()
        + " changelog partition(s) to restore, "
        + records.get()
        + " record(s) restored";
  }

  /** Records restored so far. */
  long records() {
    return records.get();
  }

  /** Seconds from the JVM's start to every store restored, or -1 before. */
  double secondsSinceJvmStart() {
    long at = restoredAtMs;
    return at < 0 ? -1 : (at - ManagementFactory.getRuntimeMXBean().getStartTime()) / 1000.0;
  }

  /**
   * Bytes of the files under the application's state directory (0 before it exists). RocksDB
   * deletes files while the walk passes; a walk that trips over one is repeated, and after three
   * such walks the last complete answer stands.
   */
  long stateBytes() {
    for (int attempt = 0; attempt < 3; attempt++) {
      try (Stream<Path> files = Files.walk(stateDirectory)) {
        lastStateBytes =
            files.filter(Files::isRegularFile).mapToLong(RestorationTracker::size).sum();
        return lastStateBytes;
      } catch (NoSuchFileException e) {
        if (!Files.exists(stateDirectory)) {
          return 0;
        }
      } catch (IOException | UncheckedIOException e) {
        // a directory vanished under the walk: walk again
      }
    }
    return lastStateBytes;
  }

  /** A file's size; 0 for one RocksDB removed while the walk passed (compaction). */
  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return 0;
    }
  }
}
