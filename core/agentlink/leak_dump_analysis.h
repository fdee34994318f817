// The desktop half of the leak watch's `auto` mode (docs/LEAKS.md): the heap dump taken after an
// Activity leak verdict is analysed here, off the phone, with the analysis `mxi leaks` runs; the
// leak of that Activity's class is picked, and the dump is kept shrunk as a Matrix ResourceCanary
// upload zip (result.info naming the leaked activity) that `openDump`, `mxi leaks` and `mxi triage`
// read like one from the SDK. Synchronous; the LiveRecorder runs it beside its loop.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/cancel_token.h"
#include "core/base/progress.h"
#include "core/base/status.h"

namespace mxi::core::agentlink {

struct LeakDumpRequest {
  std::string dumpPath;  // the dump as it arrived (removed once the zip holds it)
  std::string activity;  // the verdict's "activity": the leaked Activity's fully qualified class
  std::string zipPath;   // the upload zip to write
  std::string key;       // result.info leakedActivityKey (the verdict's ref_key, else the activity)
  // More result.info keys (packageName, sdkVersion, manufacturer, …): the zip names its app.
  std::map<std::string, std::string> resultInfo;
  // A candidates verdict (one of several destroyed Activities leaked; `activity` says "one of …"):
  // their classes. The dump's leak of any of them is picked.
  std::vector<std::string> candidates;
};

struct LeakDumpFindings {
  bool found = false;                                              // the dump holds a leak of that Activity
  std::string activity;                                            // the class of the leak found
  nlohmann::ordered_json chain = nlohmann::ordered_json::array();  // leakChainJson of its chain
  std::string chainText;                                           // leakTraceText of it
  std::string signature;
  std::string finder;
  uint64_t retainedBytes = 0;
  size_t instances = 0;  // leaking objects of the leak
  // When nothing was found: why ("no leak of X in the dump: 2 other leaks, …").
  std::string note;
  uint64_t dumpBytes = 0, zipBytes = 0;
};

// Analyses the dump, picks the leak whose leaking object is an instance of `activity` (or of one
// of the `candidates`; an application leak first, else a library leak, each in the analysis's
// order), writes the zip and removes the dump. The zip is written also when no leak of that class
// is found (the dump is still evidence).
StatusOr<LeakDumpFindings> analyseLeakDump(const LeakDumpRequest& request, ProgressSink& progress,
                                           const CancelToken& cancel);

}  // namespace mxi::core::agentlink
