package io.streamgauge.cli;

import io.streamgauge.api.BenchmarkRunSpec;
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
import picocli.CommandLine.Parameters;

/**
 * {@code streamgauge validate FILE}: checks a BenchmarkRun or BenchmarkSuite file as the API server
 * and the operator would (schema, CEL rules, then the operator's own checks on the resolved spec,
 * for a suite on every cell's), without a cluster. For CI and GitOps pipelines.
 */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description =
        "Check a BenchmarkRun or BenchmarkSuite file as a cluster would; exit 0 when valid, 2"
            + " when not.")
final class ValidateCommand implements Callable<Integer> {

  @Parameters(
      index = "0",
      paramLabel = "FILE",
      description = "A BenchmarkRun or BenchmarkSuite YAML file.")
  private Path file;

  @CommandLine.Spec private CommandLine.Model.CommandSpec command;

  @Override
  public Integer call() {
    try {
      if ("BenchmarkSuite".equals(ResourceFile.kind(file))) {
        return validateSuite();
      }
      SpecFile spec = SpecFile.read(file);
      BenchmarkRunSpec resolved = new SpecDefaulter().apply(spec.spec());
      List<String> problems = SpecValidator.problems(resolved);
      if (!problems.isEmpty()) {
        throw new InvalidSpecException(problems);
      }
      command.commandLine().getOut().println(file + ": valid BenchmarkRun " + spec.name());
      return ExitCodes.SUCCESS;
    } catch (InvalidSpecException e) {
      e.problems()
          .forEach(p -> command.commandLine().getErr().println("streamgauge: " + file + ": " + p));
      return ExitCodes.INVALID;
    }
  }

  private int validateSuite() throws InvalidSpecException {
    SuiteFile suite = SuiteFile.read(file);
    SuitePlan plan = SuitePlan.of(suite.name(), suite.spec());
    List<String> problems = SuiteValidator.problems(suite.spec(), plan);
    if (!problems.isEmpty()) {
      throw new InvalidSpecException(problems);
    }
    command
        .commandLine()
        .getOut()
        .println(
            file
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
