// Runs VisualVM's heap library (Debian package visualvm, org-graalvm-visualvm-lib-jfluid-heap.jar)
// on a dump: times its steps for side-by-side figures with mxi (modes summary, histogram,
// gcroot: one JSON object with the milliseconds of each step; paths CLASS [retained]: GC-root path
// lengths, then optionally retained sizes, of every instance of CLASS), or lists its instances per class (mode
// classcounts) for the cross-check test. Usage: VisualVmHeap DUMP MODE [CLASS]
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
    } else if (mode.equals("classcounts")) {
      // Instances per class as JSON, for the cross-check test against mxi histogram.
      out.setLength(0);
      out.append('{');
      String sep = "";
      for (JavaClass c : heap.getAllClasses()) {
        if (c.getInstancesCount() == 0) continue;
        out.append(sep).append('"').append(c.getName().replace("\\", "\\\\").replace("\"", "\\\"")).append("\": ")
            .append(c.getInstancesCount());
        sep = ", ";
      }
      System.out.println(out.append('}'));
      return;
    } else if (mode.equals("paths")) {
      // What `mxi leaks --class CLASS` computes: the path to a GC root of each instance, then
      // each instance's retained size (VisualVM builds its dominator tree for the first one).
      JavaClass target = heap.getJavaClassByName(args[2]);
      List<Instance> instances = target.getInstances();
      lap();
      StringBuilder lengths = new StringBuilder();
      for (Instance i : instances) {
        int length = 1;
        for (Instance at = i; at != null && !at.isGCRoot(); at = at.getNearestGCRootPointer()) length++;
        lengths.append(lengths.length() == 0 ? "" : ",").append(length);
      }
      out.append(String.format(", \"pathsMs\": %.0f, \"pathLengths\": [%s]", lap(), lengths));
      if (args.length > 3 && args[3].equals("retained")) {
        StringBuilder retained = new StringBuilder();
        for (Instance i : instances) retained.append(retained.length() == 0 ? "" : ",").append(i.getRetainedSize());
        out.append(String.format(", \"retainedMs\": %.0f, \"retained\": [%s]", lap(), retained));
      }
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
