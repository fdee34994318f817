// libFuzzer target for core/sqlitelint's SQL tokenizer and what is built on it: the statement
// shape (literals as `?`), the statement facts, and the `.sql` list and SQLiteTime logcat readers.
// A shape must hold no literal any more and be its own shape, whatever quotes, comments or bytes
// the input has.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/sqlitelint/sql_tokens.h"
#include "core/sqlitelint/statement.h"
#include "core/sqlitelint/statement_readers.h"

using namespace mxi::core::sqlitelint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  size_t sink = tokenizeSql(input).size();
  const std::string shape = statementShape(input);
  if (statementFacts(shape).hasLiterals) __builtin_trap();  // every literal became `?`
  if (statementShape(shape) != shape) __builtin_trap();     // shaping twice changes nothing
  const StatementFacts facts = statementFacts(input);
  sink += facts.isSelect + facts.selectsAll;
  for (const LintStatement& s : readSqlList(input, "fuzz")) sink += statementShape(s.sql).size();
  for (const LintStatement& s : readSqliteTimeLog(input, "fuzz")) sink += s.sql.size();
  volatile size_t keep = sink;
  (void)keep;
  return 0;
}
