package io.streamgauge.results;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * Which Streamgauge made a result: its version and the git commit it was built from ({@code
 * git.properties}, written by the build), so a number can be traced to the code that measured it.
 *
 * @param version the project version, e.g. 0.1.0-SNAPSHOT; "unknown" when not recorded
 * @param commit the full commit id; "unknown" when built outside a git checkout
 * @param dirty true when the checkout had uncommitted changes
 */
public record BuildInfo(String version, String commit, boolean dirty) {

  private static final String RESOURCE = "/io/streamgauge/results/git.properties";
  private static final BuildInfo CURRENT = load();

  /** This build's. */
  public static BuildInfo current() {
    return CURRENT;
  }

  /** As the result document records it: {@code {tool, version, commit, dirty}}. */
  public ObjectNode json() {
    return JsonNodeFactory.instance
        .objectNode()
        .put("tool", "streamgauge")
        .put("version", version)
        .put("commit", commit)
        .put("dirty", dirty);
  }

  private static BuildInfo load() {
    Properties properties = new Properties();
    try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException e) {
      // recorded as unknown below
    }
    return new BuildInfo(
        properties.getProperty("git.build.version", "unknown"),
        properties.getProperty("git.commit.id", "unknown"),
        Boolean.parseBoolean(properties.getProperty("git.dirty", "false")));
  }
}
