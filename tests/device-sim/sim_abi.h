// The simulated phone's ABI: what getprop and uname report, and which ELF machines it runs. A
// phone runs the binaries of its ABI (an arm64 phone also 32-bit arm ones); the simulator runs
// those of another machine than the host's through Debian's qemu-user-static, the way the phone's
// kernel would run them natively, and refuses the others as a phone's shell does.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mxi::sim {

struct SimAbi {
  std::string name;                   // ro.product.cpu.abi
  std::string abiList;                // ro.product.cpu.abilist
  std::string unameMachine;           // uname -m
  std::vector<uint16_t> elfMachines;  // e_machine values it executes
};

// arm64-v8a, armeabi-v7a or x86_64; nullopt for anything else.
std::optional<SimAbi> simAbiNamed(std::string_view name);
// The ABI of the machine this simulator runs on.
const SimAbi& hostAbi();
std::string knownAbiNames();  // "arm64-v8a, armeabi-v7a, x86_64"

// Rewrites a shell command (device paths already mapped into the sandbox) so that each program in
// command position that is an ELF of a foreign machine runs as on the phone: through qemu when the
// phone's ABI executes it, else failing as Android's shell does ("not executable: 64-bit ELF file",
// exit 126). Programs in argument position (`chmod 755 agent`) are left alone, and so are the
// phone's own tools under <root>/bin and <root>/system/bin (the simulated ones run on the host).
std::string runAsOnThePhone(const std::string& command, const std::string& root, const SimAbi& phone);

}  // namespace mxi::sim
