#include "core/analysis/heap_names.h"

#include <fstream>
#include <optional>
#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

namespace mxi::core::analysis {

namespace {

// Renames through a mapping it may or may not own (`owner` keeps heapNamesFrom's alive).
class MappingNames final : public hprof::NameMapper {
 public:
  MappingNames(const mapping::R8Mapping& mapping, std::shared_ptr<const mapping::R8Mapping> owner)
      : m_mapping(mapping), m_owner(std::move(owner)) {}

  std::optional<std::string> className(std::string_view dumpClass) const override {
    std::string original = m_mapping.originalClass(dumpClass);
    if (original == dumpClass) return std::nullopt;
    return original;
  }

  std::optional<std::string> fieldName(std::string_view dumpClass, std::string_view dumpField) const override {
    return m_mapping.originalField(dumpClass, dumpField);
  }

  std::vector<hprof::FrameInfo> frames(const hprof::FrameInfo& dumpFrame) const override {
    std::optional<uint32_t> line;
    if (dumpFrame.line > 0) line = static_cast<uint32_t>(dumpFrame.line);
    const std::vector<mapping::OriginalFrame> original =
        m_mapping.retrace(dumpFrame.className, dumpFrame.methodName, line);
    std::vector<hprof::FrameInfo> out;
    if (original.empty()) {
      // The method is not listed; the class may still be.
      auto cls = className(dumpFrame.className);
      if (!cls) return out;
      hprof::FrameInfo frame = dumpFrame;
      frame.className = std::move(*cls);
      out.push_back(std::move(frame));
      return out;
    }
    auto converted = [&](const mapping::OriginalFrame& o) {
      hprof::FrameInfo frame;
      frame.className = o.className;
      frame.methodName = o.methodName;
      frame.sourceFile = o.sourceFile;
      // A native or unknown position stays what the dump says.
      frame.line = o.line ? static_cast<int32_t>(*o.line) : (dumpFrame.line < 0 ? dumpFrame.line : 0);
      return frame;
    };
    if (!original.front().ambiguous) {
      for (const auto& o : original) out.push_back(converted(o));
      return out;
    }
    // Overloads the mapping cannot tell apart: one frame, its candidate names joined, as a
    // stack has one frame there (retrace would print each on its own line).
    hprof::FrameInfo frame = converted(original.front());
    for (size_t i = 1; i < original.size(); ++i) {
      const std::string& name = original[i].methodName;
      if (("|" + frame.methodName + "|").find("|" + name + "|") == std::string::npos) frame.methodName += "|" + name;
      if (original[i].line != original.front().line) frame.line = dumpFrame.line < 0 ? dumpFrame.line : 0;
    }
    out.push_back(std::move(frame));
    return out;
  }

 private:
  const mapping::R8Mapping& m_mapping;
  std::shared_ptr<const mapping::R8Mapping> m_owner;
};

}  // namespace

std::shared_ptr<const hprof::NameMapper> heapNamesFrom(std::shared_ptr<const mapping::R8Mapping> mapping) {
  if (!mapping) return nullptr;
  const mapping::R8Mapping& ref = *mapping;
  return std::make_shared<MappingNames>(ref, std::move(mapping));
}

hprof::NameStats applyMapping(hprof::HeapIndex& index, const mapping::R8Mapping& mapping) {
  return index.applyNames(MappingNames(mapping, nullptr));
}

StatusOr<std::shared_ptr<const mapping::R8Mapping>> loadMappingFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return ioError(path + ": cannot read");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return ioError(path + ": cannot read");
  auto parsed = mapping::R8Mapping::parse(text.str());
  if (!parsed.ok()) {
    // The reader says "mapping.txt line N: …"; here the file has its own name.
    const Status& failed = parsed.status();
    std::string_view message = failed.message();
    if (message.starts_with("mapping.txt ")) message.remove_prefix(12);
    return Status(failed.code(), path + ": " + std::string(message), failed.offset());
  }
  return std::shared_ptr<const mapping::R8Mapping>(std::make_shared<mapping::R8Mapping>(std::move(*parsed)));
}

}  // namespace mxi::core::analysis
