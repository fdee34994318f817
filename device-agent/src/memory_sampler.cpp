#include "device-agent/src/memory_sampler.h"

#include "core/base/text_lines.h"

namespace mxi::agent {

namespace proto = core::protocol;
using core::meminfo::MeminfoProcess;
using core::meminfo::MeminfoReport;

const MeminfoProcess* meminfoProcessOf(const MeminfoReport& report, int32_t pid) {
  for (const MeminfoProcess& p : report.processes) {
    if (p.pid == pid) return &p;
  }
  if (report.processes.size() == 1 && report.processes[0].pid == 0) return &report.processes[0];
  return nullptr;
}

proto::MemorySample sampleOfMeminfo(const MeminfoProcess& process, int32_t pid, uint64_t monotonicNs,
                                    std::string source) {
  const auto& s = process.summary;
  auto kb = [](const std::optional<int64_t>& v) { return v.value_or(-1); };
  proto::MemorySample m;
  m.monotonicNs = monotonicNs;
  m.pid = pid;
  m.javaHeapKb = kb(s.javaHeapKb);
  m.nativeHeapKb = kb(s.nativeHeapKb);
  m.codeKb = kb(s.codeKb);
  m.stackKb = kb(s.stackKb);
  m.graphicsKb = kb(s.graphicsKb);
  m.privateOtherKb = kb(s.privateOtherKb);
  m.systemKb = kb(s.systemKb);
  m.totalPssKb = kb(s.totalPssKb);
  m.totalRssKb = kb(s.totalRssKb);
  m.totalSwapKb = kb(s.totalSwapKb);
  m.source = std::move(source);
  return m;
}

std::optional<SmapsRollup> parseSmapsRollup(std::string_view text) {
  SmapsRollup r;
  core::text::forEachLine(text, [&](std::string_view line) {
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) return;
    const std::string_view name = line.substr(0, colon);
    std::string_view value = core::text::trim(line.substr(colon + 1));
    if (!value.ends_with(" kB")) return;
    const auto kb = core::text::parseInt(core::text::trim(value.substr(0, value.size() - 3)));
    if (!kb || *kb < 0) return;
    if (name == "Rss") r.rssKb = *kb;
    if (name == "Pss") r.pssKb = *kb;
    if (name == "Swap") r.swapKb = *kb;
    if (name == "SwapPss") r.swapPssKb = *kb;
  });
  if (r.pssKb < 0) return std::nullopt;
  return r;
}

proto::MemorySample sampleOfSmapsRollup(const SmapsRollup& rollup, int32_t pid, uint64_t monotonicNs) {
  proto::MemorySample m;
  m.monotonicNs = monotonicNs;
  m.pid = pid;
  m.totalPssKb = rollup.pssKb;
  m.totalRssKb = rollup.rssKb;
  m.totalSwapKb = rollup.swapPssKb >= 0 ? rollup.swapPssKb : rollup.swapKb;
  m.source = kSourceSmapsRollup;
  return m;
}

}  // namespace mxi::agent
