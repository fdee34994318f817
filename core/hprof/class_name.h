// Class names to Java source form: HotSpot writes "java/lang/String", "[I", "[Ljava/lang/Object;";
// ART already writes "java.lang.String", "int[]". Both become "java.lang.String", "int[]".
#pragma once

#include <string>
#include <string_view>

namespace mxi::core::hprof {

std::string javaClassName(std::string_view dumpName);

}  // namespace mxi::core::hprof
