#include "sim_sqlite_time.h"

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "sim_props.h"

namespace mxi::sim {

std::vector<SimSql> demoSqlStatements() {
  // The demo reads its catalog on the main thread and logs events from a worker, each insert with
  // its values written into the SQL.
  constexpr int kWorker = 4261;
  std::vector<SimSql> out = {
      {150, 0, "demo.db", 0.218, "SELECT value FROM settings WHERE key = 'theme'"},
      {180, 0, "demo.db", 41.375, "SELECT * FROM catalog WHERE category = 'books'"},
      {240, kWorker, "demo.db", 3.904, "SELECT title, price FROM catalog ORDER BY price"},
  };
  for (int i = 0; i < 5; ++i) {
    out.push_back({400 + i * 20, kWorker, "demo.db", 0.731,
                   "INSERT INTO events(kind, at) VALUES ('open', " + std::to_string(1767225600 + i) + ")"});
  }
  return out;
}

std::vector<SimSql> sqlStatements(const SimConfig& config) {
  if (config.sqlStatements.empty()) return demoSqlStatements();
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
                   dataDir + s.database + ": \"" + s.sql + "\" took " + took + " ms", false});
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
