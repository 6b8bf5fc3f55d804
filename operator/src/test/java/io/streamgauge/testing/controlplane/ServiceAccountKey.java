package io.streamgauge.testing.controlplane;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.Base64;

/**
 * The RSA key the API server signs service-account tokens with and the controller manager's token
 * controller uses. Written as PKCS#8 / X.509 PEM, which both binaries read.
 */
record ServiceAccountKey(Path privateKey, Path publicKey) {

  static ServiceAccountKey generate(Path dir) throws IOException {
    KeyPair pair;
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(2048);
      pair = generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("RSA is not available in this JDK", e);
    }
    Path privateKey = dir.resolve("sa.key");
    Path publicKey = dir.resolve("sa.pub");
    Files.writeString(privateKey, pem("PRIVATE KEY", pair.getPrivate().getEncoded()));
    Files.writeString(publicKey, pem("PUBLIC KEY", pair.getPublic().getEncoded()));
    return new ServiceAccountKey(privateKey, publicKey);
  }

  private static String pem(String type, byte[] der) {
    String body = Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der);
    return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
  }
}
