#include "core/elf/dynamic_segment.h"

#include <optional>
#include <string>
#include <vector>

namespace mxi::core::elf {

namespace {
constexpr uint32_t kPtLoad = 1;
constexpr uint32_t kPtDynamic = 2;
constexpr uint64_t kDtStrtab = 5;
constexpr uint64_t kDtStrsz = 10;

struct Segment {
  uint32_t type = 0;
  uint64_t offset = 0;
  uint64_t vaddr = 0;
  uint64_t filesz = 0;
};

// The file offset of `vaddr`, when a loaded segment's file bytes hold it.
std::optional<uint64_t> fileOffsetOf(const std::vector<Segment>& segments, uint64_t vaddr) {
  for (const Segment& s : segments) {
    if (s.type == kPtLoad && vaddr >= s.vaddr && vaddr - s.vaddr < s.filesz) return s.offset + (vaddr - s.vaddr);
  }
  return std::nullopt;
}
}  // namespace

StatusOr<DynamicNames> readDynamicSegment(const ElfBytes& in, bool is64) {
  DynamicNames found;
  const uint64_t phoff = in.word(is64 ? 32 : 28, is64);
  const uint64_t phentsize = in.u16(is64 ? 54 : 42);
  const uint64_t phnum = in.u16(is64 ? 56 : 44);
  if (phoff == 0 || phnum == 0) return found;
  const uint64_t minEntry = is64 ? 56 : 32;
  if (phentsize < minEntry) {
    return invalidInput("e_phentsize " + std::to_string(phentsize) + " is smaller than a program header (" +
                            std::to_string(minEntry) + " bytes)",
                        is64 ? 54 : 42);
  }
  if (!in.fits(phoff, 0) || phnum > (in.size() - phoff) / phentsize) {
    return invalidInput("program header table (" + std::to_string(phnum) + " headers at offset " +
                            std::to_string(phoff) + ") runs past the end of the file",
                        is64 ? 32 : 28);
  }
  std::vector<Segment> segments;
  for (uint64_t i = 0; i < phnum; ++i) {
    const uint64_t at = phoff + i * phentsize;
    Segment s;
    s.type = in.u32(at);
    s.offset = in.word(at + (is64 ? 8 : 4), is64);
    s.vaddr = in.word(at + (is64 ? 16 : 8), is64);
    s.filesz = in.word(at + (is64 ? 32 : 16), is64);
    segments.push_back(s);
  }
  for (const Segment& dynamic : segments) {
    if (dynamic.type != kPtDynamic) continue;
    if (!in.fits(dynamic.offset, dynamic.filesz)) {
      return invalidInput("PT_DYNAMIC (offset " + std::to_string(dynamic.offset) + ", " +
                              std::to_string(dynamic.filesz) + " bytes) lies beyond the end of the file",
                          dynamic.offset);
    }
    const uint64_t entrySize = is64 ? 16 : 8;
    std::vector<std::pair<uint64_t, uint64_t>> strings;  // tag, string index
    std::vector<uint64_t> where;                         // the offset each was read at
    uint64_t strtab = 0;
    uint64_t strsz = 0;
    for (uint64_t at = dynamic.offset; at + entrySize <= dynamic.offset + dynamic.filesz; at += entrySize) {
      const uint64_t tag = in.word(at, is64);
      const uint64_t value = in.word(at + entrySize / 2, is64);
      if (tag == kDtNull) break;
      if (tag == kDtStrtab) strtab = value;
      if (tag == kDtStrsz) strsz = value;
      if (tag == kDtNeeded || tag == kDtSoname) {
        strings.emplace_back(tag, value);
        where.push_back(at);
      }
    }
    if (strings.empty()) return found;
    const auto tableAt = fileOffsetOf(segments, strtab);
    if (!tableAt || !in.fits(*tableAt, strsz)) {
      return invalidInput("PT_DYNAMIC's string table (address " + std::to_string(strtab) + ", " +
                              std::to_string(strsz) + " bytes) is not in the file",
                          dynamic.offset);
    }
    const std::string_view table = in.bytes().substr(*tableAt, strsz);
    for (size_t i = 0; i < strings.size(); ++i) {
      const auto [tag, index] = strings[i];
      const size_t end = index < table.size() ? table.find('\0', index) : std::string_view::npos;
      if (end == std::string_view::npos) {
        return invalidInput(std::string("PT_DYNAMIC ") + (tag == kDtNeeded ? "DT_NEEDED" : "DT_SONAME") +
                                ": string index " + std::to_string(index) + " is beyond DT_STRTAB (" +
                                std::to_string(strsz) + " bytes)",
                            where[i]);
      }
      std::string text(table.substr(index, end - index));
      if (tag == kDtNeeded) {
        found.needed.push_back(std::move(text));
      } else {
        found.soname = std::move(text);
      }
    }
    return found;
  }
  return found;
}

}  // namespace mxi::core::elf
