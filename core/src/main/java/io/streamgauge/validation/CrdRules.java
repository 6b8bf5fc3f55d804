package io.streamgauge.validation;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelValidationException;
import dev.cel.common.types.SimpleType;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Evaluates a CRD's CEL rules ({@code x-kubernetes-validations}) with cel-java, for where there is
 * no API server: the rule text comes from the CRD itself, so local mode and the API server run the
 * same rules from one source. {@code self} is bound as the API server binds it, to the value the
 * rule sits on (objects as maps, arrays as lists, integers as int, other numbers as double).
 * Transition rules ({@code oldSelf}) compare with a stored object and do not apply to a new spec.
 */
final class CrdRules {

  private static final CelCompiler COMPILER =
      CelCompilerFactory.standardCelCompilerBuilder()
          .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
          .addVar("self", SimpleType.DYN)
          .build();
  private static final CelRuntime RUNTIME = CelRuntimeFactory.standardCelRuntimeBuilder().build();
  private static final Map<String, CelRuntime.Program> PROGRAMS = new ConcurrentHashMap<>();

  private CrdRules() {}

  /** True for rules that compare with the stored object ({@code oldSelf}): not for new specs. */
  static boolean isTransitionRule(String rule) {
    return rule.contains("oldSelf");
  }

  /**
   * Whether {@code rule} holds for {@code self}, typed as its schema says. A rule that cannot be
   * evaluated on this value (a type error, say) does not hold, as the API server refuses such an
   * object.
   *
   * @throws IllegalArgumentException when the rule is not valid CEL (a broken CRD)
   */
  static boolean holds(String rule, JsonNode self, JsonNode schema) {
    try {
      return Boolean.TRUE.equals(program(rule).eval(Map.of("self", CelValue.of(self, schema))));
    } catch (CelEvaluationException e) {
      return false;
    }
  }

  private static CelRuntime.Program program(String rule) {
    return PROGRAMS.computeIfAbsent(
        rule,
        text -> {
          try {
            CelAbstractSyntaxTree ast = COMPILER.compile(text).getAst();
            return RUNTIME.createProgram(ast);
          } catch (CelValidationException | CelEvaluationException e) {
            throw new IllegalArgumentException(
                "not a valid CEL rule: " + text + ": " + e.getMessage(), e);
          }
        });
  }
}
