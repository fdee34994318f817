#include "core/dex/resource_references.h"

#include <iterator>
#include <utility>

#include "core/dex/dalvik_instructions.h"
#include "core/dex/dex_bytes.h"
#include "core/dex/method_count.h"

namespace mxi::core::dex {

namespace {

constexpr size_t kCodeItemHeader = 16;  // registers, ins, outs, tries (u16 each), debug_info_off, insns_size
constexpr uint8_t kValueInt = 0x04;     // encoded_value types (the dex format's value_type)
constexpr uint8_t kValueArray = 0x1c;
constexpr uint8_t kValueAnnotation = 0x1d;
constexpr uint8_t kValueNull = 0x1e;
constexpr uint8_t kValueBoolean = 0x1f;
constexpr int kMaxValueDepth = 16;  // arrays and annotations nest; hostile input must not recurse without end

bool isAppResourceId(uint32_t value) { return (value >> 24) == 0x7f && ((value >> 16) & 0xff) != 0; }

class ReferenceScanner {
 public:
  ReferenceScanner(const DexFile& dex, std::string_view bytes, const ReferenceScanOptions& options)
      : m_dex(dex), m_in(bytes), m_options(options) {
    m_rTypes.reserve(dex.types.size());
    for (const auto& descriptor : dex.types) m_rTypes.push_back(rClassType(descriptor));
  }

  StatusOr<ResourceReferences> scan() {
    for (size_t c = 0; c < m_dex.classes.size(); ++c) {
      const DexClassDef& def = m_dex.classes[c];
      if (def.classIndex >= m_dex.types.size())
        return invalidInput("class_defs[" + std::to_string(c) + "]: bad class index");
      if (!m_rTypes[def.classIndex].empty()) {
        m_out.rClasses.insert(javaName(m_dex.types[def.classIndex]));
        if (def.staticValuesOffset != 0) RETURN_IF_ERROR(readStaticValues(c, def));
      }
      for (size_t m = 0; m < def.methodIndices.size() && m < def.methodCodeOffsets.size(); ++m) {
        if (def.methodCodeOffsets[m] != 0) RETURN_IF_ERROR(scanCode(c, def, m));
      }
    }
    return std::move(m_out);
  }

 private:
  // "class_defs[5] (com.example.Main) method onCreate".
  std::string where(size_t c, const DexClassDef& def, size_t m) const {
    std::string text = "class_defs[" + std::to_string(c) + "] (" + javaName(m_dex.types[def.classIndex]) + ")";
    if (m < def.methodIndices.size() && def.methodIndices[m] < m_dex.methods.size()) {
      text += " method " + m_dex.methodName(m_dex.methods[def.methodIndices[m]]);
    }
    return text;
  }

  Status scanCode(size_t c, const DexClassDef& def, size_t m) {
    const size_t code = def.methodCodeOffsets[m];
    if (!m_in.has(code, kCodeItemHeader)) {
      return invalidInput(
          where(c, def, m) + ": its code_item at " + std::to_string(code) + " runs past the end of the file", code);
    }
    const uint32_t units = m_in.u32(code + 12);
    const size_t insns = code + kCodeItemHeader;
    if (!m_in.has(insns, uint64_t{units} * 2)) {
      return invalidInput(
          where(c, def, m) + ": its " + std::to_string(units) + " code units run past the end of the file", code + 12);
    }
    uint64_t pc = 0;
    while (pc < units) {
      const size_t at = insns + static_cast<size_t>(pc) * 2;
      const uint16_t unit = m_in.u16(at);
      const auto needs = [&](uint64_t width) { return pc + width <= units; };
      const auto overrun = [&](uint64_t width) {
        return invalidInput(where(c, def, m) + ": the instruction at code unit " + std::to_string(pc) + " (" +
                                std::to_string(width) + " units) runs past the method's " + std::to_string(units),
                            at);
      };
      uint64_t width = 0;
      if (unit == kPackedSwitchPayload || unit == kSparseSwitchPayload) {
        if (!needs(2)) return overrun(2);
        const uint64_t entries = m_in.u16(at + 2);
        width = unit == kPackedSwitchPayload ? 4 + entries * 2 : 2 + entries * 4;
      } else if (unit == kFillArrayDataPayload) {
        if (!needs(4)) return overrun(4);
        const uint64_t elementWidth = m_in.u16(at + 2);
        const uint64_t elements = m_in.u32(at + 4);
        width = 4 + (elements * elementWidth + 1) / 2;
        if (!needs(width)) return overrun(width);
        if (elementWidth == 4) {
          for (uint64_t e = 0; e < elements; ++e) addId(m_in.u32(at + 8 + static_cast<size_t>(e) * 4));
        }
      } else {
        const uint8_t op = static_cast<uint8_t>(unit & 0xff);
        const auto known = instructionWidth(op);
        if (!known) {
          return invalidInput(where(c, def, m) + ": unused opcode " + hex(op) + " at code unit " + std::to_string(pc),
                              at);
        }
        width = *known;
        if (!needs(width)) return overrun(width);
        if (op == kOpConst) {
          addId(m_in.u32(at + 2));
        } else if (op == kOpConstHigh16) {
          addId(static_cast<uint32_t>(m_in.u16(at + 2)) << 16);
        } else if (op >= kOpFirstStaticGet && op <= kOpLastStaticPut) {
          const uint32_t field = m_in.u16(at + 2);
          if (field >= m_dex.fields.size()) {
            return invalidInput(where(c, def, m) + ": field index " + std::to_string(field) + " beyond " +
                                    std::to_string(m_dex.fields.size()) + " field ids",
                                at + 2);
          }
          const bool write = op >= kOpFirstStaticPut;
          addFieldUse(m_dex.fields[field], write && m_dex.fields[field].classIndex == def.classIndex);
        }
      }
      if (!needs(width)) return overrun(width);
      pc += width;
    }
    return okStatus();
  }

  void addId(uint32_t value) {
    if (isAppResourceId(value)) m_out.ids.insert(value);
  }

  void addFieldUse(const DexFieldId& field, bool definingWrite) {
    if (definingWrite || field.classIndex >= m_rTypes.size()) return;
    const std::string& type = m_rTypes[field.classIndex];
    if (!type.empty()) m_out.rFields.insert({type, m_dex.fieldName(field)});
  }

  // The encoded_array of an R$<type> class's static values: one per static field, in order
  // (trailing fields left at 0 may be absent).
  Status readStaticValues(size_t c, const DexClassDef& def) {
    size_t pos = def.staticValuesOffset;
    const auto count = m_in.uleb128(pos);
    if (!count) return truncatedValues(c, def, def.staticValuesOffset);
    const std::string rClass = javaName(m_dex.types[def.classIndex]);
    const std::string& type = m_rTypes[def.classIndex];
    for (uint32_t k = 0; k < *count; ++k) {
      const size_t at = pos;
      if (!m_in.has(pos, 1)) return truncatedValues(c, def, at);
      const uint8_t header = m_in.u8(pos);
      const uint32_t size = (header >> 5) + 1u;
      if ((header & 0x1f) == kValueInt && k < def.staticFieldIndices.size() &&
          def.staticFieldIndices[k] < m_dex.fields.size()) {
        if (size > 4 || !m_in.has(pos + 1, size)) return truncatedValues(c, def, at);
        uint32_t value = 0;
        for (uint32_t b = 0; b < size; ++b) value |= static_cast<uint32_t>(m_in.u8(pos + 1 + b)) << (8 * b);
        if (size < 4 && (value >> (8 * size - 1)) != 0) value |= ~0u << (8 * size);  // sign-extended
        if (m_options.keepRValues) {
          m_out.rValues.push_back({rClass, {type, m_dex.fieldName(m_dex.fields[def.staticFieldIndices[k]])}, value});
        }
      }
      RETURN_IF_ERROR(skipValue(c, def, pos, 0));
    }
    return okStatus();
  }

  Status truncatedValues(size_t c, const DexClassDef& def, size_t at) const {
    return invalidInput(where(c, def, SIZE_MAX) + ": its static values run past the end of the file or are malformed",
                        at);
  }

  // Moves `pos` past one encoded_value.
  Status skipValue(size_t c, const DexClassDef& def, size_t& pos, int depth) {
    const size_t at = pos;
    if (depth > kMaxValueDepth) {
      return invalidInput(
          where(c, def, SIZE_MAX) + ": static values nest deeper than " + std::to_string(kMaxValueDepth), at);
    }
    if (!m_in.has(pos, 1)) return truncatedValues(c, def, at);
    const uint8_t header = m_in.u8(pos++);
    const uint8_t type = header & 0x1f;
    const uint32_t arg = header >> 5;
    switch (type) {
      case kValueNull:
      case kValueBoolean: return okStatus();
      case kValueArray: {
        const auto n = m_in.uleb128(pos);
        if (!n) return truncatedValues(c, def, at);
        for (uint32_t i = 0; i < *n; ++i) RETURN_IF_ERROR(skipValue(c, def, pos, depth + 1));
        return okStatus();
      }
      case kValueAnnotation: {
        const auto annotationType = m_in.uleb128(pos);
        const auto n = annotationType ? m_in.uleb128(pos) : std::nullopt;
        if (!n) return truncatedValues(c, def, at);
        for (uint32_t i = 0; i < *n; ++i) {
          if (!m_in.uleb128(pos)) return truncatedValues(c, def, at);
          RETURN_IF_ERROR(skipValue(c, def, pos, depth + 1));
        }
        return okStatus();
      }
      case 0x00:
      case 0x02:
      case 0x03:
      case 0x04:
      case 0x06:
      case 0x10:
      case 0x11:
      case 0x15:
      case 0x16:
      case 0x17:
      case 0x18:
      case 0x19:
      case 0x1a:
      case 0x1b:
        if (!m_in.has(pos, arg + 1)) return truncatedValues(c, def, at);
        pos += arg + 1;
        return okStatus();
      default: return invalidInput(where(c, def, SIZE_MAX) + ": static value of unknown type " + hex(type), at);
    }
  }

  static std::string hex(uint8_t value) {
    static constexpr char kDigits[] = "0123456789abcdef";
    return std::string("0x") + kDigits[value >> 4] + kDigits[value & 0xf];
  }

  const DexFile& m_dex;
  DexBytes m_in;
  ReferenceScanOptions m_options;
  std::vector<std::string> m_rTypes;  // per type index: its R type ("drawable") or ""
  ResourceReferences m_out;
};

}  // namespace

std::string rClassType(std::string_view descriptor) {
  const std::string name = javaName(descriptor);
  const size_t dollar = name.find('$');
  if (dollar == std::string::npos || dollar + 1 == name.size() || !isRClass(name)) return {};
  return name.substr(dollar + 1);
}

StatusOr<ResourceReferences> findResourceReferences(const DexFile& dex, std::string_view bytes,
                                                    const ReferenceScanOptions& options) {
  return ReferenceScanner(dex, bytes, options).scan();
}

void mergeResourceReferences(ResourceReferences& into, ResourceReferences&& more) {
  into.ids.merge(more.ids);
  into.rFields.merge(more.rFields);
  into.rValues.insert(into.rValues.end(), std::make_move_iterator(more.rValues.begin()),
                      std::make_move_iterator(more.rValues.end()));
  into.rClasses.merge(more.rClasses);
}

}  // namespace mxi::core::dex
