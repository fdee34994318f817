// Stack-trace lines through a mapping: Java / logcat "at a.b.c(SourceFile:12)", ART ANR dumps
// ("  at a.b.c(SourceFile:12)", "  - locked <0x…> (a a.b)"), Matrix's threadStack ("a.b.c(X.java:4)",
// no "at") and bare "a.b.c" names, exception headers ("Caused by: a.b: msg").
#include <charconv>

#include "core/base/text_lines.h"
#include "core/mapping/r8_mapping.h"

namespace mxi::core::mapping {
namespace {

bool isNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
         c == '.' || c == '<' || c == '>' || c == '-';
}

// A frame found in a line: `prefix` + `cls.method` + "(" + `source` + ")" + `rest`.
struct FrameText {
  std::string_view prefix, className, method, source, rest;
  std::optional<uint32_t> line;
  bool native = false;
};

// The dotted name ending just before `end` (after a module or class-loader prefix "app//",
// "java.base/", which stays in the prefix).
size_t nameStart(std::string_view s, size_t end) {
  size_t b = end;
  while (b > 0 && isNameChar(s[b - 1])) --b;
  return b;
}

std::optional<FrameText> findFrame(std::string_view line) {
  for (size_t open = line.find('('); open != std::string_view::npos; open = line.find('(', open + 1)) {
    const size_t b = nameStart(line, open);
    const std::string_view name = line.substr(b, open - b);
    const size_t dot = name.rfind('.');
    if (dot == std::string_view::npos || dot == 0 || dot + 1 >= name.size()) continue;
    const size_t close = line.find(')', open);
    if (close == std::string_view::npos) return std::nullopt;
    FrameText f;
    f.prefix = line.substr(0, b);
    f.className = name.substr(0, dot);
    f.method = name.substr(dot + 1);
    f.source = line.substr(open + 1, close - open - 1);
    f.rest = line.substr(close + 1);
    f.native = f.source == "Native Method" || f.source == "Native method";
    const size_t colon = f.source.rfind(':');
    if (colon != std::string_view::npos) {
      uint32_t n = 0;
      const std::string_view digits = f.source.substr(colon + 1);
      const auto r = std::from_chars(digits.data(), digits.data() + digits.size(), n);
      if (!digits.empty() && r.ec == std::errc() && r.ptr == digits.data() + digits.size()) f.line = n;
    }
    return f;
  }
  return std::nullopt;
}

std::string frameLine(const FrameText& f, const OriginalFrame& o, bool alternative) {
  std::string out;
  if (alternative) {  // R8 retrace marks each further candidate of an ambiguous frame "<OR>"
    size_t ws = 0;
    while (ws < f.prefix.size() && (f.prefix[ws] == ' ' || f.prefix[ws] == '\t')) ++ws;
    out = std::string(f.prefix.substr(0, ws)) + "<OR> " + std::string(f.prefix.substr(ws));
  } else {
    out = std::string(f.prefix);
  }
  out += o.className + "." + o.methodName + "(";
  if (f.native)
    out += std::string(f.source);
  else
    out += o.sourceFile + (o.line ? ":" + std::to_string(*o.line) : "");
  out += ")" + std::string(f.rest);
  return out;
}

std::vector<std::string> framesToLines(const FrameText& f, const std::vector<OriginalFrame>& frames) {
  std::vector<std::string> out;
  bool firstAmbiguous = true;
  for (const auto& o : frames) {
    out.push_back(frameLine(f, o, o.ambiguous && !firstAmbiguous));
    if (o.ambiguous) firstAmbiguous = false;
  }
  return out;
}

// "- locked <0x0a1b2c3d> (a a.b)", "- waiting to lock <…> (a a.b) held by thread 12".
std::optional<std::string> lockLine(const R8Mapping& mapping, std::string_view line) {
  if (!text::trim(line).starts_with("- ")) return std::nullopt;
  const size_t a = line.find("(a ");
  if (a == std::string_view::npos) return std::nullopt;
  const size_t close = line.find(')', a);
  if (close == std::string_view::npos) return std::nullopt;
  const std::string_view cls = line.substr(a + 3, close - a - 3);
  const std::string original = mapping.originalClass(cls);
  if (original == cls) return std::nullopt;
  return std::string(line.substr(0, a + 3)) + original + std::string(line.substr(close));
}

// Exception headers and bare names: "Caused by: a.b: msg", "a.b.c: msg", "a.b" (a class) or
// "a.b.c" (Matrix's method without a frame).
std::optional<std::string> nameLine(const R8Mapping& mapping, std::string_view line) {
  const std::string_view trimmed = text::trim(line);
  size_t start = line.size() - trimmed.size();
  for (std::string_view lead : {"Caused by: ", "Suppressed: "}) {
    if (trimmed.starts_with(lead)) start += lead.size();
  }
  if (line.substr(start).starts_with("Exception in thread \"")) {
    const size_t q = line.find("\" ", start + 21);
    if (q == std::string_view::npos) return std::nullopt;
    start = q + 2;
  }
  size_t end = start;
  while (end < line.size() && isNameChar(line[end])) ++end;
  const std::string_view name = line.substr(start, end - start);
  const std::string_view after = line.substr(end);
  if (name.find('.') == std::string_view::npos || !(after.empty() || after.starts_with(":"))) return std::nullopt;
  const std::string original = mapping.originalClass(name);
  if (original != name) return std::string(line.substr(0, start)) + original + std::string(after);
  const size_t dot = name.rfind('.');
  if (!after.empty() || dot == 0 || dot + 1 >= name.size()) return std::nullopt;
  const auto frames = mapping.retrace(name.substr(0, dot), name.substr(dot + 1), std::nullopt);
  if (frames.empty()) return std::nullopt;
  std::string joined;
  for (const auto& f : frames) {
    const std::string full = f.className + "." + f.methodName;
    if (joined.find(full) == std::string::npos) joined += (joined.empty() ? "" : "|") + full;
  }
  return std::string(line.substr(0, start)) + joined;
}

}  // namespace

std::vector<std::string> retraceStackLine(const R8Mapping& mapping, std::string_view line) {
  if (const auto f = findFrame(line)) {
    auto frames = mapping.retrace(f->className, f->method, f->line);
    if (!frames.empty()) return framesToLines(*f, frames);
    return {std::string(line)};
  }
  if (auto lock = lockLine(mapping, line)) return {std::move(*lock)};
  if (auto named = nameLine(mapping, line)) return {std::move(*named)};
  return {std::string(line)};
}

std::string retraceStack(const R8Mapping& mapping, std::string_view text) {
  std::string out;
  std::optional<uint32_t> outlinePosition;
  text::forEachLine(text, [&](std::string_view line) {
    const auto f = findFrame(line);
    if (f && mapping.isOutlineFrame(f->className, f->method, f->line)) {
      // R8 outlines: the outline's frame goes; its line picks the caller's position (next frame).
      outlinePosition = f->line.value_or(0);
      return;
    }
    std::vector<std::string> lines;
    if (f && outlinePosition) {
      const auto frames = mapping.retraceOutlineCaller(f->className, f->method, f->line, *outlinePosition);
      lines = frames.empty() ? std::vector<std::string>{std::string(line)} : framesToLines(*f, frames);
    } else {
      lines = retraceStackLine(mapping, line);
    }
    outlinePosition.reset();
    for (const auto& l : lines) out += l + "\n";
  });
  if (!text.empty() && !text.ends_with('\n') && !out.empty()) out.pop_back();
  return out;
}

}  // namespace mxi::core::mapping
