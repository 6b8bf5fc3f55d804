package io.streamgauge.platform.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real processes: the guarantee that no child outlives the CLI rests on these. */
class ProcessGuardTest {

  @TempDir Path dir;

  @Test
  void eachChildLeadsItsOwnProcessGroupOutsideTheTerminals() throws Exception {
    try (ProcessGuard guard = ProcessGuard.start()) {
      ChildProcess child = sleeper(guard);
      try {
        List<String> stat =
            List.of(Files.readString(Path.of("/proc/" + child.pid() + "/stat")).split(" "));
        long processGroup = Long.parseLong(stat.get(4));
        long session = Long.parseLong(stat.get(5));

        assertThat(processGroup).as("its own process group").isEqualTo(child.pid());
        assertThat(session)
            .as("its own session, away from the terminal's Ctrl-C")
            .isEqualTo(child.pid());
      } finally {
        child.stop(Duration.ofSeconds(5));
      }
    }
  }

  @Test
  void childrenStillRegisteredWhenTheGuardsPipeClosesAreKilled() throws Exception {
    ProcessGuard guard = ProcessGuard.start();
    ChildProcess registered = sleeper(guard);
    ChildProcess stopped = sleeper(guard);
    stopped.stop(Duration.ofSeconds(5));

    guard.close();

    Awaitility.await("the guard kills what was never stopped")
        .atMost(Duration.ofSeconds(15))
        .until(() -> !registered.isAlive());
    assertThat(stopped.exitCode()).isPresent();
    Awaitility.await("the guard ends")
        .atMost(Duration.ofSeconds(15))
        .until(() -> ProcessHandle.of(guard.pid()).map(p -> !p.isAlive()).orElse(true));
  }

  @Test
  void stopEndsAChildThatIgnoresSigtermAfterTheGrace() throws Exception {
    try (ProcessGuard guard = ProcessGuard.start()) {
      ChildProcess stubborn =
          ChildProcess.start(
              "stubborn",
              List.of("bash", "-c", "trap '' TERM; echo ready; while true; do sleep 0.1; done"),
              Map.of(),
              dir.resolve("stubborn.log"),
              guard);
      Awaitility.await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> stubborn.lastLines(1).equals("ready"));

      stubborn.stop(Duration.ofMillis(500));

      assertThat(stubborn.isAlive()).isFalse();
      assertThat(stubborn.exitCode()).hasValue(137);
      assertThat(stubborn.exitReason()).startsWith("exited with code 137: ready (log ");
    }
  }

  private ChildProcess sleeper(ProcessGuard guard) throws Exception {
    return ChildProcess.start(
        "sleeper", List.of("sleep", "300"), Map.of(), dir.resolve("sleeper.log"), guard);
  }
}
