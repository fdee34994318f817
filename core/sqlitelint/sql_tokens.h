// SQL tokenisation, just enough to see a statement's shape: literals, parameters, identifiers
// (bare, "quoted", `quoted`, [quoted]), keywords and punctuation, with comments dropped. It
// never fails: unterminated quotes run to the end, unknown bytes become one-byte symbols.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mxi::core::sqlitelint {

enum class SqlTokenKind {
  kWord,              // a bare identifier or keyword (SELECT, t, count)
  kQuotedIdentifier,  // "x", `x` or [x]; text is the name without its quotes
  kString,            // 'it''s'
  kBlob,              // x'00ff'
  kNumber,            // 12, 1.5e3, 0x1f, .5
  kParameter,         // ?, ?1, :name, @name, $name
  kSymbol,            // ( ) , ; * = <> || and any other byte
};

struct SqlToken {
  SqlTokenKind kind;
  std::string text;          // as written (quoted identifiers: the name without quotes)
  bool spaceBefore = false;  // whitespace or a comment separated it from the previous token
  bool isLiteral() const {
    return kind == SqlTokenKind::kString || kind == SqlTokenKind::kBlob || kind == SqlTokenKind::kNumber;
  }
  bool isName() const { return kind == SqlTokenKind::kWord || kind == SqlTokenKind::kQuotedIdentifier; }
  // A bare word equal to `keyword`, ignoring case.
  bool is(std::string_view keyword) const;
};

std::vector<SqlToken> tokenizeSql(std::string_view sql);

// ASCII lower case (SQL names and keywords compare without case).
std::string lowerAscii(std::string_view text);

}  // namespace mxi::core::sqlitelint
