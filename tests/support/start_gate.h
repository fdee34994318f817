// Programs started together: each waits behind flock(1) for a lock the gate holds until open(),
// so all of them begin within milliseconds of each other, not one process start apart — the way
// to make runs meet where they race (e.g. several `mxi triage` creating one store).
#pragma once

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

namespace mxi::test {

class StartGate {
 public:
  // Takes an exclusive lock on `lockFile` (created when missing); locked() says whether it did.
  explicit StartGate(std::filesystem::path lockFile)
      : m_file(std::move(lockFile)), m_fd(::open(m_file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)) {
    m_locked = m_fd >= 0 && ::flock(m_fd, LOCK_EX) == 0;
  }
  ~StartGate() { open(); }
  StartGate(const StartGate&) = delete;
  StartGate& operator=(const StartGate&) = delete;

  bool locked() const { return m_locked; }
  // argv run behind the gate: flock --shared LOCKFILE argv…
  std::vector<std::string> gated(const std::vector<std::string>& argv) const {
    std::vector<std::string> out = {"flock", "--shared", m_file.string()};
    out.insert(out.end(), argv.begin(), argv.end());
    return out;
  }
  // Lets every gated program go at once.
  void open() {
    if (m_fd >= 0) ::close(m_fd);
    m_fd = -1;
  }

 private:
  std::filesystem::path m_file;
  int m_fd;
  bool m_locked = false;
};

}  // namespace mxi::test
