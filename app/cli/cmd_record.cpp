// `mxi record --package PKG [-s SERIAL] [--duration S] [--wait | --launch] [--dump-heap-at S]...
// [--method-trace [--launch] [--sampling US]] [--memory-ms N] [--sql-ms N] [--sql-slow-ms N] [--sql-log]
// [--no-sql-check] [--leak-watch off|report|manual|auto [--leak-check-ms N] [--leak-checks N]] -o FILE.mxs`:
// checks that the app is installed
// (else names the closest installed packages) and runs (else waits for it, launches it, or says
// so), deploys the agent, streams frames, Matrix issues and ANRs into a session file with a live
// one-line summary (the figures of a live model fed as a sink of the recorder's one stream), takes heap dumps at the
// given times into files next to it, and traces the app's methods (ART's own tracer, no SDK in the app) into
// evil-method, startup and main-thread IO issues; samples the app's memory and watches destroyed Activities for leaks
// (docs/LEAKS.md), reads its SQL from dumpsys dbinfo (docs/SQLITE.md "Live") and at the end checks the app's
// databases with SQLiteLint's rules (record_sql.h). Ctrl-C stops cleanly: the file is closed complete. When the agent
// dies or the phone vanishes the recorder says so once, keeps what it has and restarts it (on a terminal the line
// counts the outage; the final line and the session, as a gap, keep it); when the app dies it says so and follows the
// restarted process. A recording that captured nothing is not kept (exit 1).
#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>

#include "app/cli/agent_device.h"
#include "app/cli/commands.h"
#include "app/cli/record_sql.h"
#include "app/cli/record_status_line.h"
#include "core/agentlink/app_presence.h"
#include "core/agentlink/live_recorder.h"
#include "core/base/worker_pool.h"
#include "core/devicetext/package_name.h"
#include "core/live/live_record_feed.h"
#include "core/live/live_session.h"

namespace mxi::cli {

namespace {
struct RecordArgs {
  AgentTarget target;
  std::string package;
  double durationSeconds = 0;
  std::string output;
  uint32_t pollMs = 1000;
  std::vector<double> dumpHeapAt;  // seconds into the recording
  bool methodTrace = false;
  bool launch = false;
  bool wait = false;
  bool streaming = false;
  double traceSeconds = 5;
  uint32_t samplingUs = 0;
  std::string component;
  int64_t evilMethodMs = 700;
  uint32_t memoryMs = 1000;
  uint32_t sqlMs = 3000;
  int64_t sqlSlowMs = core::sqlitelint::kDefaultSlowStatementMs;
  std::string leakWatch = "report";
  uint32_t leakCheckMs = 0;  // 0: the agent's default
  uint32_t leakChecks = 0;
  bool sqlLog = false;
  bool noSqlCheck = false;
};

// What `mxi record` says about a leak verdict once it is in the session; in `manual` mode also the
// command that dumps the process (the CLI is not interactive: the dump is the user's to take).
void printLeakVerdict(const core::agentlink::LeakVerdictNotice& leak, const RecordArgs& args, bool tty) {
  namespace proto = core::protocol;
  const char* clear = tty ? "\r\033[K" : "";
  std::string line = "leak: " + leak.activity + " (pid " + std::to_string(leak.pid) + ")";
  if (leak.mode == proto::LeakWatchMode::kAuto) {
    line += leak.chainFound ? ": leak chain recorded" : ": no chain (" + leak.detail + ")";
    if (!leak.zipPath.empty()) line += "; dump kept as " + leak.zipPath;
  } else {
    line += " recorded";
  }
  std::fprintf(stderr, "%smxi record: %s\n", clear, line.c_str());
  if (leak.mode == proto::LeakWatchMode::kManual) {
    const std::filesystem::path session(args.output);
    const std::string dump = (session.parent_path() / (session.stem().string() + "-leak.hprof")).string();
    std::fprintf(stderr,
                 "%smxi record: dump and analyse it with: mxi dumpheap --package %s --pid %d --gc -o %s && "
                 "mxi leaks %s\n",
                 clear, args.package.c_str(), leak.pid, dump.c_str(), dump.c_str());
  }
}

// "<dir>/<stem>-trace.trace" next to the session file.
std::string methodTracePath(const std::string& sessionPath) {
  const std::filesystem::path p(sessionPath);
  return (p.parent_path() / (p.stem().string() + "-trace.trace")).string();
}

// "<dir>/<stem>-heap-<n>.hprof" next to the session file.
std::string heapDumpPath(const std::string& sessionPath, size_t n) {
  const std::filesystem::path p(sessionPath);
  return (p.parent_path() / (p.stem().string() + "-heap-" + std::to_string(n) + ".hprof")).string();
}

// Orders the recorder's heap dumps at their times (seconds after the recording starts, which
// begin() tells): run() waits for each time, beside the recording; stop() ends it early.
class HeapDumpSchedule {
 public:
  HeapDumpSchedule(core::agentlink::LiveRecorder& recorder, std::vector<double> times, std::string sessionPath)
      : m_recorder(recorder), m_times(std::move(times)), m_sessionPath(std::move(sessionPath)) {
    std::sort(m_times.begin(), m_times.end());
  }

  bool empty() const { return m_times.empty(); }

  void run() {
    std::unique_lock lock(m_mutex);
    m_wake.wait(lock, [this] { return m_stop || m_start; });
    if (m_stop) return;
    for (size_t i = 0; i < m_times.size(); ++i) {
      const auto at = *m_start + std::chrono::milliseconds(static_cast<int64_t>(m_times[i] * 1000));
      if (m_wake.wait_until(lock, at, [this] { return m_stop; })) return;
      char reason[64];
      std::snprintf(reason, sizeof reason, "mxi record --dump-heap-at %g", m_times[i]);
      m_recorder.requestHeapDump({heapDumpPath(m_sessionPath, i + 1), 0, 0, reason, std::nullopt});
    }
  }

  // The recording started (the agent's first answer); later calls (reconnections) change nothing.
  void begin() {
    {
      std::lock_guard lock(m_mutex);
      if (!m_start) m_start = std::chrono::steady_clock::now();
    }
    m_wake.notify_all();
  }

  void stop() {
    {
      std::lock_guard lock(m_mutex);
      m_stop = true;
    }
    m_wake.notify_all();
  }

 private:
  core::agentlink::LiveRecorder& m_recorder;
  std::vector<double> m_times;  // sorted
  const std::string m_sessionPath;
  std::mutex m_mutex;
  std::condition_variable m_wake;
  std::optional<std::chrono::steady_clock::time_point> m_start;
  bool m_stop = false;
};

// The app must be installed; one that does not run is waited for (--wait), launched (--launch;
// with --method-trace the traced cold launch starts it) or refused with what to do.
core::Status prepareApp(core::agentlink::DeviceAgent& agent, const RecordArgs& args) {
  namespace agentlink = core::agentlink;
  const auto how = args.launch && !args.methodTrace ? agentlink::WhenNotRunning::kLaunch
                   : args.wait || args.launch       ? agentlink::WhenNotRunning::kWait
                                                    : agentlink::WhenNotRunning::kRefuse;
  ASSIGN_OR_RETURN(
      const agentlink::AppCheck check,
      agentlink::prepareApp(agent.device(), args.package, how, agent.limits(), [](const std::string& what) {
        std::fprintf(stderr, "mxi record: %s; launching it\n", what.c_str());
      }));
  if (check.presence == agentlink::AppPresence::kNotInstalled) {
    return core::notFound(agentlink::notInstalledMessage(args.package, check.similar));
  }
  if (check.presence == agentlink::AppPresence::kNotRunning && how == agentlink::WhenNotRunning::kRefuse) {
    return core::invalidInput(agentlink::notRunningMessage(args.package) +
                              ": start it, or record with --wait (from when it starts) or --launch (mxi starts it)");
  }
  return core::okStatus();  // running, or waited for (the recorder says that it waits)
}
}  // namespace

void registerRecordCommand(CLI::App& root, int& exitCode) {
  auto args = std::make_shared<RecordArgs>();
  CLI::App* cmd = root.add_subcommand(
      "record", "Record a live session from the phone (frames, Matrix issues, ANRs) into a .mxs file");
  cmd->add_option("--package", args->package, "The app's package name")->required();
  cmd->add_option("-o,--output", args->output, "Session file to write (.mxs)")->required();
  cmd->add_option(
         "--duration", args->durationSeconds,
         "Stop after recording this many seconds, counted from the agent's first answer (default: until Ctrl-C)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--poll-ms", args->pollMs, "Frame poll interval in ms (default 1000)")->check(CLI::Range(100, 60000));
  cmd->add_option("--dump-heap-at", args->dumpHeapAt,
                  "Take a heap dump this many seconds into the recording (repeatable), written next to the "
                  "session as NAME-heap-N.hprof and recorded in it")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--method-trace", args->methodTrace,
                "Trace the app's methods with ART's tracer (the app must be debuggable, or profileable on Android "
                "10+): evil methods, startup and main-thread IO become issues of the session, without the Matrix SDK; "
                "the trace is kept as NAME-trace.trace");
  cmd->add_flag("--wait", args->wait,
                "When the app is not running: wait for it to start and record it from then on (exit 1 when it never "
                "starts)");
  cmd->add_flag("--launch", args->launch,
                "When the app is not running: start it (its launcher activity, am start); with --method-trace: "
                "cold-launch the app traced from its start (am start -S -W)");
  cmd->add_option("--component", args->component,
                  "With --method-trace --launch: the activity to start (pkg/.Activity; default the launcher's)");
  cmd->add_option("--trace-seconds", args->traceSeconds, "With --method-trace: how long to trace (default 5)")
      ->check(CLI::Range(0.1, 600.0));
  cmd->add_option("--sampling", args->samplingUs,
                  "With --method-trace: sample every N µs instead of recording every call (lower overhead)")
      ->check(CLI::Range(10u, 1'000'000u));
  cmd->add_flag("--streaming", args->streaming, "With --method-trace: ART streams the trace (no buffer to overflow)");
  cmd->add_option("--threshold", args->evilMethodMs, "With --method-trace: evil-method threshold in ms (default 700)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--memory-ms", args->memoryMs,
                  "Sample the app's memory (PSS by category) this often in ms, without calling into the app "
                  "(dumpsys meminfo --local or /proc; default 1000; 0: off)")
      ->check(CLI::Range(0u, 3'600'000u));
  cmd->add_option("--sql-ms", args->sqlMs,
                  "Read the app's SQL operations from dumpsys dbinfo this often in ms (docs/SQLITE.md \"Live\"; "
                  "default 3000, at least 1000; 0: off)")
      ->check(CLI::Range(0u, 60'000u));
  cmd->add_option("--sql-slow-ms", args->sqlSlowMs,
                  "An SQL operation at least this long becomes a SQLiteLint issue, once per statement shape (default "
                  "100; 0: none)")
      ->check(CLI::Range(int64_t{0}, int64_t{3'600'000}));
  cmd->add_option("--leak-watch", args->leakWatch,
                  "Activity leak watch (Matrix ResourceCanary without the SDK; docs/LEAKS.md): off; report (default: a "
                  "memory issue names each destroyed Activity that survives the GC-forced checks); manual (the same, "
                  "and mxi record prints the mxi dumpheap command that dumps it); auto (dump with GC, analyse on the "
                  "desktop, record the leak chain and keep the dump shrunk as NAME-leak-N.zip beside the session)")
      ->check(CLI::IsMember({"off", "report", "manual", "auto"}));
  cmd->add_option("--leak-check-ms", args->leakCheckMs,
                  "With --leak-watch: time between the GC-forced checks of a destroyed Activity (default 5000)")
      ->check(CLI::Range(100u, 600'000u));
  cmd->add_option("--leak-checks", args->leakChecks,
                  "With --leak-watch: checks an Activity must survive to be a leak (default 3)")
      ->check(CLI::Range(1u, 100u));
  cmd->add_flag("--sql-log", args->sqlLog,
                "Log every SQL statement with its time and thread: sets log.tag.SQLiteTime VERBOSE, restarts the app "
                "(it reads the property when it starts), and puts the property back at the end (also after Ctrl-C or "
                "a lost device); the statements feed the database check");
  cmd->add_flag("--no-sql-check", args->noSqlCheck,
                "Do not copy and check the app's databases at the end (run-as, debuggable apps only; Matrix "
                "SQLiteLint's six checkers, issues tagged SQLiteLint)");
  addAgentTargetOptions(*cmd, args->target);
  cmd->footer(std::string("Exit codes: 0 recorded (also when stopped by Ctrl-C; the file is complete), 1 nothing "
                          "recorded (no frame, issue, ANR, memory sample or heap dump: no file is kept), 2 the app is "
                          "not installed or not running (without --wait/--launch), an invalid package name or option, "
                          "or no usable device.\n\n"
                          "Leak watch (Matrix ResourceCanary's dump modes, docs/LEAKS.md): report = NO_DUMP, manual = "
                          "MANUAL_DUMP, auto = AUTO_DUMP. mxi record is not interactive: in manual mode it records the "
                          "verdict and prints the mxi dumpheap command that dumps the leaking process (the live view "
                          "offers Dump & analyse instead).\n\n") +
              core::agentlink::agentSearchHelp());
  setCommandBody(*cmd, exitCode, "record", [args]() -> CommandResult {
    if (!args->methodTrace && (args->samplingUs || args->streaming || !args->component.empty())) {
      return core::invalidInput("--sampling, --streaming and --component need --method-trace");
    }
    if (args->wait && args->launch) return core::invalidInput("--wait and --launch exclude each other");
    if (args->sqlLog && (args->wait || args->methodTrace)) {
      return core::invalidInput("--sql-log restarts the app: it excludes --wait and --method-trace");
    }
    if (args->sqlLog) args->launch = true;  // it is started anyway
    const auto leakWatch = core::agentlink::parseLeakWatchMode(args->leakWatch);
    if (!leakWatch) return core::invalidInput("--leak-watch must be off, report, manual or auto");
    if (*leakWatch == core::protocol::LeakWatchMode::kOff && (args->leakCheckMs || args->leakChecks)) {
      return core::invalidInput("--leak-check-ms and --leak-checks need --leak-watch report, manual or auto");
    }
    if (!core::devicetext::isValidPackageName(args->package)) {
      return core::invalidInput("invalid package name '" + args->package +
                                "' (expected [A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)+)");
    }
    const core::CancelToken& cancel = processCancelToken();
    ASSIGN_OR_RETURN(auto device, openDeviceAgent(args->target));
    core::agentlink::DeviceAgent& agent = *device;
    const bool tty = isatty(STDERR_FILENO) != 0;
    RETURN_IF_ERROR(prepareApp(agent, *args));
    RecordSql sql(agent, args->package, args->sqlLog, !args->noSqlCheck, tty);
    struct PutBack {  // the SQLiteTime property, on every way out
      RecordSql& sql;
      ~PutBack() { sql.finish(); }
    } putBack{sql};
    RETURN_IF_ERROR(sql.begin());
    core::agentlink::RecordOptions options;
    options.packageName = args->package;
    options.duration = std::chrono::milliseconds(static_cast<int64_t>(args->durationSeconds * 1000));
    options.pollIntervalMs = args->pollMs;
    options.sessionPath = args->output;
    options.memoryIntervalMs = args->memoryMs;
    options.leakWatch = *leakWatch;
    options.leakCheckIntervalMs = args->leakCheckMs;
    options.leakChecks = args->leakChecks;
    options.sqlIntervalMs = args->sqlMs == 0 ? 0 : std::max<uint32_t>(args->sqlMs, 1000);
    options.sqlSlowMs = args->sqlSlowMs;
    // The progress line's figures: the live model, a sink of the recorder's stream (fed and read
    // on the recorder's thread).
    core::live::LiveSession figures;
    core::live::LiveRecordFeed feed(figures);
    core::agentlink::LiveRecorder recorder(
        options, [&](core::protocol::AgentHello& hello) { return agent.startAndConnect(hello, cancel); },
        [tty, &figures](const core::agentlink::RecordStats& s) {
          // While the agent cannot be reached the line counts the outage; without a terminal to
          // overwrite, the lines of its loss and of its return say it.
          if (s.unreachableSeconds > 0) {
            if (tty) std::fprintf(stderr, "\r\033[K%s", formatOutage(s).c_str());
            return;
          }
          const std::string line = formatStats(figures.status(), s);
          if (tty) {
            std::fprintf(stderr, "\r\033[K%s", line.c_str());
          } else {
            std::fprintf(stderr, "%s\n", line.c_str());
          }
        },
        [tty](const std::string& notice) {
          std::fprintf(stderr, "%smxi record: %s\n", tty ? "\r\033[K" : "", notice.c_str());
        });
    recorder.addSink(feed);
    recorder.addSink(sql);  // the statements the database check uses
    recorder.setClosingStep([&sql](int64_t deviceNowNs, int32_t appPid, bool captured) {
      return sql.closingStep(deviceNowNs, appPid, captured);
    });
    recorder.setLeakObserver(
        [tty, args](const core::agentlink::LeakVerdictNotice& leak) { printLeakVerdict(leak, *args, tty); });
    recorder.setHeapDumpObserver([tty](const core::agentlink::HeapDumpProgress& p) {
      if (!p.finished) return;
      if (p.leakWatch) {  // said with its verdict once analysed
        if (!p.result.ok()) {
          std::fprintf(stderr, "%smxi record: leak watch heap dump failed: %s\n", tty ? "\r\033[K" : "",
                       p.result.toString().c_str());
        }
        return;
      }
      if (p.methodTrace) {
        if (p.result.ok()) {
          std::fprintf(stderr, "%smxi record: method trace %s: %zu issue(s) recorded\n", tty ? "\r\033[K" : "",
                       p.path.c_str(), p.traceIssues);
        } else {
          std::fprintf(stderr, "%smxi record: method trace failed: %s\n", tty ? "\r\033[K" : "",
                       p.result.toString().c_str());
        }
        return;
      }
      if (p.result.ok()) {
        std::error_code ec;
        std::fprintf(stderr, "%smxi record: heap dump %s (%llu bytes)\n", tty ? "\r\033[K" : "", p.path.c_str(),
                     static_cast<unsigned long long>(std::filesystem::file_size(p.path, ec)));
      } else {
        std::fprintf(stderr, "%smxi record: heap dump %s failed: %s\n", tty ? "\r\033[K" : "", p.path.c_str(),
                     p.result.toString().c_str());
      }
    });
    if (args->methodTrace) {
      core::agentlink::MethodTraceOrder order;
      order.duration = std::chrono::milliseconds(static_cast<int64_t>(args->traceSeconds * 1000));
      order.samplingUs = args->samplingUs;
      order.launch = args->launch;
      order.streaming = args->streaming;
      order.component = args->component;
      order.evilMethodMs = args->evilMethodMs;
      recorder.requestMethodTrace(methodTracePath(args->output), order);
    }
    // The recording runs on this thread (task 0); the heap dump schedule and the SQLiteTime lines,
    // if any, beside it.
    HeapDumpSchedule dumps(recorder, args->dumpHeapAt, args->output);
    recorder.setConnectionObserver([&dumps](bool connected, const core::protocol::AgentHello&, const std::string&) {
      if (connected) dumps.begin();
    });
    std::vector<std::function<void()>> beside;
    if (!dumps.empty()) beside.push_back([&dumps] { dumps.run(); });
    if (sql.following()) beside.push_back([&sql] { sql.follow(); });
    const core::Status status = core::WorkerPool(1 + beside.size()).run(1 + beside.size(), [&](size_t task) {
      if (task > 0) {
        beside[task - 1]();
        return core::okStatus();
      }
      const core::Status recorded = recorder.run(cancel);
      dumps.stop();
      sql.finish();  // the follower ends too when no session was ever open
      return recorded;
    });
    agent.stopAgent();
    if (tty) std::fprintf(stderr, "\n");
    if (recorder.stats().discarded) {
      std::fprintf(stderr, "mxi record: %s\n",
                   core::agentlink::describeNothingRecorded(recorder.stats(), options).c_str());
      if (!status.ok() && status.code() != core::StatusCode::kCancelled) return status;
      return static_cast<int>(ExitCode::kNothingRecorded);
    }
    // Only Ctrl-C ends a recording quietly; a cancellation nobody asked for is a failure.
    if (!status.ok() && !(status.code() == core::StatusCode::kCancelled && cancel.isCancelled())) return status;
    std::fprintf(stderr, "mxi record: %s%s complete: %s\n", cancel.isCancelled() ? "stopped; " : "",
                 args->output.c_str(), formatStats(figures.status(), recorder.stats()).c_str());
    return 0;
  });
}

}  // namespace mxi::cli
