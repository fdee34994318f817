#include "core/mapping/r8_mapping.h"

#include <xxhash.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <unordered_map>

#include "core/base/text_lines.h"
#include "core/mapping/mapping_metadata.h"

namespace mxi::core::mapping {
namespace {

// One original frame of a method line: `[a:b:]type [other.Class.]name(args)[:c[:d]] -> min`.
struct Frame {
  std::string className;  // empty: the declaring class itself
  std::string methodName;
  std::optional<uint32_t> origStart, origEnd;
};

// One minified method body range: a method line, or R8's inline group (consecutive lines that
// share one minified range and name), innermost frame first, the residual method itself last.
struct MethodEntry {
  bool hasRange = false;
  uint32_t minStart = 0, minEnd = 0;
  std::vector<Frame> frames;
  bool synthesized = false, outline = false;
  std::string residualSignature;
  std::map<uint32_t, uint32_t> outlinePositions;  // outlineCallsite
};

struct ClassEntry {
  std::string original, minified, sourceFile;
  bool synthesized = false, outline = false;
  std::unordered_map<std::string, std::string> fields;
  std::unordered_map<std::string, std::vector<MethodEntry>> methods;
};

constexpr std::string_view kArrow = " -> ";

struct Tables {
  std::vector<ClassEntry> classes;
  std::unordered_map<std::string, size_t> byMinified, byOriginal;
  std::string version;
  uint64_t fingerprint = 0;

  const ClassEntry* find(std::string_view minified) const {
    const auto it = byMinified.find(std::string(minified));
    return it == byMinified.end() ? nullptr : &classes[it->second];
  }
};

// Parses one mapping.txt line by line; the first malformed line ends it with its number and offset.
class Parser {
 public:
  explicit Parser(Tables& data) : m_data(data) {}

  Status run(std::string_view text) {
    text::TextLines lines(text);
    std::string_view line;
    while (lines.next(line)) {
      m_lineNumber = lines.lineNumber();
      m_offset = lines.lineOffset();
      const std::string_view trimmed = text::trim(line);
      if (trimmed.empty()) continue;
      if (trimmed.front() == '#') {
        comment(trimmed.substr(1));
        continue;
      }
      if (line.front() == ' ' || line.front() == '\t') {
        RETURN_IF_ERROR(member(trimmed));
      } else {
        RETURN_IF_ERROR(classLine(trimmed));
      }
    }
    return okStatus();
  }

 private:
  enum class Target { kNone, kClass, kField, kMethod };

  Status bad(const std::string& what) const {
    return invalidInput("mapping.txt line " + std::to_string(m_lineNumber) + ": " + what, m_offset);
  }

  // "original.Class -> minified.Class:"
  Status classLine(std::string_view line) {
    const size_t arrow = line.find(kArrow);
    if (arrow == std::string_view::npos) return bad("expected `original.Class -> minified.Class:`");
    if (!line.ends_with(':')) return bad("a class line ends with ':'");
    const std::string_view original = text::trim(line.substr(0, arrow));
    const std::string_view minified = text::trim(line.substr(arrow + kArrow.size(), line.size() - arrow - 5));
    if (original.empty() || minified.empty() || original.find(' ') != std::string_view::npos ||
        minified.find(' ') != std::string_view::npos) {
      return bad("a class name is empty or has blanks");
    }
    const std::string key(minified);
    if (m_data.byMinified.contains(key)) return bad("class " + key + " is mapped twice");
    m_class = m_data.classes.size();
    ClassEntry entry;
    entry.original = std::string(original);
    entry.minified = key;
    m_data.classes.push_back(std::move(entry));
    m_data.byMinified.emplace(key, m_class);
    m_data.byOriginal.emplace(std::string(original), m_class);
    m_target = Target::kClass;
    return okStatus();
  }

  static std::optional<uint32_t> number(std::string_view s) {
    uint32_t v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || r.ec != std::errc() || r.ptr != s.data() + s.size()) return std::nullopt;
    return v;
  }

  // "int count -> a", "1:3:void put(java.lang.Object):10:12 -> b", "4:4:void x.Y.z():42 -> b".
  Status member(std::string_view line) {
    if (m_class == kNoClass) return bad("a member line before any class line");
    const size_t arrow = line.find(kArrow);
    if (arrow == std::string_view::npos) return bad("expected `type name -> minified`");
    std::string_view lhs = text::trim(line.substr(0, arrow));
    const std::string minified(text::trim(line.substr(arrow + kArrow.size())));
    if (minified.empty() || minified.find(' ') != std::string::npos)
      return bad("the minified name is empty or has blanks");
    ClassEntry& cls = m_data.classes[m_class];

    // Optional minified range "a:b:" (or "a:").
    MethodEntry entry;
    if (!lhs.empty() && lhs.front() >= '0' && lhs.front() <= '9') {
      const size_t c1 = lhs.find(':');
      if (c1 == std::string_view::npos) return bad("a line range has no ':'");
      const auto start = number(lhs.substr(0, c1));
      std::optional<uint32_t> end = start;
      size_t rest = c1 + 1;
      if (rest < lhs.size() && lhs[rest] >= '0' && lhs[rest] <= '9') {
        const size_t c2 = lhs.find(':', rest);
        if (c2 == std::string_view::npos) return bad("a line range `start:end:` has no second ':'");
        end = number(lhs.substr(rest, c2 - rest));
        rest = c2 + 1;
      }
      if (!start || !end) return bad("a line range is not a pair of 32-bit numbers");
      if (*start > *end) return bad("a line range starts after its end");
      entry.hasRange = true;
      entry.minStart = *start;
      entry.minEnd = *end;
      lhs = lhs.substr(rest);
    }

    const size_t open = lhs.find('(');
    if (open == std::string_view::npos) {  // a field
      if (entry.hasRange) return bad("a field has a line range");
      const size_t space = lhs.rfind(' ');
      if (space == std::string_view::npos || space + 1 >= lhs.size()) return bad("expected `type name` before ' -> '");
      cls.fields[minified] = std::string(lhs.substr(space + 1));
      m_target = Target::kField;
      return okStatus();
    }
    const size_t close = lhs.find(')', open);
    if (close == std::string_view::npos) return bad("a method's '(' has no ')'");
    const size_t space = lhs.rfind(' ', open);
    if (space == std::string_view::npos || space + 1 >= open) return bad("expected `type name(args)` before ' -> '");
    const std::string_view qualified = lhs.substr(space + 1, open - space - 1);
    Frame frame;
    const size_t dot = qualified.rfind('.');
    if (dot == std::string_view::npos) {
      frame.methodName = std::string(qualified);
    } else {
      if (dot == 0 || dot + 1 >= qualified.size()) return bad("a qualified method name is malformed");
      frame.className = std::string(qualified.substr(0, dot));
      frame.methodName = std::string(qualified.substr(dot + 1));
    }
    std::string_view tail = lhs.substr(close + 1);
    if (!tail.empty()) {  // ":c" or ":c:d", the original lines
      if (tail.front() != ':') return bad("unexpected text after a method's ')'");
      tail.remove_prefix(1);
      const size_t c = tail.find(':');
      frame.origStart = number(tail.substr(0, c));
      if (!frame.origStart) return bad("an original line is not a 32-bit number");
      if (c != std::string_view::npos) {
        frame.origEnd = number(tail.substr(c + 1));
        if (!frame.origEnd) return bad("an original line is not a 32-bit number");
      }
    }

    // R8's inline frames: this line continues the previous method line when both share the
    // minified name and range.
    auto& entries = cls.methods[minified];
    if (entry.hasRange && m_target == Target::kMethod && m_lastMethod == minified && !entries.empty()) {
      MethodEntry& last = entries.back();
      if (last.hasRange && last.minStart == entry.minStart && last.minEnd == entry.minEnd) {
        last.frames.push_back(std::move(frame));
        return okStatus();
      }
    }
    entry.frames.push_back(std::move(frame));
    entries.push_back(std::move(entry));
    m_lastMethod = minified;
    m_target = Target::kMethod;
    return okStatus();
  }

  // `# {"id":…}` attaches to the line above it: the file (version), a class, a field or a method.
  void comment(std::string_view text) {
    const auto meta = parseMappingMetadata(text);
    if (!meta) return;
    if (meta->id == "com.android.tools.r8.mapping") {
      m_data.version = meta->version;
      return;
    }
    if (m_class == kNoClass) return;
    ClassEntry& cls = m_data.classes[m_class];
    MethodEntry* method = nullptr;
    if (m_target == Target::kMethod) {
      auto it = cls.methods.find(m_lastMethod);
      if (it != cls.methods.end() && !it->second.empty()) method = &it->second.back();
    }
    if (meta->id == "sourceFile") {
      if (m_target == Target::kClass) cls.sourceFile = meta->fileName;
    } else if (meta->id == "com.android.tools.r8.synthesized") {
      if (m_target == Target::kClass) cls.synthesized = true;
      if (method) method->synthesized = true;
    } else if (meta->id == "com.android.tools.r8.outline") {
      if (method) method->outline = true;
      cls.outline = cls.outline || method != nullptr || m_target == Target::kClass;
    } else if (meta->id == "com.android.tools.r8.outlineCallsite") {
      if (method) method->outlinePositions = meta->positions;
    } else if (meta->id == "com.android.tools.r8.residualsignature") {
      if (method) method->residualSignature = meta->signature;
    }
    // com.android.tools.r8.rewriteFrame (exception-dependent frame removal) and unknown ids are
    // skipped: the frames then print as the mapping lists them (docs/MAPPING.md).
  }

  static constexpr size_t kNoClass = SIZE_MAX;
  Tables& m_data;
  size_t m_class = kNoClass;
  Target m_target = Target::kNone;
  std::string m_lastMethod;
  uint64_t m_lineNumber = 0, m_offset = 0;
};

// The original line of `frame` at minified line `line` of `entry` (R8's MappedRange rule: a single
// original line is the call site for every minified line; a range maps linearly, clamped to its end;
// no original line means the minified line is the original one, as ProGuard writes it).
std::optional<uint32_t> originalLine(const MethodEntry& entry, const Frame& frame, std::optional<uint32_t> line) {
  if (!frame.origStart) return line;
  if (!line || !entry.hasRange || !frame.origEnd) return frame.origStart;
  const uint64_t mapped = uint64_t(*frame.origStart) + (*line - entry.minStart);
  return uint32_t(std::min<uint64_t>(mapped, std::max(*frame.origEnd, *frame.origStart)));
}

// "com.example.Cache$Entry" → "Cache.java" (R8's retrace guesses the same when sourceFile is absent).
std::string guessSourceFile(std::string_view className) {
  const size_t dot = className.rfind('.');
  std::string_view simple = dot == std::string_view::npos ? className : className.substr(dot + 1);
  const size_t dollar = simple.find('$');
  if (dollar != std::string_view::npos && dollar > 0) simple = simple.substr(0, dollar);
  return std::string(simple) + ".java";
}

bool sameFrame(const OriginalFrame& a, const OriginalFrame& b) {
  return a.className == b.className && a.methodName == b.methodName && a.line == b.line;
}

}  // namespace

struct R8Mapping::Data : Tables {};

R8Mapping::R8Mapping() : m_data(std::make_unique<Data>()) {}
R8Mapping::R8Mapping(R8Mapping&&) noexcept = default;
R8Mapping& R8Mapping::operator=(R8Mapping&&) noexcept = default;
R8Mapping::~R8Mapping() = default;

StatusOr<R8Mapping> R8Mapping::parse(std::string_view text) {
  R8Mapping mapping;
  Parser parser(*mapping.m_data);
  RETURN_IF_ERROR(parser.run(text));
  mapping.m_data->fingerprint = XXH3_64bits(text.data(), text.size());
  return mapping;
}

std::string R8Mapping::originalClass(std::string_view minified) const {
  size_t dims = 0;
  std::string_view base = minified;
  while (base.ends_with("[]")) {
    base.remove_suffix(2);
    ++dims;
  }
  std::string out;
  if (const ClassEntry* c = m_data->find(base)) {
    out = c->original;
  } else {
    // A class the mapping does not list but whose outer class it does (runtime-made classes such
    // as "a.b$$Lambda$1/0x…" or a JVM proxy of a minified host): the outer part is renamed.
    out = std::string(base);
    for (size_t dollar = base.rfind('$'); dollar != std::string_view::npos && dollar > 0;
         dollar = base.rfind('$', dollar - 1)) {
      if (const ClassEntry* outer = m_data->find(base.substr(0, dollar))) {
        out = outer->original + std::string(base.substr(dollar));
        break;
      }
    }
  }
  for (size_t i = 0; i < dims; ++i) out += "[]";
  return out;
}

std::optional<std::string> R8Mapping::minifiedClass(std::string_view original) const {
  size_t dims = 0;
  std::string_view base = original;
  while (base.ends_with("[]")) {
    base.remove_suffix(2);
    ++dims;
  }
  const auto it = m_data->byOriginal.find(std::string(base));
  if (it == m_data->byOriginal.end()) return std::nullopt;
  std::string out = m_data->classes[it->second].minified;
  for (size_t i = 0; i < dims; ++i) out += "[]";
  return out;
}

std::optional<std::string> R8Mapping::originalField(std::string_view minifiedClass,
                                                    std::string_view minifiedField) const {
  const ClassEntry* c = m_data->find(minifiedClass);
  if (!c) return std::nullopt;
  const auto it = c->fields.find(std::string(minifiedField));
  if (it == c->fields.end()) return std::nullopt;
  return it->second;
}

std::vector<OriginalFrame> R8Mapping::retrace(std::string_view minifiedClass, std::string_view minifiedMethod,
                                              std::optional<uint32_t> line) const {
  const ClassEntry* c = m_data->find(minifiedClass);
  if (!c) return {};
  auto sourceOf = [&](const std::string& className) {
    if (className == c->original) return c->sourceFile.empty() ? guessSourceFile(className) : c->sourceFile;
    const auto it = m_data->byOriginal.find(className);
    if (it != m_data->byOriginal.end() && !m_data->classes[it->second].sourceFile.empty()) {
      return m_data->classes[it->second].sourceFile;
    }
    return guessSourceFile(className);
  };
  const auto it = c->methods.find(std::string(minifiedMethod));
  if (it == c->methods.end()) {
    return {OriginalFrame{c->original, std::string(minifiedMethod), sourceOf(c->original), line, false}};
  }
  // The entries the line falls in; else those without a range; else (no line, or a line no range
  // holds) every method of that name, as its residual method only.
  std::vector<const MethodEntry*> chosen;
  if (line) {
    for (const auto& e : it->second) {
      if (e.hasRange && *line >= e.minStart && *line <= e.minEnd) chosen.push_back(&e);
    }
  }
  bool outermostOnly = false;
  if (chosen.empty()) {
    for (const auto& e : it->second) {
      if (!e.hasRange) chosen.push_back(&e);
    }
  }
  if (chosen.empty()) {
    outermostOnly = true;
    for (const auto& e : it->second) chosen.push_back(&e);
  }
  std::vector<std::vector<OriginalFrame>> alternatives;
  for (const MethodEntry* e : chosen) {
    std::vector<OriginalFrame> frames;
    const size_t first = outermostOnly ? e->frames.size() - 1 : 0;
    // R8 strips a synthesized method's own frame when real (inlined) frames remain.
    const size_t last =
        e->synthesized && e->frames.size() > 1 && !outermostOnly ? e->frames.size() - 1 : e->frames.size();
    for (size_t i = first; i < last; ++i) {
      const Frame& f = e->frames[i];
      OriginalFrame o;
      o.className = f.className.empty() ? c->original : f.className;
      o.methodName = f.methodName;
      o.sourceFile = sourceOf(o.className);
      o.line = outermostOnly ? (e->hasRange ? std::nullopt : line) : originalLine(*e, f, line);
      frames.push_back(std::move(o));
    }
    bool seen = false;
    for (const auto& a : alternatives) {
      seen = seen || (a.size() == frames.size() && std::equal(a.begin(), a.end(), frames.begin(), sameFrame));
    }
    if (!seen) alternatives.push_back(std::move(frames));
  }
  std::vector<OriginalFrame> out;
  for (auto& a : alternatives) {
    for (auto& f : a) {
      f.ambiguous = alternatives.size() > 1;
      out.push_back(std::move(f));
    }
  }
  return out;
}

bool R8Mapping::isOutlineFrame(std::string_view minifiedClass, std::string_view minifiedMethod,
                               std::optional<uint32_t> line) const {
  const ClassEntry* c = m_data->find(minifiedClass);
  if (!c) return false;
  const auto it = c->methods.find(std::string(minifiedMethod));
  if (it == c->methods.end()) return false;
  for (const auto& e : it->second) {
    if (e.outline && (!line || !e.hasRange || (*line >= e.minStart && *line <= e.minEnd))) return true;
  }
  return false;
}

std::vector<OriginalFrame> R8Mapping::retraceOutlineCaller(std::string_view minifiedClass,
                                                           std::string_view minifiedMethod,
                                                           std::optional<uint32_t> line,
                                                           uint32_t outlinePosition) const {
  const ClassEntry* c = m_data->find(minifiedClass);
  if (c && line) {
    const auto it = c->methods.find(std::string(minifiedMethod));
    if (it != c->methods.end()) {
      for (const auto& e : it->second) {
        if (!e.hasRange || *line < e.minStart || *line > e.minEnd) continue;
        const auto p = e.outlinePositions.find(outlinePosition);
        if (p != e.outlinePositions.end()) return retrace(minifiedClass, minifiedMethod, p->second);
      }
    }
  }
  return retrace(minifiedClass, minifiedMethod, line);
}

std::string R8Mapping::originalMethod(std::string_view minifiedClass, std::string_view minifiedMethod) const {
  const ClassEntry* c = m_data->find(minifiedClass);
  if (!c) return {};
  const auto it = c->methods.find(std::string(minifiedMethod));
  if (it == c->methods.end()) return {};
  std::vector<std::string> names;
  for (const auto& e : it->second) {
    const Frame& f = e.frames.back();  // the residual method itself, not what was inlined into it
    const std::string name =
        f.className.empty() || f.className == c->original ? f.methodName : f.className + "." + f.methodName;
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  std::string joined;
  for (const auto& n : names) joined += (joined.empty() ? "" : "|") + n;
  return joined;
}

bool R8Mapping::isSynthesized(std::string_view minifiedClass) const {
  const ClassEntry* c = m_data->find(minifiedClass);
  return c && c->synthesized;
}

bool R8Mapping::isOutline(std::string_view minifiedClass) const {
  const ClassEntry* c = m_data->find(minifiedClass);
  return c && c->outline;
}

size_t R8Mapping::classCount() const { return m_data->classes.size(); }
uint64_t R8Mapping::fingerprint() const { return m_data->fingerprint; }
const std::string& R8Mapping::mapVersion() const { return m_data->version; }

}  // namespace mxi::core::mapping
