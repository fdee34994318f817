// R.txt as the Android Gradle plugin writes it (`int <type> <name> 0x7f…` lines; styleables,
// `int[] styleable …` and `int styleable …_attr N`, are not resources and are skipped): the
// resources a build declares, the app's and its libraries'.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"

namespace mxi::core::apkcheck {

struct DeclaredResource {
  uint32_t id = 0;
  std::string type;                                               // "drawable"
  std::string name;                                               // "ic_menu_camera"
  std::string rName() const { return "R." + type + "." + name; }  // Matrix's spelling
};

// A line that is neither a resource nor a styleable is an error naming its line and offset.
StatusOr<std::vector<DeclaredResource>> parseRTxt(std::string_view text);

}  // namespace mxi::core::apkcheck
