package io.streamgauge.common;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where the schema registry binary of stateful-joins runs is (AxonOps Schema Registry, built by
 * {@code make schema-registry} into {@code bin/schema-registry}) and how it is started: in-memory
 * storage, so its schemas live and die with the run.
 */
public final class SchemaRegistryBinary {

  /** The environment variable naming the binary. */
  public static final String ENV = "SCHEMA_REGISTRY_BIN";

  /** The binary's name on the PATH. */
  public static final String NAME = "schema-registry";

  /** Answers 200 once the registry serves requests. */
  public static final String READY_PATH = "/health/ready";

  private SchemaRegistryBinary() {}

  /**
   * {@code $SCHEMA_REGISTRY_BIN}, else {@code schema-registry} where {@link ExecutableLookup} looks
   * (beside the command, the PATH, the checkout's {@code bin/}).
   *
   * @throws IllegalStateException when there is none, saying where it looked and how to get one
   */
  public static String find(Map<String, String> env) {
    return find(env, ExecutableLookup.of(NAME, env));
  }

  static String find(Map<String, String> env, ExecutableLookup lookup) {
    String configured = env.get(ENV);
    if (configured != null && !configured.isBlank()) {
      if (!Files.isExecutable(Path.of(configured))) {
        throw new IllegalStateException(
            ENV + "=" + configured + " is not an executable file: run `make schema-registry`");
      }
      return configured;
    }
    return lookup
        .found()
        .map(Path::toString)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "schema-registry not found ("
                        + lookup.whereLooked()
                        + "): stateful-joins needs a schema registry; run `make schema-registry`"
                        + " in the checkout (builds bin/schema-registry), set "
                        + ENV
                        + " to one, or give spec.schemaRegistry.url"));
  }

  /** The environment that starts it on {@code host:port} with in-memory storage. */
  public static Map<String, String> environment(String host, int port) {
    return Map.of(
        "SCHEMA_REGISTRY_STORAGE_TYPE",
        "memory",
        "SCHEMA_REGISTRY_HOST",
        host,
        "SCHEMA_REGISTRY_PORT",
        Integer.toString(port));
  }
}
