// The simulated phone's contents, read at run time from the real captures in
// ../shared/reference/fixtures (never copied): apps and their gfxinfo sections (framestats
// replayed row by row over time), Matrix issue logcat lines, an ANR (am_anr + dropbox entry
// around a real traces file). Without the reference folder: synthetic demo data, labelled so.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim_config.h"

namespace mxi::sim {

struct SimBlock {
  std::string window;             // Window: name (activity component)
  std::vector<std::string> rows;  // framestats CSV rows (header excluded)
  std::string header;
};

struct SimApp {
  std::string package;
  int pid = 0;
  std::string user;
  std::vector<std::string> sectionLines;  // the app's "** Graphics info" section, verbatim
  std::vector<SimBlock> blocks;           // its PROFILEDATA blocks in order
};

// The logcat buffer a line is in: apps' Log → main, system_server's Slog → system, EventLog →
// events, a dying app's FATAL EXCEPTION (RuntimeInit's Clog_e) → crash.
enum class LogBuffer : uint8_t { kMain, kSystem, kEvents, kCrash };

struct SimLogLine {
  int64_t atMs = 0;  // relative to the origin
  int pid = 0;
  int tid = 0;
  char level = 'I';
  std::string tag;
  std::string message;
  LogBuffer buffer = LogBuffer::kMain;
};

struct SimAnr {
  std::string package;
  int pid = 0;
  std::string traces;  // the app's section of a real traces.txt
  int64_t atMs = 0;    // am_anr time (relative)
  int64_t dropboxDelayMs = 300;
};

struct SimDevice {
  bool synthetic = false;
  std::vector<SimApp> apps;
  std::vector<SimLogLine> log;  // sorted by time
  SimAnr anr;
  std::string model = "T865";
  std::string manufacturer = "Topicon";
  std::string foreground;
};

SimDevice loadDevice(const SimConfig& config);

// logcat drops what does not fit its 4068-byte entry payload (tag + message + 2 NULs).
inline constexpr size_t kLogcatMaxPayload = 4068;

}  // namespace mxi::sim
