#include "core/elf/elf_file.h"

#include <algorithm>
#include <optional>

#include "core/elf/arm_attributes.h"
#include "core/elf/dynamic_segment.h"
#include "core/elf/elf_bytes.h"

namespace mxi::core::elf {

namespace {

constexpr uint16_t kEm386 = 3;
constexpr uint16_t kEmMips = 8;
constexpr uint16_t kEmX8664 = 62;
constexpr uint16_t kEmAarch64 = 183;
constexpr uint16_t kShnXindex = 0xffff;
// Tag_CPU_arch 10 is ARMv7; below it, ARMv5TE/v6 code of the old "armeabi" ABI.
constexpr unsigned kArmV7 = 10;

// One section header's fields, in either class.
struct SectionHeader {
  uint32_t name = 0;
  uint32_t type = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
  uint32_t link = 0;
  uint64_t entsize = 0;
  uint64_t headerOffset = 0;  // where this header sits, for errors
};

struct Reader {
  ElfBytes in;
  bool is64;

  SectionHeader sectionHeader(uint64_t at) const {
    SectionHeader h;
    h.headerOffset = at;
    h.name = in.u32(at);
    h.type = in.u32(at + 4);
    h.offset = in.word(at + (is64 ? 24 : 16), is64);
    h.size = in.word(at + (is64 ? 32 : 20), is64);
    h.link = in.u32(at + (is64 ? 40 : 24));
    h.entsize = in.word(at + (is64 ? 56 : 36), is64);
    return h;
  }
};

// The NUL-terminated string at `index` of a string table section.
StatusOr<std::string> stringAt(const ElfBytes& in, const SectionHeader& table, const std::string& tableName,
                               uint64_t index, const std::string& what, uint64_t whereOffset) {
  if (index >= table.size) {
    return invalidInput(what + ": string index " + std::to_string(index) + " is beyond " + tableName + " (" +
                            std::to_string(table.size) + " bytes)",
                        whereOffset);
  }
  const std::string_view rest = in.bytes().substr(table.offset + index, table.size - index);
  const size_t nul = rest.find('\0');
  if (nul == std::string_view::npos) {
    return invalidInput(what + ": string at index " + std::to_string(index) + " of " + tableName + " has no end",
                        table.offset + index);
  }
  return std::string(rest.substr(0, nul));
}

std::string abiOf(uint16_t machine, bool is64, std::optional<unsigned> armArch) {
  switch (machine) {
    case kEmAarch64: return "arm64-v8a";
    case kEmArm: return armArch && *armArch < kArmV7 ? "armeabi" : "armeabi-v7a";
    case kEm386: return "x86";
    case kEmX8664: return "x86_64";
    case kEmMips: return is64 ? "mips64" : "mips";
    default: return "";
  }
}

// The section `link` points at, which must be a string table.
StatusOr<const SectionHeader*> linkedStrings(const std::vector<SectionHeader>& headers, const SectionHeader& from,
                                             const std::string& fromName) {
  if (from.link >= headers.size() || headers[from.link].type != kShtStrtab) {
    return invalidInput(fromName + ": sh_link " + std::to_string(from.link) + " is not a string table section",
                        from.headerOffset);
  }
  return &headers[from.link];
}

Status readDynamic(const Reader& r, const std::vector<SectionHeader>& headers,
                   const std::vector<ElfFile::Section>& sections, size_t index, ElfFile& elf) {
  const SectionHeader& dynamic = headers[index];
  const std::string& name = sections[index].name;
  ASSIGN_OR_RETURN(const SectionHeader* strings, linkedStrings(headers, dynamic, name));
  const std::string& stringsName = sections[dynamic.link].name;
  const uint64_t entrySize = r.is64 ? 16 : 8;
  for (uint64_t at = dynamic.offset; at + entrySize <= dynamic.offset + dynamic.size; at += entrySize) {
    const uint64_t tag = r.in.word(at, r.is64);
    const uint64_t value = r.in.word(at + entrySize / 2, r.is64);
    if (tag == kDtNull) break;
    if (tag != kDtNeeded && tag != kDtSoname) continue;
    const std::string what = name + (tag == kDtNeeded ? " DT_NEEDED" : " DT_SONAME");
    ASSIGN_OR_RETURN(std::string text, stringAt(r.in, *strings, stringsName, value, what, at));
    if (tag == kDtNeeded) {
      elf.needed.push_back(std::move(text));
    } else {
      elf.soname = std::move(text);
    }
  }
  return okStatus();
}

Status readDynamicSymbols(const Reader& r, const std::vector<SectionHeader>& headers,
                          const std::vector<ElfFile::Section>& sections, size_t index, ElfFile& elf) {
  const SectionHeader& symbols = headers[index];
  const std::string& name = sections[index].name;
  const uint64_t minEntry = r.is64 ? 24 : 16;
  if (symbols.entsize < minEntry) {
    return invalidInput(name + ": sh_entsize " + std::to_string(symbols.entsize) + " is smaller than a symbol (" +
                            std::to_string(minEntry) + " bytes)",
                        symbols.headerOffset);
  }
  ASSIGN_OR_RETURN(const SectionHeader* strings, linkedStrings(headers, symbols, name));
  const std::string& stringsName = sections[symbols.link].name;
  const uint64_t count = symbols.size / symbols.entsize;
  elf.dynamicSymbols.reserve(count);
  for (uint64_t i = 0; i < count; ++i) {
    const uint64_t at = symbols.offset + i * symbols.entsize;
    ElfSymbol symbol;
    const uint32_t nameIndex = r.in.u32(at);
    const uint8_t info = r.in.u8(at + (r.is64 ? 4 : 12));
    const uint16_t shndx = r.in.u16(at + (r.is64 ? 6 : 14));
    symbol.value = r.in.word(at + (r.is64 ? 8 : 4), r.is64);
    symbol.size = r.in.word(at + (r.is64 ? 16 : 8), r.is64);
    symbol.type = info & 0xf;
    symbol.bind = info >> 4;
    symbol.defined = shndx != 0;
    ASSIGN_OR_RETURN(symbol.name,
                     stringAt(r.in, *strings, stringsName, nameIndex, name + " symbol " + std::to_string(i), at));
    elf.dynamicSymbols.push_back(std::move(symbol));
  }
  return okStatus();
}

}  // namespace

StatusOr<ElfFile> parseElf(std::string_view bytes) {
  if (bytes.size() < 16 || bytes.substr(0, 4) !=
                               "\x7f"
                               "ELF")
    return invalidInput("not an ELF file: no \\x7fELF magic", 0);
  ElfFile elf;
  const auto elfClass = static_cast<uint8_t>(bytes[4]);
  const auto data = static_cast<uint8_t>(bytes[5]);
  if (elfClass != 1 && elfClass != 2) return invalidInput("unknown ELF class " + std::to_string(elfClass), 4);
  if (data != 1 && data != 2) return invalidInput("unknown ELF byte order " + std::to_string(data), 5);
  elf.is64 = elfClass == 2;
  elf.littleEndian = data == 1;
  const Reader r{ElfBytes(bytes, elf.littleEndian), elf.is64};
  const uint64_t headerSize = elf.is64 ? 64 : 52;
  if (!r.in.fits(0, headerSize)) {
    return invalidInput(
        "ELF header cut: " + std::to_string(bytes.size()) + " of " + std::to_string(headerSize) + " bytes",
        bytes.size());
  }
  elf.type = r.in.u16(16);
  elf.machine = r.in.u16(18);
  const uint64_t shoff = r.in.word(elf.is64 ? 40 : 32, elf.is64);
  const uint64_t shentsize = r.in.u16(elf.is64 ? 58 : 46);
  uint64_t shnum = r.in.u16(elf.is64 ? 60 : 48);
  uint64_t shstrndx = r.in.u16(elf.is64 ? 62 : 50);

  std::vector<SectionHeader> headers;
  if (shoff != 0) {
    const uint64_t minEntry = elf.is64 ? 64 : 40;
    if (shentsize < minEntry) {
      return invalidInput("e_shentsize " + std::to_string(shentsize) + " is smaller than a section header (" +
                              std::to_string(minEntry) + " bytes)",
                          elf.is64 ? 58 : 46);
    }
    if (!r.in.fits(shoff, shentsize)) {
      return invalidInput("section header table at offset " + std::to_string(shoff) +
                              " is beyond the end of the file (" + std::to_string(bytes.size()) + " bytes)",
                          elf.is64 ? 40 : 32);
    }
    // Extended numbering: past 0xff00 sections, the counts live in section 0.
    const SectionHeader first = r.sectionHeader(shoff);
    if (shnum == 0) shnum = first.size;
    if (shstrndx == kShnXindex) shstrndx = first.link;
    if (shnum > (bytes.size() - shoff) / shentsize) {
      return invalidInput("section header table (" + std::to_string(shnum) + " headers of " +
                              std::to_string(shentsize) + " bytes at offset " + std::to_string(shoff) +
                              ") runs past the end of the file",
                          shoff);
    }
    headers.reserve(shnum);
    for (uint64_t i = 0; i < shnum; ++i) headers.push_back(r.sectionHeader(shoff + i * shentsize));
  }

  for (const SectionHeader& h : headers) {
    if (h.type != kShtNobits && !r.in.fits(h.offset, h.size)) {
      return invalidInput("section " + std::to_string(&h - headers.data()) + " (offset " + std::to_string(h.offset) +
                              ", " + std::to_string(h.size) + " bytes) lies beyond the end of the file (" +
                              std::to_string(bytes.size()) + " bytes)",
                          h.headerOffset);
    }
  }
  // Without section headers the dynamic segment still names the libraries it needs.
  if (headers.empty()) {
    ASSIGN_OR_RETURN(DynamicNames names, readDynamicSegment(r.in, elf.is64));
    elf.needed = std::move(names.needed);
    elf.soname = std::move(names.soname);
  }
  // Section 0 (SHN_UNDEF) as the name table: the sections have no names.
  const SectionHeader noNames;
  const SectionHeader* names = &noNames;
  if (!headers.empty() && shstrndx != 0) {
    if (shstrndx >= headers.size() || headers[shstrndx].type == kShtNobits) {
      return invalidInput(
          "e_shstrndx " + std::to_string(shstrndx) + " is not a section of " + std::to_string(headers.size()),
          elf.is64 ? 62 : 50);
    }
    names = &headers[shstrndx];
  }
  elf.sections.reserve(headers.size());
  for (size_t i = 0; i < headers.size(); ++i) {
    const SectionHeader& h = headers[i];
    ElfFile::Section section;
    if (names != &noNames) {
      ASSIGN_OR_RETURN(section.name, stringAt(r.in, *names, "the section name table", h.name,
                                              "section " + std::to_string(i) + " name", h.headerOffset));
    }
    section.type = h.type;
    section.offset = h.offset;
    section.size = h.size;
    elf.sections.push_back(std::move(section));
  }

  std::optional<unsigned> armArch;
  for (size_t i = 0; i < headers.size(); ++i) {
    const SectionHeader& h = headers[i];
    const std::string& name = elf.sections[i].name;
    if (name.starts_with(".debug_") || name.starts_with(".zdebug_")) elf.hasDebugInfo = true;
    switch (h.type) {
      case kShtSymtab:
        if (h.entsize == 0) return invalidInput(name + ": sh_entsize is 0", h.headerOffset);
        elf.hasSymtab = true;
        elf.symtabSymbols += h.size / h.entsize;
        break;
      case kShtDynamic: RETURN_IF_ERROR(readDynamic(r, headers, elf.sections, i, elf)); break;
      case kShtDynsym: RETURN_IF_ERROR(readDynamicSymbols(r, headers, elf.sections, i, elf)); break;
      case kShtArmAttributes:
        if (elf.machine == kEmArm) armArch = armCpuArch(bytes.substr(h.offset, h.size));
        break;
      default: break;
    }
  }
  elf.abi = abiOf(elf.machine, elf.is64, armArch);
  return elf;
}

}  // namespace mxi::core::elf
