#include "core/base/process_memory.h"

#include <sys/resource.h>

#include <chrono>
#include <fstream>
#include <sstream>

namespace mxi::core {

namespace {

uint64_t nowNs() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

// "Key:   123 kB" lines of /proc files; returns bytes.
uint64_t kibField(const std::string& line, size_t keyLength) {
  return std::strtoull(line.c_str() + keyLength, nullptr, 10) * 1024;
}

// The memory cgroup this process is in: its directory and the names of its limit and usage
// files (cgroup v2: memory.max / memory.current; v1: memory.limit_in_bytes / usage_in_bytes).
struct CgroupFiles {
  std::string dir;  // empty when not found
  std::string limitFile, usageFile;
};
CgroupFiles memoryCgroup() {
  std::ifstream in("/proc/self/cgroup");
  std::string line;
  CgroupFiles v2;
  while (std::getline(in, line)) {
    const size_t first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    // Appended piece by piece: gcc 12 misreads `"," + std::string&&` (a false -Werror=restrict on
    // the arm cross compilers).
    std::string controllers = ",";
    controllers.append(line, first + 1, second - first - 1).append(",");
    const std::string path = line.substr(second + 1);
    if (controllers.find(",memory,") != std::string::npos) {
      return {"/sys/fs/cgroup/memory" + path, "memory.limit_in_bytes", "memory.usage_in_bytes"};
    }
    if (line.rfind("0::", 0) == 0) v2 = {"/sys/fs/cgroup" + path, "memory.max", "memory.current"};
  }
  return v2;
}

bool readNumber(const std::string& path, uint64_t& out) {
  std::ifstream in(path);
  std::string text;
  if (!(in >> text)) return false;
  if (text == "max") return false;
  out = std::strtoull(text.c_str(), nullptr, 10);
  return true;
}

}  // namespace

ProcessMemory readProcessMemory() {
  ProcessMemory m;
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("RssAnon:", 0) == 0) m.rssAnon = kibField(line, 8);
    if (line.rfind("RssFile:", 0) == 0) m.rssFile = kibField(line, 8);
    if (line.rfind("VmHWM:", 0) == 0) m.peakRss = kibField(line, 6);
    if (line.rfind("VmSize:", 0) == 0) m.virtualSize = kibField(line, 7);
  }
  return m;
}

uint64_t processCpuNanos() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto ns = [](const timeval& t) { return uint64_t(t.tv_sec) * 1'000'000'000 + uint64_t(t.tv_usec) * 1000; };
  return ns(usage.ru_utime) + ns(usage.ru_stime);
}

MemoryLimits readMemoryLimits() {
  MemoryLimits limits;
  {
    std::ifstream in("/proc/meminfo");
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("MemAvailable:", 0) == 0) limits.memAvailable = kibField(line, 13);
    }
  }
  // The ancestor whose limit leaves the least binds; walk up from this process's cgroup.
  const CgroupFiles cgroup = memoryCgroup();
  std::string dir = cgroup.dir;
  while (!dir.empty()) {
    uint64_t max = 0, current = 0;
    // cgroup v1 writes "no limit" as a huge number (PAGE_COUNTER_MAX pages).
    if (readNumber(dir + "/" + cgroup.limitFile, max) && max < (uint64_t{1} << 62) &&
        readNumber(dir + "/" + cgroup.usageFile, current)) {
      if (max - std::min(max, current) < limits.cgroupMax - std::min(limits.cgroupMax, limits.cgroupCurrent)) {
        limits.cgroupMax = max;
        limits.cgroupCurrent = current;
      }
    }
    const size_t slash = dir.rfind('/');
    if (slash == std::string::npos || dir.compare(0, slash, "/sys/fs/cgroup") == 0 || slash <= 14) break;
    dir.resize(slash);
  }
  rlimit as{};
  if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY) limits.addressLimit = as.rlim_cur;
  limits.virtualSize = readProcessMemory().virtualSize;
  return limits;
}

MemoryHeadroom headroomOf(const MemoryLimits& limits) {
  MemoryHeadroom out;
  auto consider = [&](uint64_t bytes, const char* source) {
    if (bytes < out.bytes) {
      out.bytes = bytes;
      out.source = source;
    }
  };
  if (limits.memAvailable != UINT64_MAX) consider(limits.memAvailable, "MemAvailable");
  if (limits.cgroupMax != UINT64_MAX) {
    consider(limits.cgroupMax - std::min(limits.cgroupMax, limits.cgroupCurrent), "the cgroup's memory limit");
  }
  if (limits.addressLimit != UINT64_MAX) {
    consider(limits.addressLimit - std::min(limits.addressLimit, limits.virtualSize), "RLIMIT_AS");
  }
  return out;
}

PhaseLog::PhaseLog() : m_wall(nowNs()), m_cpu(processCpuNanos()) {}

void PhaseLog::mark(std::string name) {
  const uint64_t wall = nowNs(), cpu = processCpuNanos();
  const ProcessMemory m = readProcessMemory();
  m_phases.push_back({std::move(name), double(wall - m_wall) / 1e6, double(cpu - m_cpu) / 1e6, m.rssAnon, m.rssFile,
                      m.peakRss, m.virtualSize});
  m_wall = wall;
  m_cpu = cpu;
}

}  // namespace mxi::core
