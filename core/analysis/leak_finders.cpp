#include "core/analysis/leak_finders.h"

#include <unordered_set>

#include "core/analysis/android_objects.h"

namespace mxi::core::analysis {

using hprof::ClassIndex;
using hprof::ObjectIndex;

namespace {

// Every instance of `cls` or its subclasses, in object order.
std::vector<ObjectIndex> instancesOf(const hprof::HeapIndex& index, ClassIndex cls) {
  std::vector<uint8_t> match(index.classCount(), 0);
  for (uint32_t c = 0; c < index.classCount(); ++c) match[c] = index.isSubclassOf(ClassIndex{c}, cls) ? 1 : 0;
  std::vector<ObjectIndex> out;
  for (uint32_t i = 0; i < index.objectCount(); ++i) {
    const uint32_t c = index.classOf(ObjectIndex{i}).value;
    if (c < match.size() && match[c] && index.kindOf(ObjectIndex{i}) == hprof::ObjectKind::kInstance) {
      out.push_back(ObjectIndex{i});
    }
  }
  return out;
}

class Collector {
 public:
  explicit Collector(std::vector<LeakCandidate>& out) : m_out(out) {}
  void add(LeakCandidate c) {
    if (c.object != hprof::kNoObject && m_seen.insert(c.object.value).second) m_out.push_back(std::move(c));
  }

 private:
  std::vector<LeakCandidate>& m_out;
  std::unordered_set<uint32_t> m_seen;
};

void findMatrix(const HeapGraph& graph, const AndroidObjects& android, const FinderOptions& options, Collector& out) {
  const auto cls = graph.index().findClass("com.tencent.matrix.resource.analyzer.model.DestroyedActivityInfo");
  if (!cls) return;
  for (ObjectIndex info : instancesOf(graph.index(), *cls)) {
    const std::string key = android.stringField(info, "mKey").value_or("");
    if (options.matrixKey && key != *options.matrixKey) continue;
    const auto ref = android.objectField(info, "mActivityRef");
    if (!ref || *ref == hprof::kNoObject) continue;
    const std::string name = android.stringField(info, "mActivityName").value_or("");
    out.add(
        {graph.referentOf(*ref), "matrix", key, name, "Matrix DestroyedActivityInfo " + key + " marks it destroyed"});
  }
}

void findLeakCanary(const HeapGraph& graph, const AndroidObjects& android, Collector& out) {
  for (const char* name : {"leakcanary.KeyedWeakReference", "com.squareup.leakcanary.KeyedWeakReference"}) {
    const auto cls = graph.index().findClass(name);
    if (!cls) continue;
    for (ObjectIndex ref : instancesOf(graph.index(), *cls)) {
      const std::string key = android.stringField(ref, "key").value_or("");
      std::string description =
          android.stringField(ref, "description").value_or(android.stringField(ref, "name").value_or(""));
      const auto watched = android.intField(ref, "watchUptimeMillis");
      const auto retained = android.intField(ref, "retainedUptimeMillis");
      if (watched && retained && *retained >= 0) {
        description += (description.empty() ? "" : "; ") + std::string("retained ") +
                       std::to_string(*retained - *watched) + " ms after it was watched";
      }
      out.add({graph.referentOf(ref), "leakcanary", key, description,
               "LeakCanary KeyedWeakReference " + key + " is retained"});
    }
  }
}

void findAndroid(const HeapGraph& graph, const AndroidObjects& android, Collector& out) {
  const hprof::HeapIndex& index = graph.index();
  auto each = [&](std::optional<ClassIndex> cls, auto&& state, const char* kind) {
    if (!cls) return;
    for (ObjectIndex o : instancesOf(index, *cls)) {
      if (const auto s = state(o); s && s->finished) out.add({o, "android", "", kind, s->reason});
    }
  };
  each(
      android.activity, [&](ObjectIndex o) { return android.activityState(o); }, "Activity");
  for (const auto& f : {android.fragment, android.androidxFragment, android.supportFragment}) {
    each(
        f, [&](ObjectIndex o) { return android.fragmentState(o); }, "Fragment");
  }
  // Views: only the root of each hierarchy (its parent is null or not a View, e.g. ViewRootImpl),
  // one report per leaked hierarchy rather than one per view.
  each(
      android.view,
      [&](ObjectIndex o) -> std::optional<AndroidObjects::State> {
        const auto parent = android.objectField(o, "mParent");
        if (parent && *parent != hprof::kNoObject && android.isInstanceOf(*parent, *android.view)) return std::nullopt;
        const auto s = android.viewState(o);
        // A detached root view counts only when the dump can tell it was attached once.
        if (s && s->finished && s->reason.starts_with("View.mAttachInfo") &&
            !android.intField(o, "mWindowAttachCount")) {
          return std::nullopt;
        }
        return s;
      },
      "View");
  each(
      android.dialog, [&](ObjectIndex o) { return android.dialogState(o); }, "Dialog");
  each(
      android.viewModel, [&](ObjectIndex o) { return android.viewModelState(o); }, "ViewModel");
}

void findExplicit(const HeapGraph& graph, const FinderOptions& options, Collector& out) {
  const hprof::HeapIndex& index = graph.index();
  for (hprof::ObjectId id : options.objects) {
    if (const auto o = index.find(id)) out.add({*o, "explicit", "", "named object", "named on the command line"});
  }
  for (const std::string& name : options.classes) {
    const auto cls = index.findClass(name);
    if (!cls) continue;
    for (ObjectIndex o : instancesOf(index, *cls))
      out.add({o, "explicit", "", "instance of " + name, "instance of " + name});
  }
}

}  // namespace

std::vector<LeakCandidate> findLeakCandidates(const HeapGraph& graph, const FinderOptions& options) {
  std::vector<LeakCandidate> out;
  Collector collector(out);
  const AndroidObjects android(graph.index());
  if (options.matrix) findMatrix(graph, android, options, collector);
  if (options.leakcanary) findLeakCanary(graph, android, collector);
  if (options.android) findAndroid(graph, android, collector);
  findExplicit(graph, options, collector);
  return out;
}

}  // namespace mxi::core::analysis
