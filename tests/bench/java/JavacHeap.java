// Builds a large, realistic Java heap for the hprof benchmark: javac (javax.tools) parses and
// attributes JDK sources from src.zip and keeps every tree, symbol and type alive.
// Usage: java JavacHeap SRC_ZIP MAX_FILES WORK_DIR READY_FILE
// Sources are extracted to WORK_DIR and compiled into their own modules (--patch-module), as
// the JDK build does, so javac attributes them without errors. Writes READY_FILE (with the
// pid) when the heap is built, then waits to be dumped and killed.
import com.sun.source.util.JavacTask;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

public class JavacHeap {
  static final List<Object> KEEP = new ArrayList<>();

  public static void main(String[] args) throws Exception {
    int maxFiles = Integer.parseInt(args[1]);
    Path work = Path.of(args[2]);
    List<Path> files = new ArrayList<>();
    Set<String> modules = new TreeSet<>();
    // java.base first, then the other big modules, until MAX_FILES sources are taken. The first
    // five hold 8,327 files (≈ 1.9 GB of dump); the rest, appended so smaller dumps stay as they
    // were, let the growth benchmark (heap_growth_bench.sh) reach ≈ 3 GB.
    List<String> order = List.of("java.base/", "java.desktop/", "java.xml/", "jdk.compiler/", "java.net.http/",
        "jdk.localedata/", "jdk.hotspot.agent/", "java.management/", "java.xml.crypto/", "jdk.jdi/", "jdk.jfr/",
        "jdk.javadoc/", "java.security.jgss/", "java.naming/");
    try (ZipFile zip = new ZipFile(args[0])) {
      for (String prefix : order) {
        for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements() && files.size() < maxFiles; ) {
          ZipEntry entry = e.nextElement();
          String name = entry.getName();
          if (!name.startsWith(prefix) || !name.endsWith(".java") || name.endsWith("module-info.java")) continue;
          Path out = work.resolve(name);
          Files.createDirectories(out.getParent());
          Files.write(out, zip.getInputStream(entry).readAllBytes());
          files.add(out);
          modules.add(prefix.substring(0, prefix.length() - 1));
        }
      }
    }
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    StandardJavaFileManager fm = compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8);
    List<String> options = new ArrayList<>(List.of("-proc:none", "-implicit:none", "-nowarn", "-Xlint:none", "-XDignore.symbol.file"));
    for (String m : modules) {
      options.add("--patch-module");
      options.add(m + "=" + work.resolve(m));
    }
    JavacTask task = (JavacTask) compiler.getTask(null, fm, d -> {}, options, null, fm.getJavaFileObjectsFromPaths(files));
    KEEP.add(task);
    KEEP.add(task.parse());
    try {
      KEEP.add(task.analyze());
    } catch (Throwable t) {
      // A javac internal error stops attribution early; the trees built so far stay referenced.
      System.err.println("javac stopped: " + t);
    }
    System.err.println("held " + files.size() + " files of " + modules);
    Files.writeString(Path.of(args[3]), Long.toString(ProcessHandle.current().pid()));
    Thread.sleep(Long.MAX_VALUE);
  }
}
