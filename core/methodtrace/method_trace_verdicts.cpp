#include "core/methodtrace/method_trace_verdicts.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include <nlohmann/json.hpp>

#include "core/json/json_writer.h"
#include "core/methodtrace/method_trace_tree.h"

namespace mxi::core::methodtrace {

namespace {

using nlohmann::ordered_json;

constexpr size_t kMaxStackLines = 60;
constexpr uint64_t kMinStackCostUs = 1000;

bool isDispatchMessage(const TraceMethod& m) {
  return m.name == "dispatchMessage" && m.signature == "(Landroid/os/Message;)V";
}

// Input events and vsync callbacks run from inside MessageQueue.next's native poll.
bool isNativePollOnce(const TraceMethod& m) {
  return m.name == "nativePollOnce" && m.className == "android.os.MessageQueue";
}

// The platform's file and database IO entry points (outermost one counted).
const char* ioKindOf(const TraceMethod& m) {
  const std::string& c = m.className;
  const std::string& n = m.name;
  if (c == "java.io.FileInputStream" || c == "java.io.RandomAccessFile" || c == "java.io.FileOutputStream" ||
      c == "libcore.io.IoBridge" || c == "libcore.io.BlockGuardOs" || c == "libcore.io.Linux") {
    if (n.starts_with("read") || n == "skip" || n == "pread" || n == "readBytes") return "read";
    if (n.starts_with("write") || n == "pwrite" || n == "fsync" || n == "fdatasync") return "write";
    if (n == "<init>" || n == "open") return "open";
    return nullptr;
  }
  if (c == "android.app.SharedPreferencesImpl$EditorImpl" && n == "commit") return "write";
  if (c == "android.app.SharedPreferencesImpl" && (n == "writeToFile" || n == "loadFromDisk")) return "write";
  if (c == "android.database.sqlite.SQLiteConnection" &&
      (n.starts_with("execute") || n == "open" || n.starts_with("nativeExecute"))) {
    return "sqlite";
  }
  return nullptr;
}

int ioOpType(const char* kind) {
  return std::string_view(kind) == "read" ? 1 : std::string_view(kind) == "write" ? 2 : 0;
}

}  // namespace

bool isPlatformClass(std::string_view className) {
  for (const char* prefix : {"java.", "javax.", "android.", "androidx.", "libcore.", "dalvik.", "com.android.", "sun.",
                             "kotlin.", "kotlinx.", "org.apache.harmony.", "jdk."}) {
    if (className.starts_with(prefix)) return true;
  }
  return false;
}

namespace {

std::string methodLabel(const MethodTrace& trace, uint32_t method) { return trace.methods[method].displayName(); }

// Matrix issue content → JSON object with the method names it mentions embedded.
ordered_json namesOf(const MethodTrace& trace, const TraceTree& tree) {
  std::vector<uint32_t> methods;
  for (const TraceTree::Node& n : tree.nodes) {
    if (n.method != kNoCall) methods.push_back(n.method);
  }
  std::sort(methods.begin(), methods.end());
  methods.erase(std::unique(methods.begin(), methods.end()), methods.end());
  ordered_json names = ordered_json::object();
  // Appended directly: each key is new, and ordered_json's operator[] would search them all.
  auto& members = names.get_ref<ordered_json::object_t&>();
  for (uint32_t method : methods) {
    const TraceMethod& m = trace.methods[method];
    members.emplace_back(std::to_string(method), ordered_json::array({m.className, m.name, m.signature}));
  }
  return names;
}

// The deepest node on the slowest path that still holds 30% of the time: where it went.
uint32_t keyNode(const TraceTree& tree) {
  uint32_t at = 0;
  const uint64_t total = tree.nodes[0].wallUs;
  while (!tree.nodes[at].children.empty()) {
    const uint32_t slowest = tree.nodes[at].children.front();
    if (tree.nodes[slowest].wallUs * 10 < total * 3) break;
    at = slowest;
  }
  return at;
}

std::string javaStackOf(const MethodTrace& trace, const TraceThread& thread, uint32_t call) {
  std::string out;
  for (uint32_t c = call; c != kNoCall; c = thread.calls[c].parent) {
    const TraceMethod& m = trace.methods[thread.calls[c].method];
    out += "at " + methodLabel(trace, thread.calls[c].method) + "(" +
           (m.sourceFile.empty() ? std::string("Unknown Source") : m.sourceFile) +
           (m.line > 0 ? ":" + std::to_string(m.line) : std::string()) + ")\n";
  }
  return out;
}

std::string percent(uint64_t part, uint64_t whole) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f%%",
                whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
  return buf;
}

// The activity in front: the class whose onCreate/onResume Instrumentation last called.
struct SceneTimeline {
  std::vector<std::pair<uint64_t, std::string>> changes;  // (time, activity)
  std::string at(uint64_t us) const {
    std::string scene;
    for (const auto& [t, a] : changes) {
      if (t > us) break;
      scene = a;
    }
    return scene;
  }
};

// What a method is to the rules below, worked out once per method rather than per call.
enum Role : uint16_t {
  kDispatch = 1,            // Handler.dispatchMessage
  kNativePoll = 2,          // MessageQueue.nativePollOnce
  kPlatform = 4,            // a class of the platform or a library the platform ships
  kActivityLifecycle = 8,   // Instrumentation.callActivityOnCreate / OnResume
  kActivityCallback = 16,   // onCreate / onResume / performCreate / performResume
  kBindApplication = 32,    // ActivityThread.handleBindApplication
  kApplicationCreate = 64,  // Instrumentation.callApplicationOnCreate
  kActivityCreate = 128,    // Instrumentation.callActivityOnCreate
  kDoFrame = 256,           // Choreographer.doFrame
  kHandleCallback = 512,    // Handler.handleCallback
};

uint16_t roleOf(const TraceMethod& m) {
  uint16_t r = 0;
  const bool instrumentation = m.className == "android.app.Instrumentation";
  if (isDispatchMessage(m)) r |= kDispatch;
  if (isNativePollOnce(m)) r |= kNativePoll;
  if (isPlatformClass(m.className)) r |= kPlatform;
  if (instrumentation && (m.name == "callActivityOnCreate" || m.name == "callActivityOnResume"))
    r |= kActivityLifecycle;
  if (m.name == "onCreate" || m.name == "onResume" || m.name == "performCreate" || m.name == "performResume") {
    r |= kActivityCallback;
  }
  if (m.className == "android.app.ActivityThread" && m.name == "handleBindApplication") r |= kBindApplication;
  if (instrumentation && m.name == "callApplicationOnCreate") r |= kApplicationCreate;
  if (instrumentation && m.name == "callActivityOnCreate") r |= kActivityCreate;
  if (m.className == "android.view.Choreographer" && m.name == "doFrame") r |= kDoFrame;
  if (m.name == "handleCallback") r |= kHandleCallback;
  return r;
}

struct Judged {
  uint64_t atUs = 0;
  ordered_json content;
  uint32_t call = kNoCall;  // on the main thread
};

class Judge {
 public:
  Judge(const MethodTrace& trace, const MethodTraceOptions& options) : m_trace(trace), m_options(options) {
    m_roles.reserve(trace.methods.size());
    m_ioKinds.reserve(trace.methods.size());
    for (const TraceMethod& m : trace.methods) {
      m_roles.push_back(roleOf(m));
      m_ioKinds.push_back(ioKindOf(m));
    }
  }

  MethodTraceReport run() {
    MethodTraceReport report;
    report.mainThread = m_trace.mainThread();
    if (!report.mainThread) return report;
    const TraceThread& main = m_trace.threads[*report.mainThread];
    findScenes(main);
    findDispatches(main, report);
    std::vector<Judged> issues;
    for (const LooperDispatch& d : report.dispatches) {
      if (static_cast<int64_t>(d.wallUs) >= m_options.evilMethodMs * 1000) {
        issues.push_back({d.startUs, evilMethod(main, d), d.call});
      }
    }
    if (auto startup = startupIssue(main)) issues.push_back(std::move(*startup));
    for (auto& io : ioIssues(main)) issues.push_back(std::move(io));
    std::stable_sort(issues.begin(), issues.end(), [](const auto& a, const auto& b) { return a.atUs < b.atUs; });
    for (Judged& judged : issues) {
      std::string json = json::dumpJson(judged.content);
      auto parsed = matrix::parseIssueJson(json);
      if (!parsed.ok()) continue;  // cannot happen: the content is ours
      report.issues.push_back(std::move(parsed).value());
      report.issueJson.push_back(std::move(json));
      report.issueCalls.push_back(judged.call);
    }
    matrix::IssueParseResult decoded;
    decoded.issues = std::move(report.issues);
    matrix::decodeIssues(decoded, nullptr);
    report.issues = std::move(decoded.issues);
    return report;
  }

 private:
  ordered_json base(const char* tag, int type, uint64_t atUs) const {
    ordered_json j;
    j["tag"] = tag;
    j["type"] = type;
    j["process"] = !m_options.process.empty() ? m_options.process
                   : m_trace.pid              ? "pid " + std::to_string(*m_trace.pid)
                                              : std::string();
    j["time"] = static_cast<int64_t>((m_trace.startTimeUs + atUs) / 1000);
    j["source"] = "methodTrace";
    return j;
  }

  void findScenes(const TraceThread& main) {
    for (uint32_t i = 0; i < main.calls.size(); ++i) {
      const TraceCall& c = main.calls[i];
      if (c.parent == kNoCall) continue;
      if (is(main.calls[c.parent].method, kActivityLifecycle) && is(c.method, kActivityCallback)) {
        if (!is(c.method, kPlatform)) {
          m_scenes.changes.push_back({c.startUs, m_trace.methods[c.method].className});
        } else {
          m_pendingPlatformActivity = c.startUs;  // Activity.performCreate: the subclass is its callee
        }
      }
      if (m_pendingPlatformActivity && c.startUs >= *m_pendingPlatformActivity && is(c.method, kActivityCallback) &&
          !is(c.method, kPlatform)) {
        const TraceMethod& m = m_trace.methods[c.method];
        if (m.name == "onCreate" || m.name == "onResume") {
          m_scenes.changes.push_back({c.startUs, m.className});
          m_pendingPlatformActivity.reset();
        }
      }
    }
  }

  void findDispatches(const TraceThread& main, MethodTraceReport& report) {
    for (uint32_t i = 0; i < main.calls.size();) {
      const TraceCall& c = main.calls[i];
      const bool fromPoll = c.parent != kNoCall && is(main.calls[c.parent].method, kNativePoll);
      const bool dispatch = is(c.method, kDispatch);
      if (!dispatch && !fromPoll) {
        ++i;
        continue;
      }
      LooperDispatch d;
      d.call = i;
      d.startUs = c.startUs;
      d.wallUs = c.wallUs;
      d.cpuUs = c.cpuUs;
      // What ran: handleMessage, or the posted Runnable under handleCallback.
      uint32_t target = i;
      if (dispatch && i + 1 < c.next) {
        target = i + 1;
        const TraceCall& t = main.calls[target];
        if (is(t.method, kHandleCallback) && target + 1 < t.next) target = target + 1;
      }
      d.target = methodLabel(m_trace, main.calls[target].method);
      const auto paren = d.target.find('(');
      if (paren != std::string::npos) d.target.resize(paren);
      report.dispatches.push_back(std::move(d));
      i = c.next > i ? c.next : i + 1;
    }
  }

  ordered_json evilMethod(const TraceThread& main, const LooperDispatch& d) const {
    const TraceTree tree = callTreeOf(main, d.call);
    ordered_json j = base("Trace_EvilMethod", 0, d.startUs);
    j["detail"] = "NORMAL";
    j["cost"] = static_cast<int64_t>(d.wallUs / 1000);
    j["scene"] = m_scenes.at(d.startUs + d.wallUs);
    if (m_trace.hasCpuClock()) j["usage"] = percent(d.cpuUs, d.wallUs);
    const TraceTree::Node& key = tree.nodes[keyNode(tree)];
    j["stack"] = matrixStackOf(tree, kMaxStackLines, kMinStackCostUs);
    j["stackKey"] = std::to_string(key.method) + "|";
    j["threadStack"] = javaStackOf(m_trace, main, key.firstCall);
    j["dispatch"] = d.target;
    j["methodNames"] = namesOf(m_trace, tree);
    return j;
  }

  // A launch: bindApplication on the main thread (cold), or the activity's creation when the
  // trace was taken from `am start` on a running process (warm).
  std::optional<Judged> startupIssue(const TraceThread& main) const {
    std::optional<uint64_t> bindStart, appCreateEnd, activityCreateStart, firstFrameEnd;
    uint32_t launchCall = kNoCall;
    for (uint32_t i = 0; i < main.calls.size(); ++i) {
      const TraceCall& c = main.calls[i];
      if (is(c.method, kBindApplication) && !bindStart) {
        bindStart = c.startUs;
        launchCall = i;
      } else if (is(c.method, kApplicationCreate) && !appCreateEnd) {
        appCreateEnd = c.endUs();
      } else if (is(c.method, kActivityCreate) && !activityCreateStart) {
        activityCreateStart = c.startUs;
        if (launchCall == kNoCall) launchCall = i;
      } else if (activityCreateStart && !firstFrameEnd && is(c.method, kDoFrame) && c.startUs >= *activityCreateStart) {
        firstFrameEnd = c.endUs();
      }
    }
    const bool cold = bindStart.has_value();
    if (!cold && !(m_options.launch && activityCreateStart)) return std::nullopt;
    const uint64_t t0 = cold ? *bindStart : *activityCreateStart;
    auto ms = [&](uint64_t us) { return static_cast<int64_t>((us - std::min(us, t0)) / 1000); };
    ordered_json j = base("Trace_StartUp", 0, t0);
    j["detail"] = "STARTUP";
    if (appCreateEnd) j["application_create"] = ms(*appCreateEnd);
    if (appCreateEnd && activityCreateStart) {
      j["stage_between_app_and_activity"] =
          static_cast<int64_t>((*activityCreateStart - std::min(*activityCreateStart, *appCreateEnd)) / 1000);
    }
    if (firstFrameEnd) {
      j["first_activity_create"] = ms(*firstFrameEnd);
      j["startup_duration"] = ms(*firstFrameEnd);
    }
    j["is_warm_start_up"] = !cold;
    j["scene"] = m_scenes.at(firstFrameEnd.value_or(t0));
    // The launch's call tree on the main thread (bindApplication's, or the activity's creation),
    // as Matrix's StartupTracer reports a slow launch with its stack.
    if (launchCall != kNoCall) {
      const TraceTree tree = callTreeOf(main, launchCall);
      j["stack"] = matrixStackOf(tree, kMaxStackLines, kMinStackCostUs);
      j["stackKey"] = std::to_string(tree.nodes[keyNode(tree)].method) + "|";
      j["methodNames"] = namesOf(m_trace, tree);
    }
    if (m_options.launch) {
      if (m_options.launch->totalTimeMs) j["am_total_time"] = *m_options.launch->totalTimeMs;
      if (m_options.launch->waitTimeMs) j["am_wait_time"] = *m_options.launch->waitTimeMs;
      if (!m_options.launch->launchState.empty()) j["launch_state"] = m_options.launch->launchState;
      if (!m_options.launch->activity.empty()) j["launch_activity"] = m_options.launch->activity;
    }
    return Judged{t0, std::move(j), launchCall};
  }

  // IOCanary's main-thread detector over the trace: per (caller in the app, IO entry point), a
  // single call of ioOnceMs or more, or ioContinualMs in all.
  std::vector<Judged> ioIssues(const TraceThread& main) const {
    struct Group {
      uint32_t firstCall = 0;
      const char* kind = nullptr;
      uint64_t totalUs = 0, maxUs = 0, count = 0;
    };
    std::map<std::pair<uint32_t, uint32_t>, Group> groups;  // (caller method, IO method)
    for (uint32_t i = 0; i < main.calls.size();) {
      const TraceCall& c = main.calls[i];
      const char* kind = m_ioKinds[c.method];
      if (!kind) {
        ++i;
        continue;
      }
      uint32_t caller = c.parent;
      while (caller != kNoCall && is(main.calls[caller].method, kPlatform)) {
        caller = main.calls[caller].parent;
      }
      const uint32_t callerMethod = caller == kNoCall ? kNoCall : main.calls[caller].method;
      Group& g = groups[{callerMethod, c.method}];
      if (g.count == 0) {
        g.firstCall = i;
        g.kind = kind;
      }
      ++g.count;
      g.totalUs += c.wallUs;
      g.maxUs = std::max<uint64_t>(g.maxUs, c.wallUs);
      i = c.next > i ? c.next : i + 1;
    }
    std::vector<Judged> out;
    for (const auto& [key, g] : groups) {
      const bool once = static_cast<int64_t>(g.maxUs) >= m_options.ioOnceMs * 1000;
      const bool continual = static_cast<int64_t>(g.totalUs) >= m_options.ioContinualMs * 1000;
      if (!once && !continual) continue;
      const TraceCall& first = main.calls[g.firstCall];
      ordered_json j = base("io", static_cast<int>(matrix::IoIssueType::kMainThreadIo), first.startUs);
      j["path"] = "";
      j["size"] = 0;
      j["op"] = static_cast<int64_t>(g.count);
      j["buffer"] = 0;
      j["cost"] = static_cast<int64_t>(g.totalUs / 1000);
      if (ioOpType(g.kind)) {
        j["opType"] = ioOpType(g.kind);
      } else {
        j["opType"] = g.kind;
      }
      j["opSize"] = 0;
      j["thread"] = m_trace.threads[m_trace.mainThread().value_or(0)].name;
      j["maxOnceCost"] = static_cast<int64_t>(g.maxUs / 1000);
      j["ioMethod"] = methodLabel(m_trace, first.method);
      if (key.first != kNoCall) j["caller"] = methodLabel(m_trace, key.first);
      j["stack"] = javaStackOf(m_trace, main, g.firstCall);  // IOCanary: the Java stack
      j["threadStack"] = j["stack"];
      j["scene"] = m_scenes.at(first.startUs);
      out.push_back({first.startUs, std::move(j), g.firstCall});
    }
    return out;
  }

  bool is(uint32_t method, Role role) const { return (m_roles[method] & role) != 0; }

  const MethodTrace& m_trace;
  const MethodTraceOptions& m_options;
  std::vector<uint16_t> m_roles;       // per method
  std::vector<const char*> m_ioKinds;  // per method: "read", "write", "open", "sqlite" or null
  SceneTimeline m_scenes;
  std::optional<uint64_t> m_pendingPlatformActivity;
};

}  // namespace

void deobfuscate(MethodTrace& trace, const mapping::R8Mapping& proguard) {
  for (TraceMethod& m : trace.methods) {
    const std::string name = proguard.originalMethod(m.className, m.name);
    if (!name.empty()) m.name = name;
    m.className = proguard.originalClass(m.className);
  }
}

MethodTraceReport judgeMethodTrace(const MethodTrace& trace, const MethodTraceOptions& options) {
  return Judge(trace, options).run();
}

}  // namespace mxi::core::methodtrace
