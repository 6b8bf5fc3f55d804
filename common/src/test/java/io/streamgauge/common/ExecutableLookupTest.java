package io.streamgauge.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the command finds the programs it starts, as a user who ran the README's makes has them.
 */
class ExecutableLookupTest {

  @TempDir Path checkout;

  private Path home() throws Exception {
    Files.writeString(checkout.resolve("Makefile"), "");
    return Files.createDirectories(checkout.resolve("cli/target/streamgauge/bin")).getParent();
  }

  private static Path executable(Path file) throws Exception {
    Files.createDirectories(file.getParent());
    Files.writeString(file, "#!/bin/sh\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    return file;
  }

  @Test
  void theCheckoutsBinIsFoundWhenNothingElseHoldsIt() throws Exception {
    Path home = home();
    Path built = executable(checkout.resolve("bin/schema-registry"));
    Map<String, String> env = Map.of("PATH", checkout.resolve("empty").toString());

    ExecutableLookup lookup = ExecutableLookup.of("schema-registry", env, home);

    assertThat(lookup.found()).contains(built);
    assertThat(SchemaRegistryBinary.find(env, lookup)).isEqualTo(built.toString());
  }

  @Test
  void besideTheCommandComesFirstThenThePath() throws Exception {
    Path home = home();
    executable(checkout.resolve("bin/prometheus"));
    Path onPath = executable(checkout.resolve("path/prometheus"));
    Map<String, String> env = Map.of("PATH", onPath.getParent().toString());

    assertThat(ExecutableLookup.of("prometheus", env, home).found())
        .as("a program on the PATH wins over the checkout's build")
        .contains(onPath);
    Path beside = executable(home.resolve("bin/prometheus"));
    assertThat(ExecutableLookup.of("prometheus", env, home).found()).contains(beside);
  }

  @Test
  void notFoundSaysEveryPlaceItLookedAndHowToGetOne() throws Exception {
    Path home = home();
    Map<String, String> env = Map.of("PATH", checkout.resolve("empty").toString());

    assertThatThrownBy(
            () -> SchemaRegistryBinary.find(env, ExecutableLookup.of("schema-registry", env, home)))
        .hasMessageStartingWith(
            "schema-registry not found (looked at "
                + home.resolve("bin/schema-registry")
                + ", the PATH and "
                + checkout.resolve("bin/schema-registry")
                + ")")
        .hasMessageContaining("make schema-registry");
    assertThat(ExecutableLookup.of("schema-registry", env, null).whereLooked())
        .as("without a distribution (a test, an IDE): the PATH alone")
        .isEqualTo("looked at the PATH");
  }

  @Test
  void aDistributionOutsideACheckoutHasNoCheckoutToLookIn() throws Exception {
    Path home = Files.createDirectories(checkout.resolve("opt/streamgauge"));
    executable(checkout.resolve("bin/schema-registry"));

    assertThat(ExecutableLookup.of("schema-registry", Map.of("PATH", ""), home).looked())
        .containsExactly(home.resolve("bin/schema-registry").toString(), "the PATH");
  }
}
