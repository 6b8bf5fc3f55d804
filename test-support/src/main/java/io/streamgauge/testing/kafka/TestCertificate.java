package io.streamgauge.testing.kafka;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A self-signed certificate for one IP address, made with the JDK's {@code keytool}: a PKCS12
 * keystore for a broker and the certificate as PEM for its clients to trust.
 *
 * @param keystore the PKCS12 keystore with the key and certificate
 * @param password the keystore's password
 * @param pem the certificate, PEM-encoded
 */
public record TestCertificate(Path keystore, String password, String pem) {

  /** Makes one in {@code dir} for {@code ip} (its subject alternative name). */
  public static TestCertificate create(Path dir, String ip) throws IOException {
    return create(dir, ip, "ip:" + ip);
  }

  /**
   * Makes one in {@code dir} for {@code host}.
   *
   * @param subjectAlternativeName as keytool writes it: {@code ip:10.0.0.1}, {@code
   *     dns:kafka.ns.svc}
   */
  public static TestCertificate create(Path dir, String host, String subjectAlternativeName)
      throws IOException {
    Files.createDirectories(dir);
    Path keystore = dir.resolve("broker.p12");
    String password = "test-" + Long.toHexString(System.nanoTime());
    String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
    List<String> store =
        List.of("-keystore", keystore.toString(), "-storetype", "PKCS12", "-storepass", password);
    run(
        keytool,
        "-genkeypair",
        store,
        List.of(
            "-alias",
            "broker",
            "-keyalg",
            "RSA",
            "-keysize",
            "2048",
            "-validity",
            "2",
            "-dname",
            "CN=" + host,
            "-ext",
            "san=" + subjectAlternativeName));
    Path pem = dir.resolve("broker.pem");
    run(
        keytool,
        "-exportcert",
        store,
        List.of("-rfc", "-alias", "broker", "-file", pem.toString()));
    return new TestCertificate(keystore, password, Files.readString(pem));
  }

  private static void run(String keytool, String action, List<String> store, List<String> options)
      throws IOException {
    List<String> command = new java.util.ArrayList<>(List.of(keytool, action));
    command.addAll(store);
    command.addAll(options);
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      boolean done = process.waitFor(60, TimeUnit.SECONDS);
      String output = new String(process.getInputStream().readAllBytes());
      if (!done || process.exitValue() != 0) {
        process.destroyForcibly();
        throw new IOException("keytool failed: " + output);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted running keytool", e);
    }
  }
}
