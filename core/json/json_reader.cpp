#include "core/json/json_reader.h"
#include <charconv>
#include <cmath>
#include <limits>

namespace mxi::core::json {
namespace {

constexpr int kMaxJsonDepth = 256;

// A DOM builder that records where parsing failed instead of throwing.
class OffsetRecordingSax : public nlohmann::detail::json_sax_dom_parser<nlohmann::json> {
  using Base = nlohmann::detail::json_sax_dom_parser<nlohmann::json>;

 public:
  explicit OffsetRecordingSax(nlohmann::json& out)
      : nlohmann::detail::json_sax_dom_parser<nlohmann::json>(out, false) {}
  template <class Exception>
  bool parse_error(std::size_t position, const std::string& token, const Exception& ex) {
    m_failed = true;
    m_position = position;
    m_message = ex.what();
    (void)token;
    return false;
  }
  // Depth limit: deeper documents are refused rather than risking the recursion of dump/copy.
  bool start_object(std::size_t n) { return enter() && Base::start_object(n); }
  bool start_array(std::size_t n) { return enter() && Base::start_array(n); }
  bool end_object() {
    --m_depth;
    return Base::end_object();
  }
  bool end_array() {
    --m_depth;
    return Base::end_array();
  }
  bool failed() const { return m_failed; }
  size_t position() const { return m_position; }
  const std::string& message() const { return m_message; }
  bool tooDeep() const { return m_tooDeep; }

 private:
  bool enter() {
    if (++m_depth <= kMaxJsonDepth) return true;
    m_failed = true;
    m_tooDeep = true;
    return false;
  }
  bool m_failed = false;
  bool m_tooDeep = false;
  int m_depth = 0;
  size_t m_position = 0;
  std::string m_message;
};

}  // namespace

StatusOr<nlohmann::json> parseJson(std::string_view text) {
  nlohmann::json out;
  OffsetRecordingSax sax(out);
  const bool ok = nlohmann::json::sax_parse(text.begin(), text.end(), &sax, nlohmann::json::input_format_t::json, true);
  if (sax.tooDeep()) return invalidInput("JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
  if (!ok || sax.failed()) {
    const size_t at = sax.position() > 0 ? sax.position() - 1 : 0;
    std::string message = sax.message();
    const size_t cut = message.find("syntax error");
    if (cut != std::string::npos) message = message.substr(cut);
    return invalidInput("bad JSON: " + message, at);
  }
  return out;
}

std::optional<int64_t> jsonInt(const nlohmann::json& o, const char* key) {
  if (!o.is_object()) return std::nullopt;
  const auto it = o.find(key);
  if (it == o.end()) return std::nullopt;
  if (it->is_number_integer()) return it->get<int64_t>();
  if (it->is_number_unsigned()) {
    const auto u = it->get<uint64_t>();
    return u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())
               ? std::nullopt
               : std::optional<int64_t>(static_cast<int64_t>(u));
  }
  if (it->is_number_float()) {
    const double d = it->get<double>();
    if (!std::isfinite(d) || std::fabs(d) > 9e18) return std::nullopt;
    return static_cast<int64_t>(d);
  }
  if (it->is_string()) {
    const auto& s = it->get_ref<const std::string&>();
    int64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec == std::errc() && end == s.data() + s.size() && !s.empty()) return v;
  }
  return std::nullopt;
}

std::optional<double> jsonDouble(const nlohmann::json& o, const char* key) {
  if (!o.is_object()) return std::nullopt;
  const auto it = o.find(key);
  if (it == o.end() || !it->is_number()) return std::nullopt;
  return it->get<double>();
}

std::string jsonString(const nlohmann::json& o, const char* key) {
  if (!o.is_object()) return {};
  const auto it = o.find(key);
  if (it == o.end()) return {};
  if (it->is_string()) return it->get<std::string>();
  if (it->is_number() || it->is_boolean()) return it->dump();
  return {};
}

std::optional<bool> jsonBool(const nlohmann::json& o, const char* key) {
  if (!o.is_object()) return std::nullopt;
  const auto it = o.find(key);
  if (it == o.end()) return std::nullopt;
  if (it->is_boolean()) return it->get<bool>();
  if (it->is_string()) {
    const auto& s = it->get_ref<const std::string&>();
    if (s == "true") return true;
    if (s == "false") return false;
  }
  return std::nullopt;
}

}  // namespace mxi::core::json
