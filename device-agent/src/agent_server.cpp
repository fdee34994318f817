#include "device-agent/src/agent_server.h"

#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "core/devicetext/app_list.h"
#include "core/protocol/framestats_polling.h"
#include "core/protocol/message_codec.h"
#include "device-agent/src/agent_clocks.h"
#include "device-agent/src/build_info.h"
#include "device-agent/src/device_info_parsers.h"
#include "device-agent/src/dropbox_parser.h"
#include "device-agent/src/framestats_parser.h"
#include "device-agent/src/heap_dumper.h"
#include "device-agent/src/validation.h"
#include "mxi/version.h"

namespace mxi::agent {

namespace proto = core::protocol;
using core::devicetext::belongsToPackage;
using core::devicetext::joinPackagesWithProcesses;
using core::devicetext::parsePmListPackages;
using core::devicetext::parseProcessList;
using namespace std::chrono_literals;

namespace {

// A device wall-clock time (logcat's) on CLOCK_MONOTONIC, the clock frames and scenes use; 0 when
// it would fall before boot.
uint64_t wallMsToMonotonicNs(uint64_t wallMsValue) {
  timespec mono{}, real{};
  clock_gettime(CLOCK_MONOTONIC, &mono);
  clock_gettime(CLOCK_REALTIME, &real);
  const int64_t offsetNs =
      (static_cast<int64_t>(real.tv_sec) - mono.tv_sec) * 1'000'000'000 + (real.tv_nsec - mono.tv_nsec);
  const int64_t ns = static_cast<int64_t>(wallMsValue) * 1'000'000 - offsetNs;
  return ns > 0 ? static_cast<uint64_t>(ns) : 0;
}

// Where logcat starts: the client's resume point, or now; never in the future and at most a day
// back (the logcat ring buffers hold far less).
uint64_t clampLogSince(uint64_t requestedMs, uint64_t nowMs) {
  if (requestedMs == 0 || requestedMs > nowMs) return nowMs;
  return std::max<uint64_t>(requestedMs, nowMs - std::min<uint64_t>(nowMs, 24ull * 3600 * 1000));
}

bool constantTimeEquals(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

constexpr size_t kMaxLogcatLine = 64 * 1024;

// The machine this binary was built for: with the device's ABI in the session header, it shows
// which of the shipped agents a recording came from.
constexpr const char* kAgentMachine =
#if defined(__aarch64__)
    "aarch64";
#elif defined(__arm__)
    "arm";
#elif defined(__x86_64__)
    "x86_64";
#else
    "unknown";
#endif

}  // namespace

AgentServer::AgentServer(AgentOptions options) : m_options(std::move(options)), m_tools(m_options.toolDir) {}

AgentServer::~AgentServer() {
  stopCollecting();
  if (m_clientFd >= 0) close(m_clientFd);
  if (m_listenFd >= 0) close(m_listenFd);
}

core::Status AgentServer::bindSocket() {
  m_listenFd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (m_listenFd < 0) return core::ioError(std::string("socket: ") + std::strerror(errno));
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  const std::string name = "mxi_" + m_options.token;
  // Abstract namespace: leading NUL, no file on disk, reachable as adb's localabstract:mxi_<token>.
  std::memcpy(addr.sun_path + 1, name.data(), name.size());
  const auto len = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + name.size());
  if (bind(m_listenFd, reinterpret_cast<sockaddr*>(&addr), len) != 0) {
    return core::ioError("bind @" + name + ": " + std::strerror(errno));
  }
  if (listen(m_listenFd, 2) != 0) return core::ioError(std::string("listen: ") + std::strerror(errno));
  return core::okStatus();
}

core::Status AgentServer::run() {
  if (mkdir(m_options.dataDir.c_str(), 0700) != 0 && errno != EEXIST) {
    return core::ioError("cannot create " + m_options.dataDir + ": " + std::strerror(errno));
  }
  chmod(m_options.dataDir.c_str(), 0700);
  RETURN_IF_ERROR(bindSocket());
  m_idleSince = Clock::now();
  for (;;) {
    const auto now = Clock::now();
    if (m_clientFd < 0 && now - m_idleSince >= std::chrono::milliseconds(m_options.idleTimeoutMs)) {
      return core::okStatus();  // idle: nobody came back
    }
    if (!m_package.empty() && now >= m_nextPoll) {
      pollOnce();
      m_nextPoll = Clock::now() + m_pollInterval;
    }
    if (!m_package.empty() && m_memoryInterval.count() > 0 && Clock::now() >= m_nextMemorySample) {
      // On the interval's grid: a slow read delays one sample, not every later one.
      m_nextMemorySample = std::max(m_nextMemorySample + m_memoryInterval, Clock::now());
      sampleMemory();
    }
    if (!m_package.empty() && m_mainPid != 0 && m_leaks.due(Clock::now())) checkLeaks();
    if (m_authenticated && Clock::now() >= m_nextHeartbeat) {
      send(proto::Heartbeat{++m_heartbeatSeq, monotonicNs() / 1'000'000u});
      m_nextHeartbeat = Clock::now() + 1s;
    }
    if (m_tracer.busy() && Clock::now() >= m_tracer.stopAt()) finishMethodTrace();
    if (m_logcat.running() && m_logcat.reapIfExited()) {
      // logcat died (buffer cleared, killed): follow again from the last line it gave.
      m_logcat.stop();
      if (!m_package.empty()) startLogcat(m_lastLogMs);
    }

    std::vector<pollfd> fds;
    fds.push_back({m_listenFd, POLLIN, 0});
    if (m_clientFd >= 0) fds.push_back({m_clientFd, POLLIN, 0});
    const int logcatFd = m_logcat.stdoutFd();
    if (logcatFd >= 0) fds.push_back({logcatFd, POLLIN, 0});
    auto wake = Clock::now() + 1s;
    if (!m_package.empty()) wake = std::min(wake, m_nextPoll);
    if (!m_package.empty() && m_memoryInterval.count() > 0) wake = std::min(wake, m_nextMemorySample);
    if (!m_package.empty() && m_mainPid != 0 && m_leaks.watching()) {
      // "At once" is time_point::min() (destroys read during the baseline's check): no arithmetic on it.
      wake = std::min(wake, std::max(m_leaks.nextCheck(), Clock::now()));
    }
    if (m_authenticated) wake = std::min(wake, m_nextHeartbeat);
    if (m_tracer.busy()) wake = std::min(wake, m_tracer.stopAt());
    if (m_clientFd < 0) wake = std::min(wake, m_idleSince + std::chrono::milliseconds(m_options.idleTimeoutMs));
    const auto waitMs =
        std::max<int64_t>(0, std::chrono::duration_cast<std::chrono::milliseconds>(wake - Clock::now()).count());
    const int n = poll(fds.data(), fds.size(), static_cast<int>(waitMs));
    if (n < 0 && errno != EINTR) return core::ioError(std::string("poll: ") + std::strerror(errno));
    if (n <= 0) continue;
    for (const pollfd& p : fds) {
      if (p.revents == 0) continue;
      if (p.fd == m_listenFd) {
        acceptClient();
      } else if (p.fd == m_clientFd) {
        readClient();
      } else if (p.fd == logcatFd) {
        readLogcat();
      }
    }
  }
}

void AgentServer::acceptClient() {
  const int fd = accept4(m_listenFd, nullptr, nullptr, SOCK_CLOEXEC);
  if (fd < 0) return;
  if (m_clientFd >= 0) {  // one client at a time
    std::vector<uint8_t> bytes =
        proto::encodeMessage(proto::Error{proto::ErrorCode::kBadRequest, 0, "agent busy: another client is connected"});
    (void)::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    close(fd);
    return;
  }
  timeval tv{10, 0};  // a client that stops reading must not wedge the agent forever
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  m_clientFd = fd;
  m_authenticated = false;
  m_decoder = proto::FrameDecoder();
}

void AgentServer::dropClient(const char* why) {
  (void)why;
  if (m_clientFd >= 0) close(m_clientFd);
  m_clientFd = -1;
  m_authenticated = false;
  stopCollecting();
  m_idleSince = Clock::now();
}

void AgentServer::readClient() {
  uint8_t buf[16384];
  const ssize_t n = recv(m_clientFd, buf, sizeof buf, 0);
  if (n < 0 && errno == EINTR) return;
  if (n <= 0) {
    dropClient("disconnected");
    return;
  }
  m_decoder.feed(std::span(buf, static_cast<size_t>(n)));
  for (;;) {
    auto frame = m_decoder.next();
    if (!frame.ok()) {
      sendError(proto::ErrorCode::kBadRequest, frame.status().toString());
      dropClient("bad frame");
      return;
    }
    if (!frame->has_value()) return;
    auto message = proto::decodeMessage(**frame);
    if (!message.ok()) {
      sendError(proto::ErrorCode::kBadRequest, message.status().toString());
      continue;
    }
    handle(*message);
    if (m_clientFd < 0) return;
  }
}

bool AgentServer::send(const proto::Message& message) {
  if (m_clientFd < 0) return false;
  const std::vector<uint8_t> bytes = proto::encodeMessage(message);
  size_t off = 0;
  while (off < bytes.size()) {
    const ssize_t n = ::send(m_clientFd, bytes.data() + off, bytes.size() - off, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      dropClient("write failed");
      return false;
    }
    off += static_cast<size_t>(n);
  }
  return true;
}

void AgentServer::sendError(proto::ErrorCode code, std::string message, uint32_t requestId) {
  send(proto::Error{code, requestId, std::move(message)});
}

proto::AgentHello AgentServer::deviceInfo() {
  if (m_deviceInfo) {
    m_deviceInfo->wallClockMs = wallMs();
    m_deviceInfo->monotonicNs = monotonicNs();
    return *m_deviceInfo;
  }
  proto::AgentHello info;
  info.agentVersion = kVersion;
  info.buildHash = kAgentBuildHash;
  info.agentMachine = kAgentMachine;
  if (auto props = m_tools.run(Tool::kGetprop, {}); props.ok() && props->exitCode == 0) {
    const auto p = parseGetprop(props->output);
    auto get = [&](const char* key) {
      const auto it = p.find(key);
      return it == p.end() ? std::string() : it->second;
    };
    info.deviceModel = get("ro.product.model");
    info.sdkLevel = static_cast<uint32_t>(std::atoi(get("ro.build.version.sdk").c_str()));
    info.abi = get("ro.product.cpu.abi");
  }
  std::optional<uint32_t> hz;
  if (auto display = m_tools.run(Tool::kDumpsys, {"display"}); display.ok())
    hz = parseDisplayRefreshMilliHz(display->output);
  if (!hz) {
    if (auto sf = m_tools.run(Tool::kDumpsys, {"SurfaceFlinger"}); sf.ok())
      hz = parseSurfaceFlingerRefreshMilliHz(sf->output);
  }
  info.refreshMilliHz = hz.value_or(60'000);
  m_deviceInfo = info;
  m_deviceInfo->wallClockMs = wallMs();
  m_deviceInfo->monotonicNs = monotonicNs();
  return *m_deviceInfo;
}

void AgentServer::handle(const proto::Message& message) {
  if (!m_authenticated) {
    const auto* hello = std::get_if<proto::Hello>(&message);
    if (hello == nullptr || !constantTimeEquals(hello->sessionToken, m_options.token)) {
      sendError(proto::ErrorCode::kBadToken,
                hello == nullptr ? "the first message must be Hello" : "wrong session token");
      dropClient("unauthenticated");
      return;
    }
    if (hello->protocolVersion != proto::kProtocolVersion) {
      // The desktop of another build: its messages would not decode here, nor ours there.
      sendError(proto::ErrorCode::kBadRequest, "this agent speaks protocol " + std::to_string(proto::kProtocolVersion) +
                                                   ", the desktop " + std::to_string(hello->protocolVersion) +
                                                   ": deploy the agent of the desktop's build");
      dropClient("protocol mismatch");
      return;
    }
    m_authenticated = true;
    send(deviceInfo());
    m_nextHeartbeat = Clock::now() + 1s;
    return;
  }
  if (const auto* start = std::get_if<proto::StartCollecting>(&message)) {
    startCollecting(*start);
  } else if (std::holds_alternative<proto::StopCollecting>(message)) {
    stopCollecting();
  } else if (const auto* dump = std::get_if<proto::HeapDumpRequest>(&message)) {
    dumpHeap(*dump);
  } else if (const auto* trace = std::get_if<proto::MethodTraceRequest>(&message)) {
    startMethodTrace(*trace);
  } else if (std::holds_alternative<proto::ProcessListRequest>(message)) {
    pollProcesses();
    sendProcessList();
  } else if (const auto* packages = std::get_if<proto::PackageListRequest>(&message)) {
    sendPackageList(*packages);
  }
  // Heartbeats, a repeated Hello and unknown types need no answer.
}

void AgentServer::startCollecting(const proto::StartCollecting& start) {
  if (!isValidPackageName(start.packageName)) {
    sendError(proto::ErrorCode::kInvalidPackage,
              "invalid package name (expected [A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)+)");
    return;
  }
  stopCollecting();
  m_package = start.packageName;
  m_collectors = start.collectors;
  // Shorter on a fast display, so two polls always overlap (core/protocol/framestats_polling.h).
  m_pollInterval = std::chrono::milliseconds(proto::framestatsPollIntervalMs(
      std::clamp<uint32_t>(start.pollIntervalMs, proto::kMinPollIntervalMs, 60'000), deviceInfo().refreshMilliHz));
  m_nextPoll = Clock::now();
  m_nextStrictModeDropBox = Clock::now();
  // Layout 3: 0 (or an older desktop's StartCollecting) samples nothing and watches nothing.
  m_memoryInterval = start.memoryIntervalMs == 0
                         ? std::chrono::milliseconds(0)
                         : std::chrono::milliseconds(std::clamp<uint32_t>(start.memoryIntervalMs, 100, 60'000));
  m_nextMemorySample = Clock::now();
  m_leakMode = start.leakWatch;
  m_leaks.configure(start.leakCheckIntervalMs, start.leakChecks);
  m_leaks.arm(m_leakMode != proto::LeakWatchMode::kOff);  // its first check takes the baseline
  if ((m_collectors & (proto::kCollectMatrixIssues | proto::kCollectAnr)) || m_leakMode != proto::LeakWatchMode::kOff) {
    startLogcat(clampLogSince(start.logSinceMs, wallMs()));
  }
}

void AgentServer::startLogcat(uint64_t sinceMs) {
  // Follow main (Matrix's PluginListener) and events (am_anr) from sinceMs (epoch seconds.millis,
  // formatted here from a number: nothing from the wire reaches argv as text).
  m_lastLogMs = sinceMs;
  char since[32];
  std::snprintf(since, sizeof since, "%llu.%03llu", static_cast<unsigned long long>(sinceMs / 1000),
                static_cast<unsigned long long>(sinceMs % 1000));
  core::Status s = m_logcat.start(m_tools.path(Tool::kLogcat),
                                  {"-v", "threadtime", "-v", "epoch", "-b", "main", "-b", "events", "-T", since});
  if (!s.ok()) sendError(proto::ErrorCode::kToolFailed, s.toString());
}

void AgentServer::stopCollecting() {
  m_logcat.stop();
  m_logcatBuffer.clear();
  m_package.clear();
  m_frames.reset();
  m_scene.clear();
  m_appPids.clear();
  m_mainPid = 0;
  m_saidAppState = false;
  m_pendingAnrs.clear();
  m_strictMode.reset();
  m_memoryInterval = std::chrono::milliseconds(0);
  m_saidNoMemory = false;
  m_pendingMarks = 0;
  m_leakMode = proto::LeakWatchMode::kOff;
  m_leaks.arm(false);
}

void AgentServer::pollOnce() {
  if (m_package.empty()) return;
  // Tools run synchronously; lines logcat wrote meanwhile are handled between them, so a Matrix
  // issue waits for one tool at most, not for the whole cycle.
  auto drainLogcat = [this] {
    if (m_logcat.stdoutFd() >= 0 && !m_package.empty()) readLogcat();
  };
  pollProcesses();
  drainLogcat();
  if (m_package.empty()) return;
  if (m_collectors & proto::kCollectFrames) {
    pollScene();
    drainLogcat();
    if (m_mainPid != 0 && !m_package.empty()) pollFrames();
    drainLogcat();
  }
  if (!m_pendingAnrs.empty() && !m_package.empty()) pollAnrs();
  if ((m_collectors & proto::kCollectMatrixIssues) && !m_package.empty()) {
    drainLogcat();
    sendStrictModeReports(true);
    if (Clock::now() >= m_nextStrictModeDropBox) pollStrictModeDropBox();
  }
}

void AgentServer::sendStrictModeReports(bool quiet) {
  if (quiet) m_strictMode.flush();
  for (proto::StrictModeReport& r : m_strictMode.take()) {
    r.monotonicNs = wallMsToMonotonicNs(r.logTimeMs);
    if (!send(r)) return;
  }
}

void AgentServer::pollStrictModeDropBox() {
  // DropBox is read less often than the log: a `dumpsys dropbox --print` lists every entry kept.
  m_nextStrictModeDropBox = Clock::now() + 5s;
  for (const char* tag : {"data_app_strictmode", "system_app_strictmode"}) {
    auto out = m_tools.run(Tool::kDumpsys, {"dropbox", "--print", tag}, 30s);
    if (!out.ok() || out->exitCode != 0) continue;
    for (proto::StrictModeReport& r : m_strictMode.dropBox(out->output, m_package)) {
      // Found now; DropBox's header time is the device's local time, which the agent cannot place.
      r.logTimeMs = wallMs();
      r.monotonicNs = monotonicNs();
      if (!send(r)) return;
    }
  }
}

void AgentServer::pollProcesses() {
  // Android 8 brought toybox ps, which lists only the caller's processes without -A; Android 7's
  // toolbox ps lists all and takes any other word as a name filter (-A would match nothing).
  static constexpr uint32_t kToyboxPsSdk = 26;
  const bool toybox = deviceInfo().sdkLevel == 0 || deviceInfo().sdkLevel >= kToyboxPsSdk;
  auto ps = m_tools.run(Tool::kPs,
                        toybox ? std::vector<std::string>{"-A", "-o", "PID,USER,NAME"} : std::vector<std::string>{});
  if (!ps.ok() || ps->exitCode != 0) {
    sendError(proto::ErrorCode::kToolFailed, ps.ok() ? "ps failed" : ps.status().toString());
    return;
  }
  m_lastPsRefresh = Clock::now();
  m_processes = parseProcessList(ps->output);
  if (m_package.empty()) return;
  std::set<int32_t> pids;
  int32_t mainPid = 0;
  for (const auto& p : m_processes) {
    if (!belongsToPackage(p.name, m_package)) continue;
    pids.insert(p.pid);
    if (p.name == m_package) mainPid = p.pid;
  }
  m_appPids = std::move(pids);
  // Once at the start, so a client learns at once that the app does not run; then on changes.
  if ((mainPid != m_mainPid || !m_saidAppState) && (m_collectors & proto::kCollectProcesses)) {
    m_saidAppState = true;
    send(proto::AppState{m_package, mainPid, mainPid ? proto::AppRunState::kRunning : proto::AppRunState::kStopped,
                         m_foregroundPackage == m_package});
  }
  if (mainPid != m_mainPid) {
    m_frames.reset();  // a new process starts new windows
    m_leaks.reset();   // the watched heap is gone: no verdict about it; the next one's baseline at once
  }
  m_mainPid = mainPid;
}

void AgentServer::pollScene() {
  auto activities = m_tools.run(Tool::kDumpsys, {"activity", "activities"});
  if (!activities.ok() || activities->exitCode != 0) return;
  const std::optional<std::string> component = parseResumedActivity(activities->output);
  const std::string pkg(component ? packageOfComponent(*component) : std::string_view());
  const std::string scene = pkg == m_package && component ? sceneOfWindow(*component) : std::string();
  const bool foregroundChanged = pkg != m_foregroundPackage;
  m_foregroundPackage = pkg;
  if (foregroundChanged && (m_collectors & proto::kCollectProcesses)) {
    send(proto::AppState{m_package, m_mainPid, m_mainPid ? proto::AppRunState::kRunning : proto::AppRunState::kStopped,
                         pkg == m_package});
  }
  if (scene != m_scene) {
    m_scene = scene;
    send(proto::SceneChange{monotonicNs(), m_package, scene});
  }
}

void AgentServer::pollFrames() {
  auto out = m_tools.run(Tool::kDumpsys, {"gfxinfo", m_package, "framestats"});
  if (!out.ok() || out->exitCode != 0) return;
  const uint32_t milliHz = deviceInfo().refreshMilliHz;
  const uint64_t periodNs = milliHz ? 1'000'000'000'000ull / milliHz : 0;
  if (out->output.starts_with("Can't find service: gfxinfo")) {
    if (!m_saidNoGfxinfo) {
      m_saidNoGfxinfo = true;
      sendError(proto::ErrorCode::kToolFailed,
                "this phone has no gfxinfo service (dumpsys: Can't find service: gfxinfo), so frame times cannot be "
                "read; Matrix issues and ANRs still are");
    }
    return;
  }
  NewFrames fresh = m_frames.newFrames(m_package, parseFramestats(out->output), m_scene, periodNs);
  for (auto& gap : fresh.gaps) {
    if (!send(gap)) return;
  }
  for (auto& batch : fresh.batches) {
    if (!send(batch)) return;
  }
}

void AgentServer::readLogcat() {
  char buf[65536];
  for (;;) {
    const ssize_t n = read(m_logcat.stdoutFd(), buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return;  // EAGAIN: drained
    if (n == 0) {
      m_logcat.stop();
      return;
    }
    m_logcatBuffer.append(buf, static_cast<size_t>(n));
    size_t start = 0;
    for (size_t nl; (nl = m_logcatBuffer.find('\n', start)) != std::string::npos; start = nl + 1) {
      handleLogLine(std::string_view(m_logcatBuffer).substr(start, nl - start));
      if (m_package.empty()) return;
    }
    m_logcatBuffer.erase(0, start);
    if (m_logcatBuffer.size() > kMaxLogcatLine) m_logcatBuffer.clear();  // not a log line
  }
}

void AgentServer::handleLogLine(std::string_view text) {
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  const std::optional<LogLine> line = parseLogLine(text);
  if (!line) return;
  m_lastLogMs = std::max(m_lastLogMs, line->timeMs);
  if (m_collectors & proto::kCollectAnr) {
    if (auto anr = parseAmAnr(*line)) {
      if (anr->packageName == m_package) {
        m_pendingAnrs.push_back({*anr, line->timeMs, Clock::now() + 10s});
        m_nextPoll = Clock::now();  // fetch the report soon
      }
      return;
    }
  }
  if (m_leakMode != proto::LeakWatchMode::kOff) {
    if (auto destroy = parseActivityDestroy(*line)) {
      // The app's own process logs its destroys: those of the main process (the one sampled) are watched.
      if (line->pid == m_mainPid && m_mainPid != 0) m_leaks.destroyed(destroy->activity, line->timeMs, Clock::now());
      return;
    }
  }
  if (!(m_collectors & proto::kCollectMatrixIssues)) return;
  const bool strictMode = line->tag == "StrictMode";
  if (!strictMode && text.find("tag[") == std::string_view::npos) return;
  // Issues of this app only: the line's pid must be one of the package's processes. A pid the
  // last `ps` did not list may be the app's process that just started: look again (rate-limited).
  if (!m_appPids.count(line->pid)) {
    const bool known = std::any_of(m_processes.begin(), m_processes.end(),
                                   [&](const proto::ProcessInfo& p) { return p.pid == line->pid; });
    if (known || Clock::now() - m_lastPsRefresh < 200ms) return;
    pollProcesses();
    if (!m_appPids.count(line->pid)) return;
  }
  if (strictMode) {
    m_strictMode.logLine(text, *line);
    sendStrictModeReports(false);
    return;
  }
  if (auto issue = parseMatrixIssue(*line)) {
    issue->monotonicNs = wallMsToMonotonicNs(issue->logTimeMs);
    send(*issue);
  }
}

void AgentServer::pollAnrs() {
  auto out = m_tools.run(Tool::kDumpsys, {"dropbox", "--print", "data_app_anr"}, 30s);
  const std::vector<DropboxEntry> entries = out.ok() ? parseDropbox(out->output) : std::vector<DropboxEntry>();
  const auto now = Clock::now();
  for (auto it = m_pendingAnrs.begin(); it != m_pendingAnrs.end();) {
    const DropboxEntry* match = nullptr;
    for (const DropboxEntry& e : entries) {
      if (e.pid == it->event.pid && e.process == it->event.packageName && !m_seenDropboxEntries.count(e.header)) {
        match = &e;
      }
    }
    if (match == nullptr && now < it->deadline) {
      ++it;
      continue;
    }
    proto::AnrReport report;
    report.timeMs = it->timeMs;
    report.monotonicNs = wallMsToMonotonicNs(it->timeMs);
    report.pid = it->event.pid;
    report.packageName = it->event.packageName;
    report.reason = it->event.reason;
    if (match != nullptr) {
      m_seenDropboxEntries.insert(match->header);
      report.traces = match->text.substr(0, proto::kMaxTextBytes);
    }
    send(report);
    it = m_pendingAnrs.erase(it);
  }
}

void AgentServer::dumpHeap(const proto::HeapDumpRequest& request) {
  if (!isValidPackageName(request.packageName)) {
    sendError(proto::ErrorCode::kInvalidPackage, "invalid package name", request.requestId);
    return;
  }
  // Only pids of the named package, as ps reports them, ever reach `am`.
  const int32_t pid = processOf(request.packageName, request.pid);
  if (pid == 0) {
    sendError(proto::ErrorCode::kNotRunning, request.packageName + " has no such running process", request.requestId);
    return;
  }
  HeapDumpJob job;
  job.requestId = request.requestId;
  job.pid = pid;
  job.gcFirst = (request.flags & proto::kHeapDumpGcFirst) != 0;
  // A format the device cannot dump is dropped; HeapDumpBegin.flags tells the client.
  if (deviceInfo().sdkLevel >= kMinSdkForBitmapDump) job.bitmaps = proto::bitmapFormatOf(request.flags);
  job.shrink = (request.flags & proto::kHeapDumpShrinkOnDevice) != 0;
  job.dataDir = m_options.dataDir;
  job.stableMs = m_options.heapStableMs;
  core::Status s = runHeapDump(m_tools, job, [this](const proto::Message& m) { return send(m); });
  if (!s.ok() && s.code() != core::StatusCode::kCancelled) {
    sendError(proto::ErrorCode::kHeapDumpFailed, s.toString(), request.requestId);
  } else if (s.ok() && pid == m_mainPid) {
    m_pendingMarks |= proto::kSampleHeapDumped;
  }
}

int32_t AgentServer::processOf(const std::string& package, int32_t wanted) {
  pollProcesses();
  int32_t pid = 0;
  for (const auto& p : m_processes) {
    if (wanted != 0 ? (p.pid == wanted && belongsToPackage(p.name, package)) : p.name == package) pid = p.pid;
  }
  return pid;
}

void AgentServer::startMethodTrace(const proto::MethodTraceRequest& request) {
  if (!isValidPackageName(request.packageName) ||
      (!request.component.empty() && request.component.rfind(request.packageName + "/", 0) != 0)) {
    sendError(proto::ErrorCode::kInvalidPackage, "invalid package or component name", request.requestId);
    return;
  }
  if (!request.component.empty() && !isValidComponentName(request.component)) {
    sendError(proto::ErrorCode::kInvalidPackage, "invalid component name", request.requestId);
    return;
  }
  if (m_tracer.busy()) {
    sendError(proto::ErrorCode::kBadRequest, "a method trace is already running", request.requestId);
    return;
  }
  MethodTraceJob job;
  job.requestId = request.requestId;
  job.packageName = request.packageName;
  job.duration = std::chrono::milliseconds(std::clamp<uint32_t>(request.durationMs, 100, 10 * 60 * 1000));
  job.samplingUs = request.samplingUs;
  job.flags = request.flags;
  job.component = request.component;
  job.dataDir = m_options.dataDir;
  job.stableMs = m_options.heapStableMs;
  if ((request.flags & proto::kMethodTraceLaunch) == 0) {
    job.pid = processOf(request.packageName, request.pid);
    if (job.pid == 0) {
      sendError(proto::ErrorCode::kNotRunning, request.packageName + " has no such running process", request.requestId);
      return;
    }
  }
  m_traceRequestId = request.requestId;
  const std::string package = request.packageName;
  core::Status s = m_tracer.start(
      std::move(job), [this, package] { return processOf(package, 0); },
      [this](const proto::Message& m) { return send(m); });
  if (!s.ok() && s.code() != core::StatusCode::kCancelled) {
    sendError(proto::ErrorCode::kMethodTraceFailed, s.message(), request.requestId);
  }
}

void AgentServer::finishMethodTrace() {
  core::Status s = m_tracer.finish([this](const proto::Message& m) { return send(m); });
  if (!s.ok() && s.code() != core::StatusCode::kCancelled) {
    sendError(proto::ErrorCode::kMethodTraceFailed, s.toString(), m_traceRequestId);
  }
}

void AgentServer::sendProcessList() { send(proto::ProcessList{m_foregroundPackage, m_processes}); }

void AgentServer::sendPackageList(const proto::PackageListRequest& request) {
  // Fixed arguments: the flags only choose whether `-3` is added.
  std::vector<std::string> args = {"list", "packages"};
  if (request.flags & proto::kThirdPartyPackagesOnly) args.push_back("-3");
  auto pm = m_tools.run(Tool::kPm, args, 30s);
  if (!pm.ok() || pm->exitCode != 0) {
    sendError(proto::ErrorCode::kToolFailed,
              pm.ok() ? "pm list packages failed (exit " + std::to_string(pm->exitCode) + ")" : pm.status().toString());
    return;
  }
  pollProcesses();
  send(proto::PackageList{joinPackagesWithProcesses(parsePmListPackages(pm->output), m_processes)});
}

}  // namespace mxi::agent
