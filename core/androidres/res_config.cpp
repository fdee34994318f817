#include "core/androidres/res_config.h"

#include <array>
#include <cstdint>
#include <vector>

namespace mxi::core::androidres {

namespace {

// Offsets in ResTable_config.
constexpr size_t kKnownSize = 64;
enum Field : size_t {
  kMcc = 4,
  kMnc = 6,
  kLanguage = 8,
  kCountry = 10,
  kOrientation = 12,
  kTouchscreen = 13,
  kDensity = 14,
  kKeyboard = 16,
  kNavigation = 17,
  kInputFlags = 18,
  kScreenWidth = 20,
  kScreenHeight = 22,
  kSdkVersion = 24,
  kMinorVersion = 26,
  kScreenLayout = 28,
  kUiMode = 29,
  kSmallestWidthDp = 30,
  kScreenWidthDp = 32,
  kScreenHeightDp = 34,
  kLocaleScript = 36,
  kLocaleVariant = 40,
  kScreenLayout2 = 48,
  kColorMode = 49,
};

class Config {
 public:
  explicit Config(std::string_view raw) {
    for (size_t i = 0; i < raw.size() && i < kKnownSize; ++i) m_bytes[i] = static_cast<uint8_t>(raw[i]);
  }
  uint8_t u8(size_t at) const { return m_bytes[at]; }
  uint16_t u16(size_t at) const { return static_cast<uint16_t>(m_bytes[at] | m_bytes[at + 1] << 8); }

 private:
  std::array<uint8_t, kKnownSize> m_bytes{};
};

// A two-byte language or region: two letters, or three packed into 15 bits (high bit set) as
// androidfw's packLanguageOrRegion writes them.
std::string unpackCode(uint8_t first, uint8_t second, char base) {
  if (first == 0) return {};
  if (first & 0x80) {
    const int a = second & 0x1f;
    const int b = ((second & 0xe0) >> 5) | ((first & 0x03) << 3);
    const int c = (first & 0x7c) >> 2;
    return {static_cast<char>(base + a), static_cast<char>(base + b), static_cast<char>(base + c)};
  }
  return {static_cast<char>(first), static_cast<char>(second)};
}

std::string asciiField(const Config& c, size_t at, size_t length) {
  std::string text;
  for (size_t i = 0; i < length && c.u8(at + i) != 0; ++i) text += static_cast<char>(c.u8(at + i));
  return text;
}

// "en", "en-rUS", or BCP 47 "b+sr+Latn+RS" when a script or variant is set.
std::string locale(const Config& c) {
  const std::string language = unpackCode(c.u8(kLanguage), c.u8(kLanguage + 1), 'a');
  if (language.empty()) return {};
  const std::string region = unpackCode(c.u8(kCountry), c.u8(kCountry + 1), '0');
  const std::string script = asciiField(c, kLocaleScript, 4);
  const std::string variant = asciiField(c, kLocaleVariant, 8);
  if (script.empty() && variant.empty()) return region.empty() ? language : language + "-r" + region;
  std::string tag = "b+" + language;
  for (const std::string* part : {&script, &region, &variant}) {
    if (!part->empty()) tag += "+" + *part;
  }
  return tag;
}

std::string density(uint16_t dpi) {
  switch (dpi) {
    case 0: return {};
    case 120: return "ldpi";
    case 160: return "mdpi";
    case 213: return "tvdpi";
    case 240: return "hdpi";
    case 320: return "xhdpi";
    case 480: return "xxhdpi";
    case 640: return "xxxhdpi";
    case 0xfffe: return "anydpi";
    case 0xffff: return "nodpi";
    default: return std::to_string(dpi) + "dpi";
  }
}

// The name of `value` in `names` (index = value), "" when out of the table.
template <size_t N>
std::string pick(const std::array<const char*, N>& names, unsigned value) {
  return value < N && names[value] ? names[value] : "";
}

}  // namespace

// In the order aapt writes qualifiers (ResTable_config::toString).
std::string configQualifiers(std::string_view raw) {
  const Config c(raw);
  std::vector<std::string> parts;
  auto add = [&parts](std::string part) {
    if (!part.empty()) parts.push_back(std::move(part));
  };
  if (c.u16(kMcc)) add("mcc" + std::to_string(c.u16(kMcc)));
  if (c.u16(kMnc)) add(c.u16(kMnc) == 0xffff ? "mnc00" : "mnc" + std::to_string(c.u16(kMnc)));
  add(locale(c));
  const uint8_t layout = c.u8(kScreenLayout);
  add(pick(std::array<const char*, 3>{nullptr, "ldltr", "ldrtl"}, (layout & 0xc0) >> 6));
  if (c.u16(kSmallestWidthDp)) add("sw" + std::to_string(c.u16(kSmallestWidthDp)) + "dp");
  if (c.u16(kScreenWidthDp)) add("w" + std::to_string(c.u16(kScreenWidthDp)) + "dp");
  if (c.u16(kScreenHeightDp)) add("h" + std::to_string(c.u16(kScreenHeightDp)) + "dp");
  add(pick(std::array<const char*, 5>{nullptr, "small", "normal", "large", "xlarge"}, layout & 0x0f));
  add(pick(std::array<const char*, 3>{nullptr, "notlong", "long"}, (layout & 0x30) >> 4));
  add(pick(std::array<const char*, 3>{nullptr, "notround", "round"}, c.u8(kScreenLayout2) & 0x03));
  add(pick(std::array<const char*, 3>{nullptr, "nowidecg", "widecg"}, c.u8(kColorMode) & 0x03));
  add(pick(std::array<const char*, 3>{nullptr, "lowdr", "highdr"}, (c.u8(kColorMode) & 0x0c) >> 2));
  add(pick(std::array<const char*, 4>{nullptr, "port", "land", "square"}, c.u8(kOrientation)));
  add(pick(std::array<const char*, 8>{nullptr, nullptr, "desk", "car", "television", "appliance", "watch", "vrheadset"},
           c.u8(kUiMode) & 0x0f));
  add(pick(std::array<const char*, 3>{nullptr, "notnight", "night"}, (c.u8(kUiMode) & 0x30) >> 4));
  add(density(c.u16(kDensity)));
  add(pick(std::array<const char*, 4>{nullptr, "notouch", "stylus", "finger"}, c.u8(kTouchscreen)));
  const uint8_t input = c.u8(kInputFlags);
  add(pick(std::array<const char*, 4>{nullptr, "keysexposed", "keyshidden", "keyssoft"}, input & 0x03));
  add(pick(std::array<const char*, 4>{nullptr, "nokeys", "qwerty", "12key"}, c.u8(kKeyboard)));
  add(pick(std::array<const char*, 3>{nullptr, "navexposed", "navhidden"}, (input & 0x0c) >> 2));
  add(pick(std::array<const char*, 5>{nullptr, "nonav", "dpad", "trackball", "wheel"}, c.u8(kNavigation)));
  if (c.u16(kScreenWidth) && c.u16(kScreenHeight)) {
    add(std::to_string(c.u16(kScreenWidth)) + "x" + std::to_string(c.u16(kScreenHeight)));
  }
  if (c.u16(kSdkVersion)) {
    std::string version = "v" + std::to_string(c.u16(kSdkVersion));
    if (c.u16(kMinorVersion)) version += "." + std::to_string(c.u16(kMinorVersion));
    add(version);
  }
  std::string text;
  for (const auto& part : parts) text += (text.empty() ? "" : "-") + part;
  return text;
}

}  // namespace mxi::core::androidres
