package io.streamgauge.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real browser for the HTML reports: Debian's Chromium, headless, with a fresh profile and its
 * background networking off (nothing leaves this machine; the reports fetch nothing). Renders a
 * file, lets its scripts run, and returns the DOM they left and what the browser logged.
 */
public final class HeadlessChromium {

  private static final Pattern BODY = Pattern.compile("<body([^>]*)>");

  /**
   * What a page left after its scripts ran.
   *
   * @param dom the document as serialized after the scripts ran
   * @param log what the browser wrote to stderr (its console messages among them)
   */
  public record Rendered(String dom, String log) {

    /** A data attribute of {@code <body>}, or null. */
    public String bodyData(String name) {
      Matcher body = BODY.matcher(dom);
      if (!body.find()) {
        return null;
      }
      Matcher attribute = Pattern.compile("data-" + name + "=\"([^\"]*)\"").matcher(body.group(1));
      return attribute.find() ? attribute.group(1) : null;
    }

    /** How many canvases the charts drew into. */
    public long canvases() {
      return Pattern.compile("<canvas").matcher(dom).results().count();
    }

    /** Asserts the report drew {@code charts} charts and reported no error. */
    public void assertDrew(int charts) {
      assertThat(bodyData("errors")).as("errors: %s", bodyData("error-text")).isEqualTo("0");
      assertThat(bodyData("charts")).as("charts drawn").isEqualTo(Integer.toString(charts));
      assertThat(canvases()).as("canvases in the DOM").isGreaterThanOrEqualTo(charts);
      assertThat(log).as("the browser's log").doesNotContain("Uncaught");
    }
  }

  private HeadlessChromium() {}

  /** Chromium: {@code $CHROMIUM_BIN}, else Debian's {@code /usr/bin/chromium}. */
  public static Path binary() {
    String configured = System.getenv("CHROMIUM_BIN");
    Path binary = Path.of(configured != null ? configured : "/usr/bin/chromium");
    assertThat(binary)
        .as(
            "Chromium renders the HTML reports in the tests: install Debian's chromium package"
                + " (make tools does), or set CHROMIUM_BIN")
        .isExecutable();
    return binary;
  }

  /** Renders {@code html}, runs its scripts, and returns the DOM and the browser's log. */
  public static Rendered render(Path html, Path scratch) throws IOException, InterruptedException {
    return render(html, scratch, Map.of());
  }

  /** Renders {@code html} with {@code env} added to the browser's environment (e.g. its TZ). */
  public static Rendered render(Path html, Path scratch, Map<String, String> env)
      throws IOException, InterruptedException {
    Path log = Files.createTempFile(scratch, "chromium", ".log");
    ProcessBuilder builder =
        new ProcessBuilder(command(scratch, "--dump-dom", html)).redirectError(log.toFile());
    builder.environment().putAll(env);
    Process browser = builder.start();
    String dom = new String(browser.getInputStream().readAllBytes());
    assertThat(browser.waitFor(60, TimeUnit.SECONDS)).as("chromium ended").isTrue();
    return new Rendered(dom, Files.readString(log));
  }

  /** Takes a screenshot of {@code html} into {@code png}, for people to look at. */
  public static void screenshot(Path html, Path png, Path scratch)
      throws IOException, InterruptedException {
    Process browser =
        new ProcessBuilder(command(scratch, "--screenshot=" + png, html))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    assertThat(browser.waitFor(60, TimeUnit.SECONDS)).as("chromium ended").isTrue();
  }

  private static List<String> command(Path scratch, String action, Path html) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(binary().toString());
    command.addAll(
        List.of(
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
            "--window-size=1200,2400",
            "--virtual-time-budget=5000",
            "--user-data-dir=" + Files.createTempDirectory(scratch, "chromium-profile")));
    command.add(action);
    command.add(html.toUri().toString());
    return command;
  }
}
