// Matrix's SQLiteLint whitelist: `<whilte-list><checker name="…"><element>…</element></checker>
// </whilte-list>` (the root is spelt as Matrix spells it; tags are matched without case as its
// CheckerWhiteListLogic does). Elements are table names or SQL (as written or as its shape),
// compared without case (WhiteListMgr lower-cases both sides).
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>

#include "core/base/status.h"

namespace mxi::core::sqlitelint {

class Whitelist {
 public:
  static StatusOr<Whitelist> parse(std::string_view xml);
  void add(const std::string& checker, const std::string& element);
  bool contains(const std::string& checker, const std::string& target) const;
  size_t size() const;

 private:
  std::map<std::string, std::set<std::string>> m_elements;
};

}  // namespace mxi::core::sqlitelint
