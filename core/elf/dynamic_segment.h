// DT_NEEDED and DT_SONAME of a library without section headers (sstrip and some packers drop
// them; the dynamic linker never reads them): through the PT_DYNAMIC segment, with DT_STRTAB's
// address mapped to a file offset by the PT_LOAD segment that holds it.
#pragma once

#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/elf/elf_bytes.h"

namespace mxi::core::elf {

struct DynamicNames {
  std::vector<std::string> needed;  // DT_NEEDED, in order
  std::string soname;
};

// Empty for a file without PT_DYNAMIC (linked statically).
StatusOr<DynamicNames> readDynamicSegment(const ElfBytes& in, bool is64);

}  // namespace mxi::core::elf
