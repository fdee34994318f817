#include "device-agent/src/collectors/dbinfo_collector.h"

#include <time.h>

#include <algorithm>

#include "core/dbinfo/dbinfo_text.h"
#include "device-agent/src/agent_clocks.h"
#include "device-agent/src/collector_context.h"

namespace mxi::agent {

namespace proto = core::protocol;
using namespace std::chrono_literals;

namespace {

// Device local time minus UTC, as the agent's C library knows it (TZ, /etc/localtime). A static
// agent on a phone sees neither and reads UTC: then the times it places are off by the zone, the
// time text as printed stays exact (docs/SQLITE.md "Live").
int64_t localOffsetMs() {
  const time_t now = time(nullptr);
  tm local{};
  if (localtime_r(&now, &local) == nullptr) return 0;
  return static_cast<int64_t>(local.tm_gmtoff) * 1000;
}

}  // namespace

bool DbinfoCollector::start(CollectorContext& context) {
  const uint32_t ms = context.request().sqlIntervalMs;
  // At least 1 s: one dump makes system_server walk every connection of the app (measured cost in
  // docs/PERFORMANCE.md); the desktop sends 3 s, which keeps up with a 20-entry ring unless the
  // app runs more than ~7 statements a second on one connection (a rollover is said, not hidden).
  m_interval = std::chrono::milliseconds(ms == 0 ? 0 : std::clamp<uint32_t>(ms, 1000, 60'000));
  m_rings.reset();
  m_saidNoDatabase = false;
  m_saidDbinfoFailed = false;
  return ms != 0;
}

void DbinfoCollector::poll(CollectorContext& context) {
  if (m_saidNoDbinfo) return;  // this phone has no dbinfo service: asked once per agent
  auto out = context.tools().run(Tool::kDumpsys, {"dbinfo", context.app().package()}, 10s);
  if (!context.active()) return;
  if (out.ok() && out->output.find("Can't find service: dbinfo") != std::string::npos) {
    m_saidNoDbinfo = true;
    context.sendError(proto::ErrorCode::kToolFailed,
                      "`dumpsys dbinfo` is not available on this device: the app's SQL is not collected; frames and "
                      "issues still are");
    return;
  }
  if (!out.ok() || out->exitCode != 0) {
    // A dumpsys that failed or timed out once (a busy phone) is asked again at the next poll.
    if (!m_saidDbinfoFailed) {
      m_saidDbinfoFailed = true;
      context.sendError(
          proto::ErrorCode::kToolFailed,
          "`dumpsys dbinfo " + context.app().package() + "` failed (" +
              (out.ok() ? std::string("exit code ") + std::to_string(out->exitCode) : out.status().toString()) +
              "); asked again every poll");
    }
    return;
  }
  const core::dbinfo::DbinfoReport report = core::dbinfo::parseDbinfo(out->output);
  const bool anyPool = std::any_of(report.processes.begin(), report.processes.end(),
                                   [](const core::dbinfo::DbinfoProcess& p) { return !p.pools.empty(); });
  if (!anyPool) {
    // An app that opened no database yet (or never does): its SQL shows once it opens one.
    if (!m_saidNoDatabase && context.app().mainPid() != 0) {
      m_saidNoDatabase = true;
      context.sendError(proto::ErrorCode::kToolFailed, "`dumpsys dbinfo " + context.app().package() +
                                                           "` lists no open database yet; its SQL is collected once "
                                                           "it opens one");
    }
  }
  for (proto::SqlOperations& batch : m_rings.update(report, wallMs(), localOffsetMs())) {
    for (proto::SqlOperation& op : batch.operations)
      op.monotonicNs = op.wallClockMs ? wallMsToMonotonicNs(op.wallClockMs) : 0;
    if (!context.send(batch)) return;
  }
}

bool DbinfoCollector::logLine(std::string_view text, const LogLine& line, CollectorContext& context) {
  (void)text;
  if (line.tag != "SQLiteLog") return false;
  // Only the line that names a missing index; SQLite's other notices are not ours to forward.
  if (line.message.find("automatic index on ") == std::string_view::npos) return true;
  if (!context.isAppProcess(line.pid)) return true;
  proto::SqliteLog log;
  log.logTimeMs = line.timeMs;
  log.monotonicNs = wallMsToMonotonicNs(line.timeMs);
  log.pid = line.pid;
  log.tid = line.tid;
  log.message = std::string(line.message);
  context.send(log);
  return true;
}

}  // namespace mxi::agent
