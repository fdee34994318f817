// Leak finders: which objects should be gone but may still be held (docs/LEAKS.md).
//  - matrix:     Matrix ResourceCanary's DestroyedActivityInfo markers (mKey, mActivityName,
//                mActivityRef → referent);
//  - leakcanary: LeakCanary's KeyedWeakReference (new and old package) with a referent;
//  - android:    framework objects that are finished but exist: destroyed or finished
//                Activities, Fragments without a FragmentManager, detached root Views and Views
//                of destroyed Activities, Dialogs whose Window is destroyed, cleared ViewModels;
//  - explicit:   objects or classes the user names.
// A finder only nominates; the analysis keeps the candidates a strong path still reaches.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/analysis/heap_graph.h"

namespace mxi::core::analysis {

struct LeakCandidate {
  hprof::ObjectIndex object;
  std::string finder;       // "matrix", "leakcanary", "android", "explicit"
  std::string key;          // Matrix / LeakCanary key, else empty
  std::string description;  // what the marker says (activity name, LeakCanary description…)
  std::string reason;       // why the object is leaking, for its chain node
};

struct FinderOptions {
  bool matrix = true;
  bool leakcanary = true;
  bool android = true;
  std::optional<std::string> matrixKey;  // only this DestroyedActivityInfo key
  std::vector<hprof::ObjectId> objects;  // explicit: these objects
  std::vector<std::string> classes;      // explicit: every instance of these classes
};

// Candidates in finder order (matrix, leakcanary, android, explicit); an object nominated by
// several finders appears once, under the first.
std::vector<LeakCandidate> findLeakCandidates(const HeapGraph& graph, const FinderOptions& options);

}  // namespace mxi::core::analysis
