package io.streamgauge.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The TCP sockets a process listens on, read from Linux's {@code /proc}: the socket inodes among
 * its file descriptors, looked up in {@code /proc/net/tcp} and {@code tcp6} (state {@code 0A}).
 */
public final class ListeningSockets {

  private static final String LISTEN = "0A";

  private ListeningSockets() {}

  /** The addresses {@code pid} listens on; empty when it has ended. */
  public static List<InetSocketAddress> of(long pid) throws IOException {
    Set<String> inodes = socketInodes(pid);
    List<InetSocketAddress> listening = new ArrayList<>();
    if (inodes.isEmpty()) {
      return listening; // no socket, or the process ended
    }
    for (String table : List.of("tcp", "tcp6")) {
      List<String> lines;
      try {
        lines = Files.readAllLines(Path.of("/proc", String.valueOf(pid), "net", table));
      } catch (NoSuchFileException ended) {
        return List.of();
      }
      for (String line : lines) {
        String[] fields = line.trim().split("\\s+");
        if (fields.length > 9 && fields[3].equals(LISTEN) && inodes.contains(fields[9])) {
          listening.add(address(fields[1]));
        }
      }
    }
    return listening;
  }

  private static Set<String> socketInodes(long pid) throws IOException {
    Set<String> inodes = new HashSet<>();
    try (Stream<Path> fds = Files.list(Path.of("/proc", String.valueOf(pid), "fd"))) {
      for (Path fd : fds.toList()) {
        try {
          String target = Files.readSymbolicLink(fd).toString();
          if (target.startsWith("socket:[")) {
            inodes.add(target.substring("socket:[".length(), target.length() - 1));
          }
        } catch (NoSuchFileException closed) {
          // closed while listed
        }
      }
    } catch (NoSuchFileException ended) {
      return Set.of();
    }
    return inodes;
  }

  /** {@code 0100007F:1F90}: the address as the kernel stores it (32-bit words in host order). */
  private static InetSocketAddress address(String field) throws UnknownHostException {
    String[] parts = field.split(":");
    byte[] stored = HexFormat.of().parseHex(parts[0]);
    byte[] bytes = new byte[stored.length];
    for (int word = 0; word < stored.length; word += 4) {
      for (int i = 0; i < 4; i++) {
        bytes[word + i] = stored[word + 3 - i];
      }
    }
    return new InetSocketAddress(InetAddress.getByAddress(bytes), Integer.parseInt(parts[1], 16));
  }
}
