// Integers of either byte order read from an ELF file whose bounds the caller has checked, and
// the ELF constants this reader uses (the System V gABI names).
#pragma once

#include <cstdint>
#include <string_view>

namespace mxi::core::elf {

class ElfBytes {
 public:
  ElfBytes(std::string_view bytes, bool littleEndian) : m_bytes(bytes), m_little(littleEndian) {}

  std::string_view bytes() const { return m_bytes; }
  uint64_t size() const { return m_bytes.size(); }
  // Whether [at, at + length) lies in the file, without overflowing.
  bool fits(uint64_t at, uint64_t length) const { return at <= m_bytes.size() && length <= m_bytes.size() - at; }

  uint8_t u8(uint64_t at) const { return static_cast<uint8_t>(m_bytes[at]); }
  uint16_t u16(uint64_t at) const { return static_cast<uint16_t>(read(at, 2)); }
  uint32_t u32(uint64_t at) const { return static_cast<uint32_t>(read(at, 4)); }
  uint64_t u64(uint64_t at) const { return read(at, 8); }
  // An address-sized field: 4 bytes in ELF32, 8 in ELF64.
  uint64_t word(uint64_t at, bool is64) const { return is64 ? u64(at) : u32(at); }

 private:
  uint64_t read(uint64_t at, int width) const {
    uint64_t value = 0;
    for (int i = 0; i < width; ++i) {
      const uint64_t byte = static_cast<unsigned char>(m_bytes[at + (m_little ? width - 1 - i : i)]);
      value = (value << 8) | byte;
    }
    return value;
  }

  std::string_view m_bytes;
  bool m_little;
};

inline constexpr uint32_t kShtSymtab = 2;
inline constexpr uint32_t kShtStrtab = 3;
inline constexpr uint32_t kShtDynamic = 6;
inline constexpr uint32_t kShtNobits = 8;
inline constexpr uint32_t kShtDynsym = 11;
inline constexpr uint32_t kShtArmAttributes = 0x70000003;

inline constexpr uint64_t kDtNull = 0;
inline constexpr uint64_t kDtNeeded = 1;
inline constexpr uint64_t kDtSoname = 14;

inline constexpr uint8_t kSttFunc = 2;
inline constexpr uint8_t kStbGlobal = 1;

inline constexpr uint16_t kEmArm = 40;

}  // namespace mxi::core::elf
