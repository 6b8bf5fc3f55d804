package io.streamgauge.testing.controlplane;

import io.streamgauge.testing.RepoFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives tests a {@link TestControlPlane} with our CRDs, Strimzi 0.50.0's CRDs and the PodMonitor
 * and ServiceMonitor CRDs installed. One control plane serves the whole test run: it starts on
 * first use and stops when JUnit closes the root store at the end of the run (or, failing that, at
 * JVM exit).
 *
 * <p>Use with {@code @ExtendWith(ControlPlaneExtension.class)} and a {@code TestControlPlane}
 * parameter on a test, a {@code @BeforeAll} method or the constructor.
 */
public final class ControlPlaneExtension implements ParameterResolver {

  private static final Namespace NAMESPACE = Namespace.create(ControlPlaneExtension.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == TestControlPlane.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return context
        .getRoot()
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(Running.class, key -> Running.start(), Running.class)
        .plane();
  }

  /** The shared control plane, closed by JUnit with the root store. */
  private record Running(TestControlPlane plane)
      implements ExtensionContext.Store.CloseableResource {

    static Running start() {
      return new Running(startWithCrds());
    }

    @Override
    public void close() {
      plane.close();
    }
  }

  /**
   * A control plane of the caller's own, with the same CRDs as the shared one: for a test that
   * breaks it (stops its API server), so no other test runs on what it leaves. Close it when done.
   */
  public static TestControlPlane startWithCrds() {
    TestControlPlane plane = TestControlPlane.start();
    Thread hook = new Thread(plane::close, "control-plane-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    {
      try {
        List<Path> crds = new ArrayList<>(RepoFiles.yamlFiles(RepoFiles.crdsDir()));
        crds.addAll(RepoFiles.yamlFiles(TestPaths.strimziCrdsDir()));
        for (String kind : new String[] {"podmonitors", "servicemonitors"}) {
          crds.add(
              TestPaths.prometheusOperatorCrdsDir()
                  .resolve("monitoring.coreos.com_" + kind + ".yaml"));
        }
        plane.installCrds(crds);
      } catch (RuntimeException e) {
        plane.close();
        throw e;
      }
    }
    return plane;
  }
}
