package io.streamgauge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.localrun.InvalidSpecException;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.suite.SuitePlan;
import io.streamgauge.suite.SuiteValidator;
import io.streamgauge.validation.SpecValidator;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code streamgauge validate FILE...}: checks BenchmarkRun and BenchmarkSuite files as the API
 * server and the operator would (schema, CEL rules, then the operator's own checks on the resolved
 * spec, for a suite on every cell's), without a cluster. For CI and GitOps pipelines: every file is
 * checked and named in the output, and the command fails if any one is invalid.
 */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description =
        "Check BenchmarkRun and BenchmarkSuite files as a cluster would; exit 0 when every one is"
            + " valid, 2 when any is not.")
final class ValidateCommand implements Callable<Integer> {

  @Parameters(
      arity = "1..*",
      paramLabel = "FILE",
      description =
          "BenchmarkRun or BenchmarkSuite YAML files, each with one resource or several"
              + " separated by ---; - reads the standard input (e.g. kustomize build | streamgauge"
              + " validate -).")
  private List<Path> files;

  @Option(
      names = "--print-resolved",
      description =
          "Print each valid BenchmarkRun with every default filled in (its scenario's topics,"
              + " rates, windows, resources, checks...): what the operator will run. YAML on"
              + " stdout, one document per file; the verdicts go to stderr.")
  private boolean printResolved;

  @CommandLine.Spec private CommandLine.Model.CommandSpec command;

  @Override
  public Integer call() {
    int exitCode = ExitCodes.SUCCESS;
    for (Path file : files) {
      if (validate(file) != ExitCodes.SUCCESS) {
        exitCode = ExitCodes.INVALID;
      }
    }
    return exitCode;
  }

  /** Checks every resource in {@code file} ({@code -}: the standard input). */
  private int validate(Path file) {
    List<JsonNode> documents;
    try {
      documents = ResourceFile.documents(file);
    } catch (InvalidSpecException e) {
      return refused(file.toString(), e);
    }
    if (documents.isEmpty()) {
      return refused(file.toString(), new InvalidSpecException("holds no resource"));
    }
    int exitCode = ExitCodes.SUCCESS;
    for (int i = 0; i < documents.size(); i++) {
      String where =
          (file.equals(ResourceFile.STDIN) ? "<stdin>" : file.toString())
              + (documents.size() > 1 ? " (document " + (i + 1) + ")" : "");
      if (validate(where, documents.get(i)) != ExitCodes.SUCCESS) {
        exitCode = ExitCodes.INVALID;
      }
    }
    return exitCode;
  }

  private int validate(String where, JsonNode document) {
    try {
      if ("BenchmarkSuite".equals(document.path("kind").asText())) {
        return validateSuite(where, document);
      }
      SpecFile spec = SpecFile.of(document);
      BenchmarkRunSpec resolved = new SpecDefaulter().apply(spec.spec());
      List<String> problems = SpecValidator.clusterProblems(resolved);
      if (!problems.isEmpty()) {
        throw new InvalidSpecException(problems);
      }
      if (printResolved) {
        command.commandLine().getErr().println(where + ": valid BenchmarkRun " + spec.name());
        command.commandLine().getOut().print(ResolvedRun.yaml(spec.name(), resolved));
        command.commandLine().getOut().flush();
      } else {
        command.commandLine().getOut().println(where + ": valid BenchmarkRun " + spec.name());
      }
      return ExitCodes.SUCCESS;
    } catch (InvalidSpecException e) {
      return refused(where, e);
    }
  }

  private int refused(String where, InvalidSpecException e) {
    e.problems()
        .forEach(p -> command.commandLine().getErr().println("streamgauge: " + where + ": " + p));
    return ExitCodes.INVALID;
  }

  private int validateSuite(String where, JsonNode document) throws InvalidSpecException {
    SuiteFile suite = SuiteFile.of(document);
    SuitePlan plan = SuitePlan.of(suite.name(), suite.spec());
    List<String> problems = SuiteValidator.clusterProblems(suite.spec(), plan);
    if (!problems.isEmpty()) {
      throw new InvalidSpecException(problems);
    }
    command
        .commandLine()
        .getOut()
        .println(
            where
                + ": valid BenchmarkSuite "
                + suite.name()
                + " ("
                + plan.cells().size()
                + " cells, "
                + plan.runs().size()
                + " runs)");
    return ExitCodes.SUCCESS;
  }
}
