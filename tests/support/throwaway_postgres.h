// A real PostgreSQL server for one test program: initdb and pg_ctl (Debian's postgresql
// package) in a temporary directory on a free port, stopped and deleted at exit. The server
// refuses to run as root, so as root it runs as `nobody`. Where it cannot start (no server
// installed, no way to drop privileges), skipReason() says why and tests skip.
#pragma once

#include <string>

namespace mxi::test {

class ThrowawayPostgres {
 public:
  // The one server of this test program, started on first use.
  static ThrowawayPostgres& instance();
  ~ThrowawayPostgres();

  bool running() const { return m_skipReason.empty(); }
  const std::string& skipReason() const { return m_skipReason; }
  // postgresql://mxi@127.0.0.1:PORT/DATABASE, the database created empty on each call.
  std::string freshDatabase(const std::string& name);

 private:
  ThrowawayPostgres();
  std::string m_skipReason, m_dir, m_binDir, m_log;
  int m_port = 0;
  bool m_asNobody = false;
};

}  // namespace mxi::test
