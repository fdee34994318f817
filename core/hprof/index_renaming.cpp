// HeapIndex::applyNames: a minified build's dump renamed once, in the index, so every view reads
// source names (docs/HPROF.md, "Release builds"). Field names that change get storage owned by
// the index (the others stay views into the dump).
#include <algorithm>
#include <numeric>
#include <string>
#include <utility>

#include "core/hprof/heap_index.h"

namespace mxi::core::hprof {

std::string frameText(const FrameInfo& frame) {
  std::string out = frame.className + "." + frame.methodName + "(";
  if (frame.line == -3) {
    out += "Native Method";
  } else {
    out += frame.sourceFile.empty() ? "Unknown Source" : frame.sourceFile;
    if (frame.line > 0) {
      out += ':';
      out += std::to_string(frame.line);
    }
  }
  return out + ")";
}

NameStats HeapIndex::applyNames(const NameMapper& mapper) {
  // Back to the dump's own names first: a second mapping replaces the first, never stacks on it.
  auto restore = [](auto& fields) {
    for (auto& f : fields) {
      if (f.dumpName.empty()) continue;
      f.name = f.dumpName;
      f.dumpName = {};
    }
  };
  for (ClassInfo& c : m_parts.classes) {
    if (!c.dumpName.empty()) c.name = std::exchange(c.dumpName, std::string());
    restore(c.instanceFields);
    restore(c.staticFields);
  }
  m_renamedFields.clear();

  NameStats stats;
  auto renameFields = [&](const std::string& dumpClass, auto& fields) {
    for (auto& f : fields) {
      auto original = mapper.fieldName(dumpClass, f.name);
      if (!original || *original == f.name) continue;
      f.dumpName = f.name;
      f.name = m_renamedFields.emplace_back(std::move(*original));
      ++stats.fields;
    }
  };
  for (ClassInfo& c : m_parts.classes) {
    renameFields(c.name, c.instanceFields);
    renameFields(c.name, c.staticFields);
    auto original = mapper.className(c.name);
    if (!original || *original == c.name) continue;
    c.dumpName = std::exchange(c.name, std::move(*original));
    ++stats.classes;
  }
  std::iota(m_parts.classByName.begin(), m_parts.classByName.end(), 0u);
  std::stable_sort(m_parts.classByName.begin(), m_parts.classByName.end(),
                   [&](uint32_t a, uint32_t b) { return m_parts.classes[a].name < m_parts.classes[b].name; });

  for (ThreadInfo& t : m_parts.threads) {
    t.frames.clear();
    for (const FrameInfo& dumpFrame : t.dumpFrames) {
      const std::vector<FrameInfo> original = mapper.frames(dumpFrame);
      if (original.empty()) {
        t.frames.push_back(frameText(dumpFrame));
        continue;
      }
      ++stats.frames;
      for (const FrameInfo& f : original) t.frames.push_back(frameText(f));
    }
  }
  m_parts.stats.renamed = stats;
  return stats;
}

}  // namespace mxi::core::hprof
