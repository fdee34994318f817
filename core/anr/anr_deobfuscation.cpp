#include "core/anr/anr_deobfuscation.h"

namespace mxi::core::anr {

void deobfuscateAnr(AnrReport& report, const mapping::R8Mapping& mapping) {
  for (AnrProcess& p : report.processes) {
    for (AnrThread& t : p.threads) {
      std::vector<std::string> frames;
      frames.reserve(t.frames.size());
      for (const std::string& f : t.frames) {
        // "native:", "kernel:" and "wchan:" lines name no Java class; retraceStackLine keeps them.
        for (auto& line : mapping::retraceStackLine(mapping, f)) frames.push_back(std::move(line));
      }
      t.frames = std::move(frames);
      if (t.waitingToLock && !t.waitingToLock->lockClass.empty()) {
        t.waitingToLock->lockClass = mapping.originalClass(t.waitingToLock->lockClass);
      }
    }
  }
}

}  // namespace mxi::core::anr
