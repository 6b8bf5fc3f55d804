package io.streamgauge.scenario;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The container images of the reference apps, by {@code spec.app.runtime}: a run on Kubernetes that
 * names no {@code spec.app.image} runs the reference app of its runtime, from the operator's
 * configuration (the chart's {@code referenceApps} under {@code image.registry}), so a spec of a
 * built-in scenario carries no image and follows the registry the operator was installed from.
 *
 * @param images image by runtime, e.g. {@code kafka-streams →
 *     ghcr.io/streamgauge/streams-app:0.1.0}
 */
public record ReferenceApps(Map<String, String> images) {

  /** The runtimes this version has a reference app for ({@link ReferenceRuntime}). */
  public static final Set<String> RUNTIMES =
      Arrays.stream(ReferenceRuntime.values())
          .map(ReferenceRuntime::runtime)
          .collect(Collectors.toUnmodifiableSet());

  private static final Pattern RUNTIME = Pattern.compile("^[a-z0-9][a-z0-9.-]*$");

  /** The images, ordered by runtime. */
  public ReferenceApps {
    images = Map.copyOf(new TreeMap<>(images));
  }

  /**
   * Every runtime's reference app under {@code registry} (e.g. {@code ghcr.io/streamgauge}) at
   * {@code tag}.
   */
  public static ReferenceApps under(String registry, String tag) {
    Map<String, String> images = new TreeMap<>();
    for (ReferenceRuntime runtime : ReferenceRuntime.values()) {
      images.put(runtime.runtime(), registry + "/" + runtime.imageName() + ":" + tag);
    }
    return new ReferenceApps(images);
  }

  /**
   * Reads {@code runtime=image,...}, as the chart writes {@code STREAMGAUGE_REFERENCE_APP_IMAGES};
   * blank: {@code absent}.
   *
   * @throws IllegalArgumentException naming {@code variable} and the item at fault
   */
  public static ReferenceApps parse(String variable, String value, ReferenceApps absent) {
    if (value == null || value.isBlank()) {
      return absent;
    }
    Map<String, String> images = new TreeMap<>();
    for (String item : value.split(",")) {
      if (item.isBlank()) {
        continue;
      }
      int eq = item.indexOf('=');
      String runtime = eq < 0 ? "" : item.substring(0, eq).strip();
      String image = eq < 0 ? "" : item.substring(eq + 1).strip();
      if (!RUNTIME.matcher(runtime).matches() || image.isEmpty()) {
        throw new IllegalArgumentException(
            variable + ": '" + item.strip() + "' is not runtime=image (e.g. kafka-streams=...)");
      }
      images.put(runtime, image);
    }
    return new ReferenceApps(images);
  }

  /** The image of {@code runtime}'s reference app, if there is one. */
  public Optional<String> image(String runtime) {
    return Optional.ofNullable(images.get(runtime));
  }

  /**
   * Why {@code spec} (defaults applied) names no app this operator can run, or empty: a spec
   * without {@code spec.app.image} needs a reference app for its runtime.
   */
  public Optional<String> missingImage(BenchmarkRunSpec spec) {
    return missingImage(spec, images.keySet());
  }

  /**
   * Why {@code spec} (defaults applied) names no app, given the {@code runtimes} that have a
   * reference app, or empty: a spec without an image needs a reference app of its runtime that
   * implements its scenario. {@code streamgauge validate} checks with {@link #RUNTIMES}.
   */
  public static Optional<String> missingImage(BenchmarkRunSpec spec, Set<String> runtimes) {
    String runtime = spec.getApp().getRuntime();
    if (spec.getApp().getImage() != null) {
      return Optional.empty();
    }
    if (!runtimes.contains(runtime)) {
      return Optional.of(
          "spec.app.image: required for runtime '"
              + runtime
              + "' (spec.app.runtime): "
              + (runtimes.isEmpty()
                  ? "this operator has no reference app"
                  : "there is a reference app only for "
                      + String.join(", ", new TreeSet<>(runtimes))));
    }
    return ReferenceRuntime.named(runtime)
        .filter(r -> !r.implementsScenario(spec.getScenario()))
        .map(
            r ->
                "spec.app.image: required for scenario "
                    + spec.getScenario().value()
                    + " on runtime '"
                    + runtime
                    + "' (spec.app.runtime): its reference app implements "
                    + String.join(", ", r.scenarios()));
  }

  /**
   * {@code spec} (defaults applied) with its runtime's reference app when it names no image, and
   * that app's readiness path ({@link ReferenceRuntime#READINESS_PATH}) unless {@code
   * readinessPathWritten}: ready then means processing, the same for every runtime.
   */
  public BenchmarkRunSpec withImage(BenchmarkRunSpec spec, boolean readinessPathWritten) {
    if (spec.getApp().getImage() == null) {
      Optional<String> image = image(spec.getApp().getRuntime());
      image.ifPresent(spec.getApp()::setImage);
      if (image.isPresent() && !readinessPathWritten) {
        spec.getApp().getMetrics().setReadinessPath(ReferenceRuntime.READINESS_PATH);
      }
    }
    return spec;
  }
}
