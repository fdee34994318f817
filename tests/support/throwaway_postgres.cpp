#include "tests/support/throwaway_postgres.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <vector>

#include "tests/support/programs.h"

namespace mxi::test {
namespace fs = std::filesystem;
namespace {

constexpr uid_t kNobody = 65534;

int freePort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  int port = 0;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0) {
    port = ntohs(addr.sin_port);
  }
  ::close(fd);
  return port;
}

std::string findBinDir() {
  for (const char* dir : {"/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin"}) {
    if (fs::exists(fs::path(dir) / "initdb") && fs::exists(fs::path(dir) / "pg_ctl")) return dir;
  }
  return {};
}

}  // namespace

ThrowawayPostgres& ThrowawayPostgres::instance() {
  static ThrowawayPostgres server;
  return server;
}

ThrowawayPostgres::ThrowawayPostgres() {
  m_binDir = findBinDir();
  if (m_binDir.empty()) {
    m_skipReason = "no PostgreSQL server installed (Debian package postgresql-15: scripts/setup.sh installs it)";
    return;
  }
  char pattern[] = "/tmp/mxi-pg-XXXXXX";
  if (!::mkdtemp(pattern)) {
    m_skipReason = "cannot make a temporary directory";
    return;
  }
  m_dir = pattern;
  m_log = m_dir + "/server.log";
  m_asNobody = ::geteuid() == 0;
  if (m_asNobody && ::chown(m_dir.c_str(), kNobody, kNobody) != 0) {
    m_skipReason = "running as root and cannot hand " + m_dir + " to nobody";
    return;
  }
  auto run = [&](std::vector<std::string> argv) {
    if (m_asNobody) {
      argv.insert(argv.begin(), {"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"});
    }
    return runProgram(argv, RunOptions().mergingStderr());
  };
  const auto init = run({m_binDir + "/initdb", "-D", m_dir + "/data", "-U", "mxi", "--auth=trust", "-E", "UTF8",
                         "--no-sync", "--no-instructions"});
  if (init.exitCode != 0) {
    m_skipReason = "initdb failed" + std::string(m_asNobody ? " (as nobody, through setpriv)" : "") + ": " + init.out;
    return;
  }
  m_port = freePort();
  const std::string options = "-p " + std::to_string(m_port) + " -k " + m_dir +
                              " -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50";
  const auto start =
      run({m_binDir + "/pg_ctl", "-D", m_dir + "/data", "-o", options, "-l", m_log, "-w", "-t", "60", "start"});
  if (start.exitCode != 0) {
    m_skipReason = "pg_ctl start failed: " + start.out + readFile(m_log);
    m_port = 0;
  }
}

ThrowawayPostgres::~ThrowawayPostgres() {
  if (m_port) {
    std::vector<std::string> argv = {m_binDir + "/pg_ctl", "-D", m_dir + "/data", "-m", "immediate", "-w", "stop"};
    if (m_asNobody) argv.insert(argv.begin(), {"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"});
    runProgram(argv);
  }
  if (!m_dir.empty()) {
    std::error_code ec;
    fs::remove_all(m_dir, ec);
  }
}

std::string ThrowawayPostgres::freshDatabase(const std::string& name) {
  const std::string base = "postgresql://mxi@127.0.0.1:" + std::to_string(m_port) + "/";
  const auto created = runProgram({"psql", "-q", "-v", "ON_ERROR_STOP=1", base + "postgres", "-c",
                                   "DROP DATABASE IF EXISTS " + name, "-c", "CREATE DATABASE " + name},
                                  RunOptions().mergingStderr());
  if (created.exitCode != 0) return {};
  return base + name;
}

}  // namespace mxi::test
