// R8 / ProGuard mapping.txt: a minified build's names back to the source's — classes (arrays and
// inner classes too), fields (per declaring class), methods with their line ranges and R8's
// inlined frames, and R8's `# {"id":…}` metadata (sourceFile, synthesized and outline classes,
// residualsignature). The one reader: heap views, stack frames and method traces all use it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"

namespace mxi::core::mapping {

// One original frame a minified frame stands for. An inlined call gives several, innermost first
// (as R8's retrace prints them); an overload the mapping cannot tell apart gives several with
// `ambiguous` set on each.
struct OriginalFrame {
  std::string className;   // "com.example.Cache"
  std::string methodName;  // "put"
  std::string sourceFile;  // from R8's sourceFile metadata, else guessed from the class ("Cache.java")
  std::optional<uint32_t> line;
  bool ambiguous = false;
};

class R8Mapping {
 public:
  // Parses a whole mapping.txt (ProGuard's and R8's). A malformed line fails with its line number
  // and byte offset; unknown `#` metadata is skipped.
  static StatusOr<R8Mapping> parse(std::string_view text);

  R8Mapping();
  R8Mapping(R8Mapping&&) noexcept;
  R8Mapping& operator=(R8Mapping&&) noexcept;
  ~R8Mapping();

  // Original Java name of a minified class: "a.b" → "com.example.Cache", "a.b[][]" →
  // "com.example.Cache[][]", "a.b$c" (an inner class the mapping lists) → its own entry. The
  // argument itself when the mapping does not rename it.
  std::string originalClass(std::string_view minified) const;
  // The minified name of an original class (diffs and matchers look classes up by source name).
  std::optional<std::string> minifiedClass(std::string_view original) const;
  // Original name of field `minifiedField` declared in minified class `minifiedClass`; nullopt
  // when the mapping does not list it (the caller keeps the name it has).
  std::optional<std::string> originalField(std::string_view minifiedClass, std::string_view minifiedField) const;
  // The original frames of a minified frame; `line` is the minified line when the frame has one.
  // Empty when the mapping knows neither the class nor the method.
  std::vector<OriginalFrame> retrace(std::string_view minifiedClass, std::string_view minifiedMethod,
                                     std::optional<uint32_t> line) const;
  // Original method name(s) without a line: overloads that share one minified name are joined
  // with '|' (method traces, which carry no lines). Empty when unknown.
  std::string originalMethod(std::string_view minifiedClass, std::string_view minifiedMethod) const;
  // R8 outlines (code R8 moved into a shared static method): whether a minified frame runs in one.
  // Its frame is dropped from a retraced stack; its line picks the position in the calling frame.
  bool isOutlineFrame(std::string_view minifiedClass, std::string_view minifiedMethod,
                      std::optional<uint32_t> line) const;
  // The original frames of a frame that called an outline, which stopped at the outline's
  // minified line `outlinePosition` (R8's outlineCallsite positions); as retrace() otherwise.
  std::vector<OriginalFrame> retraceOutlineCaller(std::string_view minifiedClass, std::string_view minifiedMethod,
                                                  std::optional<uint32_t> line, uint32_t outlinePosition) const;
  // R8 metadata of a minified class.
  bool isSynthesized(std::string_view minifiedClass) const;
  bool isOutline(std::string_view minifiedClass) const;

  size_t classCount() const;
  // A content hash of the mapping (XXH3-64 of the text): which mapping a stored analysis used.
  uint64_t fingerprint() const;
  // R8's `com.android.tools.r8.mapping` version ("2.2"); empty for ProGuard and old R8 files.
  const std::string& mapVersion() const;

 private:
  struct Data;
  std::unique_ptr<Data> m_data;
};

// Retraces one stack-trace line as Java, logcat, ANR traces and Matrix stacks print it
// ("at a.b.c(SourceFile:12)", "a.b.c(Unknown Source:3)", "  at a.b.c(Native Method)",
// Matrix's "a.b.c" without parentheses). Returns the replacement lines, keeping the line's own
// prefix and indentation; the line itself (one element) when nothing in it is mapped.
std::vector<std::string> retraceStackLine(const R8Mapping& mapping, std::string_view line);
// A whole stack trace (lines separated by '\n'), line by line as retraceStackLine does, plus R8
// outlines: an outline's frame is dropped and the calling frame below it gets the outline's position.
std::string retraceStack(const R8Mapping& mapping, std::string_view text);

}  // namespace mxi::core::mapping
