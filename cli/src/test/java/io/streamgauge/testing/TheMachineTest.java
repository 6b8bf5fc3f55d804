package io.streamgauge.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The cli module's failsafe run lets test classes run beside each other, so each E2E and
 * integration test class must say how it uses the machine: on the class, or on each of its tests. A
 * test that says nothing would run beside a measurement and judge the other test's load.
 */
class TheMachineTest {

  @Test
  void everyE2eAndIntegrationTestSaysHowItUsesTheMachine() throws Exception {
    List<Class<?>> classes = integrationTestClasses();

    assertThat(classes).hasSizeGreaterThan(5);
    assertThat(classes)
        .allSatisfy(
            type -> {
              if (!says(type)) {
                assertThat(tests(type))
                    .as("%s: each test, as the class does not", type.getSimpleName())
                    .isNotEmpty()
                    .allSatisfy(test -> assertThat(says(test)).as(test.getName()).isTrue());
              }
            });
  }

  @Test
  void onlyTestsThatShareTheMachineRunBesideTheirSiblings() throws Exception {
    for (Class<?> type : integrationTestClasses()) {
      assertThat(tests(type))
          .filteredOn(
              test ->
                  AnnotationSupport.findAnnotation(test, Execution.class)
                      .map(e -> e.value() == ExecutionMode.CONCURRENT)
                      .orElse(false))
          .allSatisfy(
              test ->
                  assertThat(AnnotationSupport.isAnnotated(test, SharesTheMachine.class))
                      .as(test.getName())
                      .isTrue());
    }
  }

  private static boolean says(java.lang.reflect.AnnotatedElement element) {
    return AnnotationSupport.isAnnotated(element, HasTheMachineToItself.class)
        || AnnotationSupport.isAnnotated(element, SharesTheMachine.class);
  }

  private static List<Method> tests(Class<?> type) {
    return Arrays.stream(type.getDeclaredMethods())
        .filter(
            m ->
                AnnotationSupport.isAnnotated(m, Test.class)
                    || AnnotationSupport.isAnnotated(m, TestTemplate.class))
        .toList();
  }

  /** The top-level classes named *IT or *E2E among this module's compiled tests. */
  private static List<Class<?>> integrationTestClasses()
      throws IOException, URISyntaxException, ClassNotFoundException {
    Path root =
        Path.of(TheMachineTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<String> names;
    try (Stream<Path> files = Files.walk(root)) {
      names =
          files
              .map(f -> root.relativize(f).toString())
              .filter(f -> f.endsWith("IT.class") || f.endsWith("E2E.class"))
              .filter(f -> !f.contains("$"))
              .map(f -> f.substring(0, f.length() - ".class".length()).replace('/', '.'))
              .toList();
    }
    List<Class<?>> classes = new java.util.ArrayList<>();
    for (String name : names) {
      classes.add(Class.forName(name));
    }
    return classes;
  }
}
