package io.streamgauge.platform.kubernetes;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The Prometheus endpoints the operator may query for a run ({@code spec.prometheus.url}): the
 * operator sends them PromQL with the run's labels, so a run must not make it talk to any address
 * its author chooses. Allowed are the cluster's own Services (never an ExternalName one, which
 * names a host outside the cluster) — a host {@code name}, {@code name.namespace}, {@code
 * name.namespace.svc} or {@code name.namespace.svc.<clusterDomain>} naming a Service that exists —
 * and the URLs the installer allowed ({@code STREAMGAUGE_PROMETHEUS_URLS}, the chart's {@code
 * runs.prometheusUrls}): each a prefix of allowed URLs, or {@code *} for any.
 *
 * @param allowedUrls URL prefixes allowed besides the cluster's Services; {@code *} allows any URL
 * @param clusterDomain the cluster's DNS domain ({@code cluster.local} unless changed)
 */
public record PrometheusEndpoints(List<String> allowedUrls, String clusterDomain) {

  /** The cluster's Services only, in the default cluster domain. */
  public static final PrometheusEndpoints SERVICES = new PrometheusEndpoints(List.of());

  /** The default cluster DNS domain. */
  public static final String CLUSTER_DOMAIN = "cluster.local";

  /** A Service's type, read with the operator's own rights. */
  @FunctionalInterface
  public interface Services {
    /**
     * The type of Service {@code name} in {@code namespace} ({@code ClusterIP}, {@code
     * ExternalName}, ...), or empty when there is none.
     *
     * @throws Forbidden when the operator may not read it
     */
    Optional<String> type(String namespace, String name);
  }

  /** How a refused Service's URL can still be allowed, ending its refusal. */
  private static final String ALLOW_HINT =
      "; its installer can allow the URL (chart value runs.prometheusUrls)";

  /** The Service type that names a host outside the cluster, which a run may not use. */
  public static final String EXTERNAL_NAME = "ExternalName";

  /** The operator may not read a Service: the run is refused, saying so (other errors retry). */
  public static final class Forbidden extends RuntimeException {
    /** {@code message} says what was refused. */
    public Forbidden(String message) {
      super(message);
    }
  }

  /** Copies the list. */
  public PrometheusEndpoints {
    allowedUrls = List.copyOf(allowedUrls);
  }

  /** The cluster's Services and {@code allowedUrls}, in the default cluster domain. */
  public PrometheusEndpoints(List<String> allowedUrls) {
    this(allowedUrls, CLUSTER_DOMAIN);
  }

  /**
   * Reads a comma-separated list of URL prefixes (or {@code *}).
   *
   * @throws IllegalArgumentException naming {@code variable} and the entry that is no http(s) URL
   */
  public static PrometheusEndpoints parse(String variable, String value) {
    List<String> urls = new ArrayList<>();
    for (String item : value.split(",")) {
      String url = item.strip();
      if (url.isEmpty()) {
        continue;
      }
      if (!url.equals("*") && httpUri(url).isEmpty()) {
        throw new IllegalArgumentException(
            variable + ": '" + url + "' is not an http:// or https:// URL, nor *");
      }
      urls.add(url);
    }
    return new PrometheusEndpoints(urls);
  }

  /**
   * Why the operator must not query {@code url} for a run in {@code namespace}, starting with the
   * field path; empty when it may.
   */
  public Optional<String> refusal(String url, String namespace, Services services) {
    Optional<URI> uri = httpUri(url);
    if (uri.isEmpty()) {
      return Optional.of("spec.prometheus.url: '" + url + "' is not an http:// or https:// URL");
    }
    if (allowedUrls.stream().anyMatch(allowed -> allows(allowed, url))) {
      return Optional.empty();
    }
    Optional<ServiceName> service = service(uri.get().getHost(), namespace);
    try {
      Optional<String> type =
          service.isPresent()
              ? services.type(service.get().namespace(), service.get().name())
              : Optional.empty();
      if (type.filter(EXTERNAL_NAME::equals).isPresent()) {
        return Optional.of(
            "spec.prometheus.url: Service "
                + service.get().name()
                + " in namespace "
                + service.get().namespace()
                + " is an ExternalName Service, which names a host outside the cluster"
                + ALLOW_HINT);
      }
      if (type.isPresent()) {
        return Optional.empty();
      }
    } catch (Forbidden e) {
      return Optional.of(
          "spec.prometheus.url: the operator may not read Service "
              + service.get().name()
              + " in namespace "
              + service.get().namespace()
              + " to check it is one ("
              + e.getMessage()
              + ")"
              + ALLOW_HINT);
    }
    return Optional.of(
        "spec.prometheus.url: the operator queries only Services of this cluster and the URLs its"
            + " installer allowed (chart value runs.prometheusUrls), and "
            + uri.get().getHost()
            + service
                .map(
                    s ->
                        " names no Service (no Service "
                            + s.name()
                            + " in namespace "
                            + s.namespace()
                            + ")")
                .orElse(" is not a Service's name (name, name.namespace or name.namespace.svc)"));
  }

  /** {@code url} is {@code allowed} or lies under it: the prefix ends where a URL part ends. */
  private static boolean allows(String allowed, String url) {
    if (allowed.equals("*") || url.equals(allowed)) {
      return true;
    }
    return url.startsWith(allowed)
        && (allowed.endsWith("/") || "/:?#".indexOf(url.charAt(allowed.length())) >= 0);
  }

  private record ServiceName(String name, String namespace) {}

  /** The Service a host names, if it has a Service's form. */
  private Optional<ServiceName> service(String host, String runNamespace) {
    String lower = host.toLowerCase(Locale.ROOT);
    for (String suffix : List.of(".svc." + clusterDomain, ".svc")) {
      if (lower.endsWith(suffix)) {
        lower = lower.substring(0, lower.length() - suffix.length());
        break;
      }
    }
    String[] labels = lower.split("\\.", -1);
    for (String label : labels) {
      if (!label.matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?")) {
        return Optional.empty();
      }
    }
    return switch (labels.length) {
      case 1 -> Optional.of(new ServiceName(labels[0], runNamespace));
      case 2 -> Optional.of(new ServiceName(labels[0], labels[1]));
      default -> Optional.empty();
    };
  }

  private static Optional<URI> httpUri(String url) {
    try {
      URI uri = new URI(url);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      boolean http = scheme.equals("http") || scheme.equals("https");
      return http && uri.getHost() != null ? Optional.of(uri) : Optional.empty();
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
  }
}
