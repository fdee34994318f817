#include "core/triage/triage_run.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>

#include "core/base/worker_pool.h"
#include "core/triage/session_retrace.h"

namespace mxi::core::triage {
namespace {

using Clock = std::chrono::steady_clock;

bool isSessionLike(CaptureType type) { return type != CaptureType::kHeapDump; }

CaptureInfo failedInfo(const CaptureFile& file, const std::string& hash, const Status& error) {
  CaptureInfo info;
  info.path = file.path;
  info.hash = hash;
  info.sizeBytes = file.sizeBytes;
  info.capturedAtMs = file.modifiedMs;
  info.kind = captureTypeName(file.type);
  info.error = error.toString();
  return info;
}

// Everything the workers share; every member is guarded by `mutex` except the store, which
// has its own lock (one connection, used by one thread at a time).
class Run {
 public:
  Run(const std::vector<CaptureFile>& files, TriageStore& store, const TriageOptions& options,
      const std::function<void(const TriageProgress&)>& onProgress, const CancelToken& cancel)
      : m_files(files),
        m_store(store),
        m_options(options),
        m_onProgress(onProgress),
        m_cancel(cancel),
        m_pool(options.workers),
        m_mappings(options.mappings ? options.mappings : std::make_shared<MappingCatalog>()) {
    m_report.captures.resize(files.size());
    for (size_t i = 0; i < files.size(); ++i) m_report.captures[i].path = files[i].path;
    m_budget = options.memoryBudgetBytes ? options.memoryBudgetBytes : defaultMemoryBudget();
    m_progress.total = files.size();
    m_report.mappingsUsed = m_mappings->configured();
  }

  StatusOr<TriageRunReport> go() {
    const auto start = Clock::now();
    {
      ASSIGN_OR_RETURN(auto known, locked([&] { return m_store.signatures(); }));
      for (const auto& s : known) m_report.signaturesBefore.insert(s.signature);
    }
    // 1. Hash everything and drop what the store holds (several readers: a re-run is all this).
    RETURN_IF_ERROR(parallel(m_files.size(), [&](size_t i) { return identify(i); }));
    // 2. Heap dumps, biggest first so the small ones fill in around them.
    std::sort(m_heapQueue.begin(), m_heapQueue.end(),
              [&](size_t a, size_t b) { return m_files[a].sizeBytes > m_files[b].sizeBytes; });
    for (size_t i : m_heapQueue) m_progress.bytesTotal += m_files[i].sizeBytes;
    for (size_t i : m_sessionQueue) m_progress.bytesTotal += m_files[i].sizeBytes;
    m_started = Clock::now();
    report();
    RETURN_IF_ERROR(parallel(m_heapQueue.size(), [&](size_t) { return analyseNextHeap(); }));
    // 3. Sessions and raw captures, oldest first, each judged against the one before it.
    RETURN_IF_ERROR(analyseSessions());
    // The same bytes given twice: the copy reports the mapping its twin was read with.
    std::map<std::string, const CaptureReport*> byHash;
    for (const CaptureReport& c : m_report.captures) {
      if (!c.mapping.empty() || !c.noMapping.empty()) byHash.try_emplace(c.hash, &c);
    }
    for (CaptureReport& c : m_report.captures) {
      const auto twin = byHash.find(c.hash);
      if (c.mapping.empty() && c.noMapping.empty() && twin != byHash.end() && twin->second != &c) {
        c.mapping = twin->second->mapping;
        c.mappingPath = twin->second->mappingPath;
        c.noMapping = twin->second->noMapping;
      }
    }
    for (const CaptureReport& c : m_report.captures) {
      (c.outcome == CaptureOutcome::kAnalysed  ? m_report.analysed
       : c.outcome == CaptureOutcome::kSkipped ? m_report.skipped
                                               : m_report.failed)++;
      m_report.rekeyed += c.rekeyed;
      std::error_code ec;
      m_report.mappingsUsed |= std::filesystem::exists(sidecarMappingPath(c.path), ec);
    }
    m_report.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return std::move(m_report);
  }

 private:
  template <typename F>
  auto locked(F&& f) -> decltype(f()) {
    std::lock_guard lock(m_storeMutex);
    return f();
  }

  // Runs job(0..n-1) on the pool; the first failure stops the others, and wakes the heap
  // workers that wait for memory so they see it.
  Status parallel(size_t n, const std::function<Status(size_t)>& job) {
    return m_pool.run(
        n,
        [&](size_t i) {
          Status s = job(i);
          if (!s.ok()) m_wake.notify_all();
          return s;
        },
        m_cancel);
  }

  Status identify(size_t i) {
    CaptureReport& r = m_report.captures[i];
    auto hash = hashFile(m_files[i].path, m_cancel);
    if (!hash.ok()) {
      if (hash.status().code() == StatusCode::kCancelled) return hash.status();
      // Unreadable: kept under its path, so the next run reports it again without a hash.
      return finish(i, failedInfo(m_files[i], "unreadable:" + m_files[i].path, hash.status()), {});
    }
    r.hash = *hash;
    ASSIGN_OR_RETURN(auto stored, locked([&] { return m_store.captureByHash(r.hash); }));
    // A stored capture whose mapping is now known (or another than it was read with) is analysed
    // again and re-keyed: one problem never becomes two rows because the mapping came late.
    CaptureMapping now;
    if (stored && stored->info.error.empty()) {
      now = m_mappings->find(m_files[i].path, stored->info.appPackage, stored->info.versionCode);
    }
    std::lock_guard lock(m_mutex);
    const bool rekey = stored && now.mapping && now.fingerprint != stored->info.mapping;
    if (stored && !rekey) {
      r.outcome = stored->info.error.empty() ? CaptureOutcome::kSkipped : CaptureOutcome::kFailed;
      r.error = stored->info.error;
      r.mapping = stored->info.mapping;
      if (r.mapping.empty()) r.noMapping = now.missing;
      if (!r.mapping.empty() || now.mapping) r.mappingPath = now.path;
      ++m_progress.done;
    } else if (!m_queuedHashes.insert(r.hash).second) {
      // The same bytes under another name in this run: analysed once.
      r.outcome = CaptureOutcome::kSkipped;
      ++m_progress.done;
    } else {
      if (rekey) m_rekeyFrom[i] = stored->info.mapping;
      (isSessionLike(m_files[i].type) ? m_sessionQueue : m_heapQueue).push_back(i);
    }
    return okStatus();
  }

  // Takes the next heap dump whose estimate fits what is left of the budget (always one when
  // nothing runs), analyses it and stores the result.
  Status analyseNextHeap() {
    size_t i = 0;
    uint64_t need = 0;
    {
      std::unique_lock lock(m_mutex);
      for (;;) {
        if (m_cancel.isCancelled()) return cancelled();
        auto it = std::find_if(m_heapQueue.begin(), m_heapQueue.end(), [&](size_t f) {
          return m_inUse == 0 || m_inUse + estimatedAnalysisBytes(m_files[f]) <= m_budget;
        });
        if (it != m_heapQueue.end()) {
          i = *it;
          m_heapQueue.erase(it);
          break;
        }
        m_wake.wait_for(lock, std::chrono::milliseconds(100));
      }
      need = estimatedAnalysisBytes(m_files[i]);
      m_inUse += need;
      ++m_progress.running;
    }
    HeapTriageOptions heap = m_options.heap;
    heap.tempDir = m_options.tempDir;
    heap.mappings = m_mappings.get();
    NullProgress quiet;
    CaptureMapping mapping;
    auto result = analyseHeapDump(m_files[i], m_report.captures[i].hash, heap, quiet, m_cancel, &mapping);
    {
      std::lock_guard lock(m_mutex);
      m_inUse -= need;
      --m_progress.running;
    }
    m_wake.notify_all();
    if (!result.ok()) {
      if (result.status().code() == StatusCode::kCancelled) return result.status();
      return finish(i, failedInfo(m_files[i], m_report.captures[i].hash, result.status()), {});
    }
    return finish(i, std::move(result->info), std::move(result->findings), mapping);
  }

  Status analyseSessions() {
    struct Loaded {
      size_t file;
      CaptureInfo info;
      std::shared_ptr<const session::SessionData> data;  // retraced when its mapping is known
      CaptureMapping mapping;
    };
    std::vector<Loaded> loaded;
    for (size_t i : m_sessionQueue) {
      if (m_cancel.isCancelled()) return cancelled();
      auto data = loadSessionCapture(m_files[i], m_options.tempDir, m_cancel);
      if (!data.ok()) {
        if (data.status().code() == StatusCode::kCancelled) return data.status();
        RETURN_IF_ERROR(finish(i, failedInfo(m_files[i], m_report.captures[i].hash, data.status()), {}));
        continue;
      }
      Loaded l{i, sessionCaptureInfo(m_files[i], m_report.captures[i].hash, **data), *data, {}};
      l.mapping = m_mappings->find(m_files[i].path, l.info.appPackage, l.info.versionCode);
      if (l.mapping.mapping) {
        l.data = retraceSession(*l.data, *l.mapping.mapping);
        l.info.mapping = l.mapping.fingerprint;
      }
      loaded.push_back(std::move(l));
    }
    std::sort(loaded.begin(), loaded.end(), [](const Loaded& a, const Loaded& b) {
      return a.info.capturedAtMs != b.info.capturedAtMs ? a.info.capturedAtMs < b.info.capturedAtMs
                                                        : a.info.path < b.info.path;
    });
    for (Loaded& next : loaded) {
      if (m_cancel.isCancelled()) return cancelled();
      ASSIGN_OR_RETURN(auto base, baselineOf(next.info));
      std::vector<Finding> findings = strictModeFindings(*next.data, next.info.appPackage);
      for (auto& f : sqliteLintFindings(*next.data, next.info.appPackage)) findings.push_back(std::move(f));
      if (base) {
        auto regressions = regressionFindings(sessioncompare::compareSessions(*base, *next.data, m_options.compare),
                                              *base, *next.data, next.info.appPackage);
        for (auto& f : regressions) findings.push_back(std::move(f));
      }
      RETURN_IF_ERROR(finish(next.file, next.info, std::move(findings), next.mapping));
    }
    return okStatus();
  }

  // The newest earlier capture of the same app and kind the store holds, still readable.
  StatusOr<std::shared_ptr<const session::SessionData>> baselineOf(const CaptureInfo& next) {
    ASSIGN_OR_RETURN(auto stored, locked([&] { return m_store.captures(); }));
    for (auto it = stored.rbegin(); it != stored.rend(); ++it) {
      const CaptureInfo& c = it->info;
      if (!c.error.empty() || c.kind != next.kind || c.appPackage != next.appPackage ||
          c.capturedAtMs > next.capturedAtMs || c.hash == next.hash) {
        continue;
      }
      CaptureFile file{c.path, CaptureType::kSession, c.sizeBytes, c.capturedAtMs};
      for (CaptureType t :
           {CaptureType::kSession, CaptureType::kFramestats, CaptureType::kMatrixIssues, CaptureType::kAnrTrace}) {
        if (c.kind == captureTypeName(t)) file.type = t;
      }
      // The file must still be the one that was stored.
      auto hash = hashFile(c.path, m_cancel);
      if (!hash.ok() || *hash != c.hash) continue;
      auto data = loadSessionCapture(file, m_options.tempDir, m_cancel);
      if (!data.ok()) continue;
      // Frames compared by their original names too, with the base's own mapping.
      const CaptureMapping mapping = m_mappings->find(c.path, c.appPackage, c.versionCode);
      return mapping.mapping ? retraceSession(**data, *mapping.mapping) : *data;
    }
    return std::shared_ptr<const session::SessionData>();
  }

  Status finish(size_t i, CaptureInfo info, std::vector<Finding> findings, const CaptureMapping& mapping = {}) {
    CaptureResult result{std::move(info), std::move(findings)};
    const bool failed = !result.info.error.empty();
    std::optional<std::string> rekeyFrom;
    {
      std::lock_guard lock(m_mutex);
      if (const auto it = m_rekeyFrom.find(i); it != m_rekeyFrom.end()) rekeyFrom = it->second;
    }
    bool stored = false;
    if (rekeyFrom && failed) {
      // The stored analysis stands: the bytes are the same, what failed now is not theirs.
      stored = false;
    } else if (rekeyFrom) {
      ASSIGN_OR_RETURN(stored, locked([&] { return m_store.replaceCapture(result, *rekeyFrom); }));
    } else {
      ASSIGN_OR_RETURN(stored, locked([&] { return m_store.addCapture(result); }));
    }
    {
      std::lock_guard lock(m_mutex);
      CaptureReport& r = m_report.captures[i];
      if (r.hash.empty()) r.hash = result.info.hash;
      // Another run stored (or re-keyed) it first: it did the work, this one skips it.
      r.outcome = failed ? CaptureOutcome::kFailed : stored ? CaptureOutcome::kAnalysed : CaptureOutcome::kSkipped;
      r.error = result.info.error;
      r.rekeyed = stored && rekeyFrom.has_value();
      r.mapping = result.info.mapping;
      r.mappingPath = mapping.mapping ? mapping.path : std::string();
      r.noMapping = failed || mapping.mapping ? std::string() : mapping.missing;
      ++m_progress.done;
      m_progress.bytesDone += m_files[i].sizeBytes;
    }
    report();
    return okStatus();
  }

  void report() {
    if (!m_onProgress) return;
    TriageProgress p;
    {
      std::lock_guard lock(m_mutex);
      p = m_progress;
    }
    p.elapsedSeconds = std::chrono::duration<double>(Clock::now() - m_started).count();
    if (p.bytesDone > 0 && p.bytesTotal > p.bytesDone) {
      p.etaSeconds =
          p.elapsedSeconds * static_cast<double>(p.bytesTotal - p.bytesDone) / static_cast<double>(p.bytesDone);
    } else if (p.bytesTotal == p.bytesDone) {
      p.etaSeconds = 0;
    }
    std::lock_guard lock(m_reportMutex);
    m_onProgress(p);
  }

  const std::vector<CaptureFile>& m_files;
  TriageStore& m_store;
  const TriageOptions& m_options;
  const std::function<void(const TriageProgress&)>& m_onProgress;
  const CancelToken& m_cancel;
  const WorkerPool m_pool;  // options.workers threads; 0 = one per hardware thread
  const std::shared_ptr<MappingCatalog> m_mappings;
  uint64_t m_budget = 0;

  std::mutex m_mutex, m_storeMutex, m_reportMutex;
  std::condition_variable m_wake;
  TriageRunReport m_report;
  TriageProgress m_progress;
  std::vector<size_t> m_heapQueue, m_sessionQueue;
  std::set<std::string> m_queuedHashes;
  std::map<size_t, std::string> m_rekeyFrom;  // file → the mapping its stored analysis used
  uint64_t m_inUse = 0;
  Clock::time_point m_started = Clock::now();
};

}  // namespace

std::vector<const CaptureReport*> TriageRunReport::withoutMapping() const {
  std::vector<const CaptureReport*> out;
  for (const CaptureReport& c : captures) {
    if (c.outcome != CaptureOutcome::kFailed && c.mapping.empty()) out.push_back(&c);
  }
  return out;
}

const char* outcomeName(CaptureOutcome outcome) {
  switch (outcome) {
    case CaptureOutcome::kAnalysed: return "analysed";
    case CaptureOutcome::kSkipped: return "skipped";
    case CaptureOutcome::kFailed: return "failed";
  }
  return "?";
}

std::string clockText(double seconds) {
  const auto s = static_cast<long long>(seconds + 0.5);
  char text[32];
  std::snprintf(text, sizeof text, "%lld:%02lld", s / 60, s % 60);
  return text;
}

uint64_t estimatedAnalysisBytes(const CaptureFile& file) {
  constexpr uint64_t kFloor = 64ull << 20;
  uint64_t dump = file.sizeBytes;
  std::ifstream in(file.path, std::ios::binary);
  char magic[4] = {};
  in.read(magic, sizeof magic);
  if (magic[0] == '\x1f' && magic[1] == '\x8b') {
    // ISIZE: the inflated size mod 2^32; never less than a typical 3:1 ratio.
    uint32_t isize = 0;
    in.seekg(-4, std::ios::end);
    in.read(reinterpret_cast<char*>(&isize), 4);
    dump = std::max<uint64_t>(isize, file.sizeBytes * 3);
  } else if (magic[0] == 'P' && magic[1] == 'K') {
    dump = file.sizeBytes * 5;
  }
  // The index, the strong graph and the dominator tree's arrays: about the dump's size again.
  return std::max(kFloor, dump);
}

uint64_t defaultMemoryBudget() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  uint64_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit) {
    if (key == "MemAvailable:") return kib * 1024 / 10 * 6;
  }
  return 1ull << 30;
}

StatusOr<TriageRunReport> runTriage(const std::vector<CaptureFile>& files, TriageStore& store,
                                    const TriageOptions& options,
                                    const std::function<void(const TriageProgress&)>& onProgress,
                                    const CancelToken& cancel) {
  Run run(files, store, options, onProgress, cancel);
  return run.go();
}

}  // namespace mxi::core::triage
