// Times VisualVM's heap library (Debian package visualvm, org-graalvm-visualvm-lib-jfluid-heap.jar)
// on a dump, for side-by-side figures with mxi. Usage: VisualVmHeap DUMP summary|histogram|gcroot
// Prints one JSON object with the elapsed milliseconds of each step.
import java.io.File;
import java.util.List;
import org.graalvm.visualvm.lib.jfluid.heap.Heap;
import org.graalvm.visualvm.lib.jfluid.heap.HeapFactory;
import org.graalvm.visualvm.lib.jfluid.heap.HeapSummary;
import org.graalvm.visualvm.lib.jfluid.heap.Instance;
import org.graalvm.visualvm.lib.jfluid.heap.JavaClass;

public class VisualVmHeap {
  static long start = System.nanoTime();

  static double lap() {
    long now = System.nanoTime();
    double ms = (now - start) / 1e6;
    start = now;
    return ms;
  }

  public static void main(String[] args) throws Exception {
    String mode = args[1];
    Heap heap = HeapFactory.createHeap(new File(args[0]));
    double open = lap();
    HeapSummary summary = heap.getSummary();
    double summaryMs = lap();
    StringBuilder out = new StringBuilder();
    out.append(String.format("{\"openMs\": %.0f, \"summaryMs\": %.0f, \"instances\": %d", open, summaryMs,
        summary.getTotalLiveInstances()));
    if (mode.equals("histogram")) {
      long count = 0, bytes = 0;
      List<JavaClass> classes = heap.getAllClasses();
      for (JavaClass c : classes) {
        count += c.getInstancesCount();
        bytes += c.getAllInstancesSize();
      }
      out.append(String.format(", \"histogramMs\": %.0f, \"classes\": %d, \"count\": %d, \"bytes\": %d", lap(),
          classes.size(), count, bytes));
    } else if (mode.equals("gcroot")) {
      // The first GC-root path: from an instance of the class with the most instances.
      JavaClass biggest = null;
      for (JavaClass c : heap.getAllClasses()) {
        if (biggest == null || c.getInstancesCount() > biggest.getInstancesCount()) biggest = c;
      }
      lap();
      List<Instance> instances = biggest.getInstances();
      Instance at = instances.get(instances.size() / 2);
      int length = 0;
      while (at != null && !at.isGCRoot()) {
        at = at.getNearestGCRootPointer();
        length++;
      }
      out.append(String.format(", \"gcRootPathMs\": %.0f, \"pathLength\": %d, \"fromClass\": \"%s\"", lap(), length,
          biggest.getName()));
    }
    System.out.println(out.append('}'));
  }
}
