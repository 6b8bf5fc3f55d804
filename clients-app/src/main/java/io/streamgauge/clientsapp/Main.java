package io.streamgauge.clientsapp;

import io.streamgauge.common.AppProcess;
import io.streamgauge.common.ContractSettings;
import io.streamgauge.common.ReferenceAppStart;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code clients-app} command: runs the stateless-simple scenario with plain Kafka clients
 * until SIGTERM, which commits what was processed and closes the clients within {@code
 * shutdown.timeout.ms}. Settings come from {@code --config FILE} (a properties file) overlaid by
 * {@code STREAMGAUGE_APP_*} environment variables; see {@link ClientsAppSettings}. Exits as every
 * reference app does ({@link ReferenceAppStart.ExitCode}).
 */
@Command(
    name = "clients-app",
    mixinStandardHelpOptions = true,
    description =
        "Plain Kafka clients reference app under test for Streamgauge benchmarks: the floor a"
            + " framework is measured against.")
public final class Main implements Callable<Integer> {

  @Option(
      names = {"-c", "--config"},
      paramLabel = "FILE",
      description =
          "Settings as a properties file; STREAMGAUGE_APP_* environment variables override it.")
  private Path configFile;

  public static void main(String[] args) {
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    System.exit(new CommandLine(new Main()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    return ReferenceAppStart.run(
            "clients-app",
            configFile,
            new ReferenceAppStart.Runtime<>(
                ClientsAppSettings::from,
                ClientsAppSettings::contract,
                (settings, partitions) -> new ClientsApp(settings, System.err),
                Main::describe),
            System.err)
        .code();
  }

  private static String describe(ClientsAppSettings settings, int port) {
    ContractSettings contract = settings.contract();
    return "clients-app: "
        + contract.scenario()
        + " as "
        + contract.applicationId()
        + " ("
        + contract.processingGuarantee()
        + ", commit.interval.ms "
        + settings.commitInterval().toMillis()
        + "), topics "
        + contract.topics()
        + (port >= 0 ? ", /metrics and /health on :" + port : "")
        + "; "
        + AppProcess.jvmView();
  }
}
