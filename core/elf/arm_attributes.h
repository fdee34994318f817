// Which Android ARM ABI a 32-bit ARM library was built for: "armeabi" (ARMv5TE/v6) or
// "armeabi-v7a", from Tag_CPU_arch in its .ARM.attributes section (ARM IHI 0045, "Addenda to the
// ARM ELF ABI"), since both carry the same e_machine.
#pragma once

#include <optional>
#include <string_view>

namespace mxi::core::elf {

// Tag_CPU_arch of the file scope in the "aeabi" subsection, or nullopt when absent or unreadable
// (the section is a hint: a damaged one is not an error of the library).
std::optional<unsigned> armCpuArch(std::string_view section);

}  // namespace mxi::core::elf
