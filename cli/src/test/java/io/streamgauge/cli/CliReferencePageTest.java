package io.streamgauge.cli;

import io.streamgauge.testing.GeneratedPage;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The CLI reference page ({@code docs/reference/cli.md}): every command's {@code --help} as picocli
 * prints it, rendered from the commands themselves and checked for drift.
 */
class CliReferencePageTest {

  /** Wide enough for the site's code blocks; picocli wraps at it. */
  private static final int WIDTH = 100;

  @Test
  void theReferencePageIsWhatEveryCommandsHelpSays() {
    StringBuilder out =
        new StringBuilder(
            GeneratedPage.header(
                "Command line reference",
                "the picocli commands of `cli/` (`streamgauge COMMAND --help`)"));
    out.append(
        "`streamgauge` is `cli/target/streamgauge/bin/streamgauge` after `make cli`; the same"
            + " directory's `kubectl-streamgauge` makes it a kubectl plugin.\n\n");
    help(Main.commandLine(), out);
    GeneratedPage.check("reference/cli.md", out.toString().stripTrailing() + "\n");
  }

  private static void help(CommandLine command, StringBuilder out) {
    command.setUsageHelpWidth(WIDTH);
    out.append("## ")
        .append(command.getCommandSpec().qualifiedName())
        .append("\n\n```text\n")
        .append(command.getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing())
        .append("\n```\n\n");
    for (CommandLine sub : command.getSubcommands().values()) {
      if (!sub.getCommandSpec().name().equals("help")) {
        help(sub, out);
      }
    }
  }
}
