package io.streamgauge.testing.controlplane;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The operator's integration test classes run one after another on the shared control plane, and a
 * class marked {@code @Execution(CONCURRENT)} runs beside them (operator/pom.xml): such a class
 * must start a control plane of its own, since an operator it starts watches every namespace of the
 * plane it is on and would drive the other classes' runs.
 */
class ConcurrentClassesTest {

  @Test
  void aClassRunningBesideTheOthersDoesNotUseTheSharedControlPlane() {
    List<String> concurrent = new ArrayList<>();
    List<String> onTheSharedPlane = new ArrayList<>();
    for (JavaClass test :
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
            .importPackages("io.streamgauge")) {
      Class<?> type = test.reflect();
      Execution execution = type.getAnnotation(Execution.class);
      if (execution == null || execution.value() != ExecutionMode.CONCURRENT) {
        continue;
      }
      concurrent.add(type.getSimpleName());
      List<AnnotatedElement> elements = new ArrayList<>(List.of(type));
      elements.addAll(Arrays.asList(type.getDeclaredMethods()));
      for (AnnotatedElement element : elements) {
        ExtendWith extensions = element.getAnnotation(ExtendWith.class);
        if (extensions != null
            && Arrays.asList(extensions.value()).contains(ControlPlaneExtension.class)) {
          onTheSharedPlane.add(type.getSimpleName() + " " + describe(element));
        }
      }
    }
    assertThat(concurrent)
        .as("the classes that run beside the others")
        .contains("ApiServerTroubleIT", "SeriesOnControlPlaneIT");
    assertThat(onTheSharedPlane)
        .as("classes running beside the others, extended with the shared control plane")
        .isEmpty();
  }

  private static String describe(AnnotatedElement element) {
    return element instanceof Method method ? "method " + method.getName() : "(class)";
  }
}
