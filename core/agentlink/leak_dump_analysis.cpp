#include "core/agentlink/leak_dump_analysis.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "core/analysis/hprof_shrink.h"
#include "core/analysis/leak_analysis.h"
#include "core/analysis/leak_chain_json.h"
#include "core/analysis/leak_trace_text.h"
#include "core/hprof/dump_source.h"
#include "core/hprof/heap_index.h"
#include "core/hprof/matrix_upload_zip.h"

namespace mxi::core::agentlink {

namespace {

// Which of `classes` the leak is of: its class, or one of its leaking objects' classes ("": none).
std::string leakOf(const hprof::HeapIndex& index, const analysis::Leak& leak, const std::vector<std::string>& classes) {
  auto listed = [&](const std::string& name) {
    return std::find(classes.begin(), classes.end(), name) != classes.end();
  };
  if (listed(leak.className)) return leak.className;
  for (const hprof::ObjectId id : leak.leakingObjectIds) {
    if (const auto object = index.find(id)) {
      if (std::string name = analysis::chainClassName(index, *object); listed(name)) return name;
    }
  }
  return {};
}

// The dump shrunk (Matrix's HprofBufferShrinker semantics: chains unchanged) into `zipPath`.
Status writeZip(const hprof::HeapIndex& index, const LeakDumpRequest& request, ProgressSink& progress,
                const CancelToken& cancel) {
  const std::string part = request.zipPath + ".hprof.part";
  FILE* file = std::fopen(part.c_str(), "wb");
  if (file == nullptr) return ioError("cannot create " + part);
  auto shrunk = analysis::shrinkDump(
      index,
      [&](std::span<const uint8_t> chunk) {
        return std::fwrite(chunk.data(), 1, chunk.size(), file) == chunk.size() ? okStatus()
                                                                                : ioError("writing " + part);
      },
      progress, cancel);
  const bool closed = std::fclose(file) == 0;
  std::error_code ignored;
  if (!shrunk.ok() || !closed) {
    std::filesystem::remove(part, ignored);
    return shrunk.ok() ? ioError("writing " + part) : shrunk.status();
  }
  hprof::MatrixResultInfo info;
  info.all = request.resultInfo;
  auto take = [&](const char* key) {
    const auto it = info.all.find(key);
    return it == info.all.end() ? std::string("unknown") : it->second;
  };
  info.sdkVersion = take("sdkVersion");
  info.manufacturer = take("manufacturer");
  info.leakedActivityKey = request.key.empty() ? request.activity : request.key;
  info.hprofEntry = std::filesystem::path(request.zipPath).stem().string() + "_shrink.hprof";
  const Status zipped = hprof::writeMatrixUploadZip(request.zipPath, part, info);
  std::filesystem::remove(part, ignored);
  if (!zipped.ok()) std::filesystem::remove(request.zipPath, ignored);
  return zipped;
}

}  // namespace

StatusOr<LeakDumpFindings> analyseLeakDump(const LeakDumpRequest& request, ProgressSink& progress,
                                           const CancelToken& cancel) {
  LeakDumpFindings findings;
  std::error_code ignored;
  findings.dumpBytes = std::filesystem::file_size(request.dumpPath, ignored);
  ASSIGN_OR_RETURN(auto source, withContext(hprof::openDump(request.dumpPath, {}, progress, cancel),
                                            "opening the heap dump " + request.dumpPath));
  hprof::IndexOptions indexOptions;
  indexOptions.threads = 1;  // beside a recording: one core, not every one
  ASSIGN_OR_RETURN(auto index, withContext(hprof::HeapIndex::build(std::move(source), indexOptions, progress, cancel),
                                           "indexing the heap dump " + request.dumpPath));
  // The analysis `mxi leaks` runs by default: every finder, retained sizes, Java locals last.
  const analysis::LeakOptions options;
  ASSIGN_OR_RETURN(auto report, withContext(analysis::analyzeLeaks(*index, options, progress, cancel),
                                            "finding leaks in " + request.dumpPath));
  const analysis::Leak* leak = nullptr;
  const std::vector<std::string> classes =
      request.candidates.empty() ? std::vector{request.activity} : request.candidates;
  for (const auto* list : {&report.leaks, &report.libraryLeaks}) {
    for (const analysis::Leak& candidate : *list) {
      if (leak != nullptr) break;
      if (std::string of = leakOf(*index, candidate, classes); !of.empty()) {
        leak = &candidate;
        findings.activity = std::move(of);
      }
    }
  }
  if (leak != nullptr) {
    findings.found = true;
    findings.chain = analysis::leakChainJson(leak->chain);
    findings.chainText = analysis::leakTraceText(leak->chain);
    findings.signature = leak->signature;
    findings.finder = leak->finder;
    findings.retainedBytes = leak->retainedBytes;
    findings.instances = leak->leakingObjectIds.size();
  } else {
    findings.note = "no leak of " + request.activity + " in the heap dump (" + std::to_string(report.leaks.size()) +
                    " other application leak(s), " + std::to_string(report.notStronglyReachable) +
                    " candidate(s) only weakly reachable): it was collected between the verdict and the dump";
  }
  RETURN_IF_ERROR(writeZip(*index, request, progress, cancel).withContext("keeping the heap dump"));
  findings.zipBytes = std::filesystem::file_size(request.zipPath, ignored);
  index.reset();  // unmaps the dump before it goes
  std::filesystem::remove(request.dumpPath, ignored);
  return findings;
}

}  // namespace mxi::core::agentlink
