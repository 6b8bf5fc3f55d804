package io.streamgauge.clientsapp;

import io.streamgauge.common.AppProcess;
import io.streamgauge.common.ContractSettings;
import io.streamgauge.common.RawAppSettings;
import io.streamgauge.common.TopicCheck;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code clients-app} command: runs the stateless-simple scenario with plain Kafka clients
 * until SIGTERM, which commits what was processed and closes the clients within {@code
 * shutdown.timeout.ms}. Settings come from {@code --config FILE} (a properties file) overlaid by
 * {@code STREAMGAUGE_APP_*} environment variables; see {@link ClientsAppSettings}. Exit codes: 1 a
 * client failed; 2 bad settings; 3 Kafka unreachable or a topic missing.
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
    ClientsAppSettings settings;
    try {
      settings = ClientsAppSettings.from(RawAppSettings.read(configFile, System.getenv()));
    } catch (IOException e) {
      System.err.println("clients-app: " + e.getMessage());
      return 2;
    } catch (ContractSettings.InvalidSettingsException e) {
      e.problems().forEach(p -> System.err.println("clients-app: settings: " + p));
      return 2;
    }
    ContractSettings contract = settings.contract();
    try {
      Map<String, String> connection = new HashMap<>(contract.connection());
      TopicCheck.partitions(
          contract.bootstrapServers(), connection, List.copyOf(contract.topics().values()));
    } catch (TopicCheck.TopicCheckException | IllegalStateException e) {
      System.err.println("clients-app: " + e.getMessage());
      return 3;
    }
    ClientsApp app = new ClientsApp(settings, System.err);
    Runtime.getRuntime().addShutdownHook(new Thread(app::close, "clients-app-shutdown"));
    app.start();
    System.err.println(describe(settings, app.metricsPort()));
    app.awaitStop();
    if (app.failure() != null) {
      System.err.println("clients-app: failed: " + AppProcess.describe(app.failure()));
      return 1;
    }
    return 0;
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
