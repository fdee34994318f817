// Hand-made ELF shared libraries for the reader's tests, in either class and byte order: a
// .dynamic with DT_NEEDED/DT_SONAME, a .dynsym of chosen symbols and, on request, .symtab and
// .debug_info sections; fields can be overridden afterwards at the offsets it reports.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mxi::test {

struct BuildSymbol {
  std::string name;
  uint8_t type = 2;  // STT_FUNC
  uint8_t bind = 1;  // STB_GLOBAL
  bool defined = true;
};

class ElfBuilder {
 public:
  bool is64 = true;
  bool littleEndian = true;
  uint16_t machine = 183;  // EM_AARCH64
  std::vector<std::string> needed;
  std::string soname;
  std::vector<BuildSymbol> symbols;
  bool withSymtab = false;
  bool withDebugInfo = false;

  // Offsets in the last build, for tests that corrupt one field.
  uint64_t dynamicOffset = 0;  // the first .dynamic entry
  uint64_t sectionHeadersOffset = 0;
  uint64_t dynsymHeaderOffset = 0;  // .dynsym's section header

  std::string build() {
    std::string dynstr(1, '\0');
    auto addString = [&dynstr](const std::string& s) {
      const uint64_t at = dynstr.size();
      dynstr += s;
      dynstr += '\0';
      return at;
    };
    std::vector<std::pair<uint64_t, uint64_t>> dynamic;  // tag, value
    for (const std::string& n : needed) dynamic.emplace_back(1, addString(n));
    if (!soname.empty()) dynamic.emplace_back(14, addString(soname));
    dynamic.emplace_back(0, 0);
    std::string dynsym(symSize(), '\0');  // symbol 0 is the null symbol
    for (const BuildSymbol& s : symbols) dynsym += symbol(addString(s.name), s);

    std::string shstrtab(1, '\0');
    auto addName = [&shstrtab](const std::string& s) {
      const auto at = static_cast<uint32_t>(shstrtab.size());
      shstrtab += s;
      shstrtab += '\0';
      return at;
    };
    struct Section {
      uint32_t name, type;
      std::string data;
      uint32_t link;
      uint64_t entsize;
      uint64_t offset = 0;
    };
    std::vector<Section> sections;
    sections.push_back({0, 0, "", 0, 0});
    sections.push_back({addName(".shstrtab"), 3, "", 0, 0});
    sections.push_back({addName(".dynstr"), 3, dynstr, 0, 0});
    std::string dynamicBytes;
    for (const auto& [tag, value] : dynamic) dynamicBytes += word(tag) + word(value);
    sections.push_back({addName(".dynamic"), 6, dynamicBytes, 2, 2 * wordSize()});
    sections.push_back({addName(".dynsym"), 11, dynsym, 2, symSize()});
    if (withSymtab) sections.push_back({addName(".symtab"), 2, std::string(2 * symSize(), '\0'), 2, symSize()});
    if (withDebugInfo) sections.push_back({addName(".debug_info"), 1, "debug", 0, 0});
    sections[1].data = shstrtab;

    std::string out(is64 ? 64 : 52, '\0');
    for (Section& s : sections) {
      if (s.type == 0) continue;
      s.offset = out.size();
      if (s.type == 6) dynamicOffset = s.offset;
      out += s.data;
      while (out.size() % 8 != 0) out += '\0';
    }
    sectionHeadersOffset = out.size();
    for (size_t i = 0; i < sections.size(); ++i) {
      const Section& s = sections[i];
      if (s.type == 11) dynsymHeaderOffset = out.size();
      out += u32(s.name) + u32(s.type) + word(0) + word(0) + word(s.offset) + word(s.data.size()) + u32(s.link) +
             u32(s.type == 11 || s.type == 2 ? 1 : 0) + word(1) + word(s.entsize);
    }
    std::string header = std::string(
                             "\x7f"
                             "ELF",
                             4) +
                         static_cast<char>(is64 ? 2 : 1) + static_cast<char>(littleEndian ? 1 : 2) +
                         std::string(1, '\1') + std::string(9, '\0');
    header += u16(3) + u16(machine) + u32(1) + word(0) + word(0) + word(sectionHeadersOffset) + u32(0) +
              u16(is64 ? 64 : 52) + u16(is64 ? 56 : 32) + u16(0) + u16(is64 ? 64 : 40) +
              u16(static_cast<uint16_t>(sections.size())) + u16(1);
    out.replace(0, header.size(), header);
    return out;
  }

  std::string u16(uint64_t v) const { return field(v, 2); }
  std::string u32(uint64_t v) const { return field(v, 4); }
  std::string word(uint64_t v) const { return field(v, wordSize()); }
  uint64_t wordSize() const { return is64 ? 8 : 4; }
  uint64_t symSize() const { return is64 ? 24 : 16; }

 private:
  std::string symbol(uint64_t name, const BuildSymbol& s) const {
    const std::string info(1, static_cast<char>((s.bind << 4) | s.type));
    const std::string other(1, '\0');
    const std::string shndx = u16(s.defined ? 7 : 0);
    if (is64) return u32(name) + info + other + shndx + word(0x1000) + word(16);
    return u32(name) + u32(0x1000) + u32(16) + info + other + shndx;
  }

  std::string field(uint64_t v, uint64_t width) const {
    std::string s(width, '\0');
    for (uint64_t i = 0; i < width; ++i) s[littleEndian ? i : width - 1 - i] = static_cast<char>((v >> (8 * i)) & 0xff);
    return s;
  }
};

}  // namespace mxi::test
