#include "core/sqlitelint/whitelist.h"

#include <expat.h>

#include <cctype>
#include <memory>

#include "core/sqlitelint/sql_tokens.h"

namespace mxi::core::sqlitelint {

namespace {

struct ParseState {
  Whitelist* list = nullptr;
  std::string checker;  // the enclosing <checker name="…">
  bool inElement = false;
  std::string text;
};

std::string trimmed(const std::string& s) {
  size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return s.substr(a, b - a);
}

void onStart(void* data, const XML_Char* name, const XML_Char** attributes) {
  auto* state = static_cast<ParseState*>(data);
  const std::string tag = lowerAscii(name);
  if (tag == "checker") {
    state->checker.clear();
    for (int i = 0; attributes[i]; i += 2) {
      if (std::string(attributes[i]) == "name") state->checker = attributes[i + 1];
    }
  } else if (tag == "element" && !state->checker.empty()) {
    state->inElement = true;
    state->text.clear();
  }
}

void onEnd(void* data, const XML_Char* name) {
  auto* state = static_cast<ParseState*>(data);
  const std::string tag = lowerAscii(name);
  if (tag == "element" && state->inElement) {
    state->inElement = false;
    const std::string element = trimmed(state->text);
    if (!element.empty()) state->list->add(state->checker, element);
  } else if (tag == "checker") {
    state->checker.clear();
  }
}

void onText(void* data, const XML_Char* text, int length) {
  auto* state = static_cast<ParseState*>(data);
  if (state->inElement) state->text.append(text, static_cast<size_t>(length));
}

}  // namespace

StatusOr<Whitelist> Whitelist::parse(std::string_view xml) {
  Whitelist list;
  ParseState state;
  state.list = &list;
  std::unique_ptr<XML_ParserStruct, decltype(&XML_ParserFree)> parser(XML_ParserCreate(nullptr), &XML_ParserFree);
  if (!parser) return internalError("cannot create an XML parser");
  XML_SetUserData(parser.get(), &state);
  XML_SetElementHandler(parser.get(), &onStart, &onEnd);
  XML_SetCharacterDataHandler(parser.get(), &onText);
  if (XML_Parse(parser.get(), xml.data(), static_cast<int>(xml.size()), XML_TRUE) == XML_STATUS_ERROR) {
    return invalidInput("not well-formed XML at line " + std::to_string(XML_GetCurrentLineNumber(parser.get())) + ": " +
                        XML_ErrorString(XML_GetErrorCode(parser.get())));
  }
  return list;
}

void Whitelist::add(const std::string& checker, const std::string& element) {
  m_elements[checker].insert(lowerAscii(element));
}

bool Whitelist::contains(const std::string& checker, const std::string& target) const {
  const auto it = m_elements.find(checker);
  return it != m_elements.end() && it->second.count(lowerAscii(target)) > 0;
}

size_t Whitelist::size() const {
  size_t n = 0;
  for (const auto& [checker, elements] : m_elements) n += elements.size();
  return n;
}

}  // namespace mxi::core::sqlitelint
