package io.streamgauge.common;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * An app's settings as given, before validation: a properties file, overlaid by environment
 * variables {@code STREAMGAUGE_APP_<KEY>} (the key upper-cased, {@code .} written {@code _} and
 * {@code -} written {@code __}: {@code STREAMGAUGE_APP_COMMIT_INTERVAL_MS} is {@code
 * commit.interval.ms}). Remembers where each value came from, for error messages.
 */
public final class RawAppSettings {

  /** Prefix of the environment variables read. */
  public static final String ENV_PREFIX = "STREAMGAUGE_APP_";

  private final Map<String, String> values = new TreeMap<>();
  private final Map<String, String> origins = new TreeMap<>();

  /** Values from {@code file} (may be null), then from {@code env}, which win. */
  public static RawAppSettings read(Path file, Map<String, String> env) throws IOException {
    RawAppSettings raw = new RawAppSettings();
    if (file != null) {
      if (!Files.isRegularFile(file)) {
        throw new IOException("settings file " + file + " does not exist");
      }
      Properties properties = new Properties();
      try (Reader reader = Files.newBufferedReader(file)) {
        properties.load(reader);
      }
      properties
          .stringPropertyNames()
          .forEach(k -> raw.put(k, properties.getProperty(k), file.toString()));
    }
    env.forEach(
        (name, value) -> {
          if (name.startsWith(ENV_PREFIX) && name.length() > ENV_PREFIX.length()) {
            raw.put(keyOf(name), value, "$" + name);
          }
        });
    return raw;
  }

  /** The setting key an environment variable stands for. */
  public static String keyOf(String envName) {
    return envName
        .substring(ENV_PREFIX.length())
        .toLowerCase(Locale.ROOT)
        .replace("__", "-")
        .replace('_', '.');
  }

  /** Sets {@code key} to {@code value}, set by {@code origin} (a file name, a variable). */
  public void put(String key, String value, String origin) {
    values.put(key.strip(), value.strip());
    origins.put(key.strip(), origin);
  }

  /** Every key and value, sorted by key. */
  public Map<String, String> values() {
    return values;
  }

  /** Where {@code key} was set: a file name or {@code $VARIABLE}. */
  public String origin(String key) {
    return origins.getOrDefault(key, "default");
  }
}
