#include "sim_sqlite_time.h"

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "sim_database.h"
#include "sim_props.h"

namespace mxi::sim {

std::vector<SimSql> demoSqlStatements(const SimConfig& config) {
  // What the demo runs on demo.db (sim_database.h) in its first minute, each statement once (not
  // its prepare), at the time after its start the schedule puts it; the main thread's as tid 0.
  constexpr int64_t kLoggedMs = 60'000;
  std::vector<SimSql> out;
  for (const DemoDbOperation& op : demoDatabaseOperations(config, 0, kLoggedMs, {})) {
    if (op.kind == "prepare" || op.meminfo) continue;
    out.push_back({op.atMs, op.tid, "demo.db", static_cast<double>(op.tookMs), op.sql});
  }
  return out;
}

std::vector<SimSql> sqlStatements(const SimConfig& config) {
  if (config.sqlStatements.empty()) return demoSqlStatements(config);
  std::vector<SimSql> out;
  std::ifstream in(config.sqlStatements);
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> cells;
    size_t start = 0;
    for (int i = 0; i < 4; ++i) {
      const size_t tab = line.find('\t', start);
      if (tab == std::string::npos) break;
      cells.push_back(line.substr(start, tab - start));
      start = tab + 1;
    }
    if (cells.size() != 4) continue;
    out.push_back({std::atoll(cells[0].c_str()), cells[1] == "main" ? 0 : std::atoi(cells[1].c_str()), cells[2],
                   std::atof(cells[3].c_str()), line.substr(start)});
  }
  return out;
}

void addSqliteTimeLines(const SimApp& app, int64_t startedMs, const std::vector<SimSql>& statements,
                        std::vector<SimLogLine>& log) {
  const std::string dataDir = "/data/user/0/" + packageOf(app.package) + "/databases/";
  for (const SimSql& s : statements) {
    char took[32];
    std::snprintf(took, sizeof took, "%0.3f", s.ms);
    log.push_back({startedMs + s.atMs, app.pid, s.tid == 0 ? app.pid : s.tid, 'V', "SQLiteTime",
                   dataDir + s.database + ": \"" + s.sql + "\" took " + took + " ms", LogBuffer::kMain});
  }
  std::stable_sort(log.begin(), log.end(), [](const SimLogLine& a, const SimLogLine& b) { return a.atMs < b.atMs; });
}

void addForegroundSqliteTime(Ctx& c) {
  const SimApp* app = findApp(c, c.device.foreground);
  if (app == nullptr || isStopped(c, *app)) return;
  const int64_t startedNs = startedNsOf(c, *app);
  if (startedNs == 0) return;  // running since before anyone could set the property
  const auto property = readSetProperty(c.config, "log.tag.SQLiteTime", startedNs);
  if (!property || !logsVerbose(property->value)) return;
  const int64_t startedMs = (startedNs - originMonotonicNs(c.config)) / 1'000'000;
  addSqliteTimeLines(*app, startedMs, sqlStatements(c.config), c.device.log);
}

}  // namespace mxi::sim
