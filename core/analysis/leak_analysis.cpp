#include "core/analysis/leak_analysis.h"

#include <xxhash.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <unordered_set>

#include "core/analysis/shortest_paths.h"

namespace mxi::core::analysis {

using hprof::ObjectIndex;

namespace {

// What a leak's objects retain together: each object once, so those dominated by another
// leaking object of the same leak are not added again.
uint64_t retainedOnce(const std::vector<ObjectIndex>& objects, const HeapDominators& dominators) {
  std::unordered_set<uint32_t> members;
  for (ObjectIndex o : objects) members.insert(o.value);
  uint64_t bytes = 0;
  for (ObjectIndex o : objects) {
    bool nested = false;
    for (ObjectIndex d = dominators.immediateDominator(o); d != hprof::kNoObject && !nested;
         d = dominators.immediateDominator(d)) {
      nested = members.count(d.value) > 0;
    }
    if (!nested) bytes += dominators.retainedBytes(o);
  }
  return bytes;
}

// Biggest first, then most objects (stable: ties keep the finders' order).
void sortBiggestFirst(LeakReport& report) {
  for (auto* list : {&report.leaks, &report.libraryLeaks}) {
    std::stable_sort(list->begin(), list->end(), [](const Leak& a, const Leak& b) {
      if (a.retainedBytes != b.retainedBytes) return a.retainedBytes > b.retainedBytes;
      return a.leakingObjectIds.size() > b.leakingObjectIds.size();
    });
  }
}

bool isThreadRoot(hprof::RootKind kind) {
  switch (kind) {
    case hprof::RootKind::kThreadObject:
    case hprof::RootKind::kJavaFrame:
    case hprof::RootKind::kJniLocal:
    case hprof::RootKind::kNativeStack:
    case hprof::RootKind::kThreadBlock: return true;
    default: return false;
  }
}

class Stopwatch {
 public:
  double lapMs() {
    const auto now = std::chrono::steady_clock::now();
    const double ms = std::chrono::duration<double, std::milli>(now - m_last).count();
    m_last = now;
    return ms;
  }

 private:
  std::chrono::steady_clock::time_point m_last = std::chrono::steady_clock::now();
};

}  // namespace

std::string chainClassName(const hprof::HeapIndex& index, ObjectIndex object) {
  if (index.kindOf(object) == hprof::ObjectKind::kClass) {
    const auto self = index.classForObject(object);
    return self ? index.classInfo(*self).name : "java.lang.Class";
  }
  const hprof::ClassIndex cls = index.classOf(object);
  return cls == hprof::kNoClass ? "<unknown class>" : index.classInfo(cls).name;
}

std::vector<int> knownReferencesOnPath(const KnownReferenceMatcher& known, const std::vector<ObjectIndex>& path,
                                       const std::vector<ChainNode>& chain, const hprof::GcRoot* root) {
  std::vector<int> patterns;
  if (const int p = root ? known.matchRoot(*root) : -1; p >= 0) patterns.push_back(p);
  for (size_t i = 1; i < chain.size() && i < path.size(); ++i) {
    const ReferenceName& r = chain[i].reference;
    if (r.type == ReferenceName::Type::kInstanceField || r.type == ReferenceName::Type::kStaticField) {
      const int p = known.matchField(path[i - 1], r.name, r.type == ReferenceName::Type::kStaticField);
      if (p >= 0) patterns.push_back(p);
    }
  }
  return patterns;
}

std::vector<ChainNode> describePath(const hprof::HeapIndex& index, const std::vector<ObjectIndex>& path,
                                    const hprof::GcRoot* root) {
  std::vector<ChainNode> chain;
  const AndroidObjects android(index);
  for (size_t i = 0; i < path.size(); ++i) {
    ChainNode node;
    node.className = chainClassName(index, path[i]);
    node.objectId = index.idOf(path[i]);
    bool rootThread = false;
    if (i == 0) {
      node.reference.type = ReferenceName::Type::kRoot;
      node.reference.name = root ? std::string(hprof::rootKindName(root->kind)) : "root";
      if (root && isThreadRoot(root->kind)) {
        if (const hprof::ThreadInfo* t = index.threadBySerial(root->threadSerial)) node.rootThread = t->name;
        rootThread = root->kind == hprof::RootKind::kThreadObject;
      }
    } else {
      node.reference = nameReference(index, path[i - 1], path[i]);
    }
    const StatusVerdict v = inspectObject(android, path[i], rootThread);
    node.status = v.status;
    node.reason = v.reason;
    chain.push_back(std::move(node));
  }
  return chain;
}

namespace {

// Class names the JVM makes up per run — hidden classes ("Foo$$Lambda$13+0x0000…") — lose the
// parts that change between runs, so the same code gives the same signature.
std::string stableClassName(std::string name) {
  if (const size_t plus = name.find("+0x"); plus != std::string::npos) name.erase(plus);
  if (const size_t lambda = name.find("$$Lambda$"); lambda != std::string::npos) name.erase(lambda + 8);
  return name;
}

}  // namespace

std::string leakSignature(const std::vector<ChainNode>& chain) {
  std::string text;
  for (const ChainNode& node : chain) {
    if (!node.suspect) continue;
    const std::string name =
        node.reference.type == ReferenceName::Type::kArrayElement ? std::string("[x]") : node.reference.name;
    text += stableClassName(node.reference.owner) + "." + name + "\n";
  }
  const XXH128_hash_t h = XXH3_128bits(text.data(), text.size());
  char hex[33];
  std::snprintf(hex, sizeof hex, "%016llx%016llx", static_cast<unsigned long long>(h.high64),
                static_cast<unsigned long long>(h.low64));
  return hex;
}

StatusOr<LeakReport> analyzeLeaks(const hprof::HeapIndex& index, const LeakOptions& options, ProgressSink& progress,
                                  const CancelToken& cancel) {
  LeakReport report;
  report.knownReferences = options.knownReferences;
  Stopwatch clock;
  const HeapGraph graph(index);
  std::vector<LeakCandidate> candidates = findLeakCandidates(graph, options.finders);
  report.candidates = candidates.size();
  report.timingsMs.emplace_back("find", clock.lapMs());

  const KnownReferenceMatcher known(index, options.knownReferences);
  std::vector<ObjectIndex> targets;
  for (const LeakCandidate& c : candidates) targets.push_back(c.object);
  ASSIGN_OR_RETURN(std::unique_ptr<ShortestPaths> paths,
                   ShortestPaths::compute(graph, known, targets, progress, cancel, options.javaLocalsLast));
  report.timingsMs.emplace_back("paths", clock.lapMs());

  std::unique_ptr<HeapDominators> computed;
  const HeapDominators* dominators = options.precomputed;
  if (!dominators && options.retainedSizes && !candidates.empty()) {
    ASSIGN_OR_RETURN(computed, HeapDominators::compute(graph, options.dominators, progress, cancel));
    dominators = computed.get();
    report.timingsMs.emplace_back("dominators", clock.lapMs());
  }

  struct Group {
    Leak leak;
    std::vector<ObjectIndex> objects;
  };
  std::map<std::pair<bool, std::string>, Group> groups;  // (library, signature)
  // Deduplication as Shark does: an object whose shortest path runs through another leaking
  // object (an activity's detached view tree, held only through the activity) is that leak's
  // doing; counting it again would report "2 × Activity" for one leaked activity.
  std::unordered_set<uint32_t> reachableCandidates;
  for (const LeakCandidate& c : candidates) {
    if (paths->isReached(c.object) && !paths->onlyThroughIgnored(c.object)) reachableCandidates.insert(c.object.value);
  }
  for (const LeakCandidate& c : candidates) {
    // Held only through an ignored reference (as LeakCanary ignores it): no leak.
    const std::vector<ObjectIndex> path = paths->pathTo(c.object);
    if (path.empty() || paths->onlyThroughIgnored(c.object)) {
      ++report.notStronglyReachable;
      continue;
    }
    if (std::any_of(path.begin(), path.end() - 1,
                    [&](ObjectIndex o) { return reachableCandidates.count(o.value) > 0; })) {
      ++report.heldThroughOtherLeaks;
      continue;
    }
    std::vector<ChainNode> chain = describePath(index, path, paths->rootOf(path.front()));
    chain.back().status = LeakingStatus::kYes;
    chain.back().reason = c.reason;
    std::vector<StatusVerdict> verdicts;
    std::vector<std::string> names;
    for (const ChainNode& node : chain) {
      verdicts.push_back({node.status, node.reason});
      names.push_back(node.className);
    }
    const SuspectRange suspects = propagateStatuses(verdicts, names);
    for (size_t i = 0; i < chain.size(); ++i) {
      chain[i].status = verdicts[i].status;
      chain[i].reason = verdicts[i].reason;
      chain[i].suspect = i >= suspects.first && i <= suspects.last;
    }
    // A library leak: its shortest path still starts at or goes through a known reference.
    const std::vector<int> patterns = knownReferencesOnPath(known, path, chain, paths->rootOf(path.front()));
    const int pattern = patterns.empty() ? -1 : patterns.front();
    const std::string signature = leakSignature(chain);
    Group& g = groups[{pattern >= 0, signature}];
    if (g.objects.empty() || chain.size() < g.leak.chain.size()) {
      g.leak.chain = std::move(chain);
      g.leak.className = g.leak.chain.back().className;
      g.leak.finder = c.finder;
      g.leak.key = c.key;
      g.leak.description = c.description;
    }
    g.leak.signature = signature;
    g.leak.pattern = pattern;
    g.leak.leakingObjectIds.push_back(index.idOf(c.object));
    g.objects.push_back(c.object);
  }

  for (auto& [key, g] : groups) {
    if (dominators) g.leak.retainedBytes = retainedOnce(g.objects, *dominators);
    (key.first ? report.libraryLeaks : report.leaks).push_back(std::move(g.leak));
  }
  sortBiggestFirst(report);
  report.timingsMs.emplace_back("chains", clock.lapMs());
  return report;
}

void addRetainedSizes(LeakReport& report, const hprof::HeapIndex& index, const HeapDominators& dominators) {
  for (auto* list : {&report.leaks, &report.libraryLeaks}) {
    for (Leak& leak : *list) {
      std::vector<ObjectIndex> objects;
      for (hprof::ObjectId id : leak.leakingObjectIds) {
        if (const auto o = index.find(id)) objects.push_back(*o);
      }
      leak.retainedBytes = retainedOnce(objects, dominators);
    }
  }
  sortBiggestFirst(report);
}

}  // namespace mxi::core::analysis
