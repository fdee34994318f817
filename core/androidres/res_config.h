// ResTable_config (androidfw ResourceTypes.h), the configuration a resources.arsc type chunk's
// values are for, spelled as aapt spells a resource directory's qualifiers: "", "hdpi-v4",
// "land-mdpi", "en-rUS", "sw600dp-v13", "night-v8"… Fields a shorter (older) config lacks are
// absent; bits this reader does not know are left out, never a failure.
#pragma once

#include <string>
#include <string_view>

namespace mxi::core::androidres {

// `raw` is the config as stored, starting at its size field; it may be shorter or longer than the
// 64 bytes known today.
std::string configQualifiers(std::string_view raw);

}  // namespace mxi::core::androidres
