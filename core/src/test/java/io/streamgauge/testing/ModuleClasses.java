package io.streamgauge.testing;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/**
 * A module's own main classes, for its architecture tests: not its dependencies' nor its tests'.
 */
public final class ModuleClasses {

  private ModuleClasses() {}

  /** The classes in the jar or directory {@code anyOfThem} was loaded from. */
  public static JavaClasses of(Class<?> anyOfThem) {
    try {
      Path classes = Path.of(anyOfThem.getProtectionDomain().getCodeSource().getLocation().toURI());
      return new ClassFileImporter().importLocations(List.of(Location.of(classes)));
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
