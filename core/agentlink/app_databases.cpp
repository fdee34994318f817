#include "core/agentlink/app_databases.h"

#include <filesystem>
#include <fstream>
#include <set>

#include "core/adb/shell.h"

namespace mxi::core::agentlink {

namespace {

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
  size_t start = 0;
  while (start < text.size() && text[start] == ' ') ++start;
  return text.substr(start);
}

std::string firstLine(const std::string& text) { return trimmed(text.substr(0, text.find('\n'))); }

// What the copy of one file holds when run-as or cat refused it (exec: merges stderr into the
// bytes): their message, which no database, WAL or shared-memory file begins with.
std::string refusal(const adb::Bytes& bytes) {
  const std::string head = bytes.substr(0, 512);
  if (!head.starts_with("run-as: ") && !head.starts_with("cat: ")) return {};
  const std::string line = firstLine(head);
  return line.find('\0') == std::string::npos ? line : std::string{};
}

}  // namespace

std::string databasesOf(const std::string& package) { return "databases of " + package; }

StatusOr<DatabaseCopy> copyAppDatabases(adb::AdbDevice& device, const std::string& package,
                                        const std::string& scratchDir, const adb::IoLimits& limits,
                                        ProgressSink& progress, const CancelToken& cancel) {
  DatabaseCopy copy;
  const std::string runAs = "run-as " + adb::shellQuote(package) + " ";
  ASSIGN_OR_RETURN(const adb::ShellResult listed, adb::runShell(device, runAs + "ls databases/", {}, limits));
  // Shell v1 (an old phone) has no exit code and merges stderr: run-as's and ls's texts tell.
  const std::string said = firstLine(listed.err.empty() ? listed.out : listed.err);
  const bool refused =
      listed.exitCode ? *listed.exitCode != 0 : said.starts_with("run-as: ") || said.starts_with("ls: ");
  if (refused) {
    const bool none = said.find("No such file or directory") != std::string::npos;
    const std::string why = none            ? "the app has no databases/ folder (it has opened no database yet)"
                            : !said.empty() ? said
                                            : "run-as exited with " + std::to_string(listed.exitCode.value_or(-1));
    copy.notCopied.push_back({databasesOf(package), why});
    return copy;
  }
  std::set<std::string> names;
  size_t start = 0;
  while (start < listed.out.size()) {
    size_t nl = listed.out.find('\n', start);
    if (nl == std::string::npos) nl = listed.out.size();
    const std::string name = trimmed(listed.out.substr(start, nl - start));
    if (!name.empty() && name.find('/') == std::string::npos && name != "." && name != "..") names.insert(name);
    start = nl + 1;
  }
  std::vector<std::string> databases;
  for (const std::string& name : names) {
    if (name.ends_with("-journal")) continue;  // a rollback under way: the database without it is the committed one
    const bool wal = name.ends_with("-wal"), shm = name.ends_with("-shm");
    if (!wal && !shm) {
      databases.push_back(name);
      continue;
    }
    const std::string base = name.substr(0, name.size() - 4);
    if (names.count(base) == 0) {
      copy.notCopied.push_back({name, std::string("a ") + (wal ? "WAL" : "shared-memory file") +
                                          " without its database " + base + ": nothing to check it against"});
    }
  }
  for (size_t i = 0; i < databases.size(); ++i) {
    if (cancel.isCancelled() ||
        !progress.report("copying the app's databases", static_cast<int>(i * 1000 / databases.size()))) {
      return cancelled();
    }
    const std::string& name = databases[i];
    bool databaseCopied = false;
    for (const char* suffix : {"", "-wal", "-shm"}) {
      const std::string file = name + suffix;
      if (names.count(file) == 0) continue;
      ASSIGN_OR_RETURN(const adb::Bytes bytes,
                       adb::runExec(device, runAs + "cat " + adb::shellQuote("databases/" + file), limits));
      if (const std::string why = refusal(bytes); !why.empty()) {
        copy.notCopied.push_back({file, why});
        // Without its database nothing is checked; without its WAL, the database as last checkpointed is.
        if (file == name) break;
        continue;
      }
      const std::string local = (std::filesystem::path(scratchDir) / file).string();
      std::ofstream out(local, std::ios::binary | std::ios::trunc);
      out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
      if (!out) return ioError(local + ": cannot write the copy of " + file);
      databaseCopied = databaseCopied || file == name;
    }
    if (databaseCopied) copy.databases.push_back({name, (std::filesystem::path(scratchDir) / name).string()});
  }
  progress.report("copying the app's databases", ProgressSink::kMax);
  return copy;
}

}  // namespace mxi::core::agentlink
