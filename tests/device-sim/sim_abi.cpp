#include "tests/device-sim/sim_abi.h"

#include <elf.h>

#include <algorithm>
#include <fstream>

#include "core/adb/shell.h"
#include "tests/device-sim/search_path.h"

namespace mxi::sim {

namespace {

const std::vector<SimAbi>& knownAbis() {
  // abilist and uname as such phones report them (an armeabi-v7a phone: a 32-bit ARMv7 kernel).
  static const std::vector<SimAbi> abis = {
      {"arm64-v8a", "arm64-v8a,armeabi-v7a,armeabi", "aarch64", {EM_AARCH64, EM_ARM}},
      {"armeabi-v7a", "armeabi-v7a,armeabi", "armv7l", {EM_ARM}},
      {"x86_64", "x86_64,x86", "x86_64", {EM_X86_64, EM_386}},
  };
  return abis;
}

constexpr uint16_t kHostMachine =
#if defined(__aarch64__)
    EM_AARCH64;
#elif defined(__arm__)
    EM_ARM;
#else
    EM_X86_64;
#endif

struct ElfHeader {
  uint16_t machine = 0;
  int bits = 0;
};

std::optional<ElfHeader> readElfHeader(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  unsigned char h[20] = {};
  if (!in.read(reinterpret_cast<char*>(h), sizeof h)) return std::nullopt;
  if (h[0] != 0x7f || h[1] != 'E' || h[2] != 'L' || h[3] != 'F') return std::nullopt;
  ElfHeader e;
  e.bits = h[EI_CLASS] == ELFCLASS64 ? 64 : 32;
  e.machine = static_cast<uint16_t>(h[18] | (h[19] << 8));  // every ABI here is little-endian
  return e;
}

const char* qemuFor(uint16_t machine) {
  switch (machine) {
    case EM_AARCH64: return "qemu-aarch64-static";
    case EM_ARM: return "qemu-arm-static";
    case EM_X86_64: return "qemu-x86_64-static";
    case EM_386: return "qemu-i386-static";
    default: return nullptr;
  }
}

// A one-off shell command that prints `message` and exits with `code`; the program and its own
// arguments follow it and are ignored.
std::string failingCommand(const std::string& message, int code) {
  return "sh -c " + core::adb::shellQuote("echo \"" + message + "\" >&2; exit " + std::to_string(code));
}

// How the phone runs `program` ("" when it is not a foreign ELF: the shell runs it as it is).
std::string launcherFor(const std::string& program, const std::string& root, const SimAbi& phone) {
  if (program.empty() || program[0] != '/') return {};
  for (const char* own : {"/bin/", "/system/bin/"}) {
    if (program.rfind(root + own, 0) == 0) return {};
  }
  const std::optional<ElfHeader> elf = readElfHeader(program);
  if (!elf) return {};
  const bool phoneRunsIt = std::count(phone.elfMachines.begin(), phone.elfMachines.end(), elf->machine) > 0;
  if (!phoneRunsIt) {
    // mksh (Android's sh) on the kernel's ENOEXEC.
    const std::string devicePath = program.substr(root.size());
    return failingCommand(
        "/system/bin/sh: " + devicePath + ": not executable: " + std::to_string(elf->bits) + "-bit ELF file", 126);
  }
  if (elf->machine == kHostMachine) return {};
  const char* qemu = qemuFor(elf->machine);
  const std::string found = qemu ? findOnPath(qemu) : std::string();
  if (found.empty()) {
    return failingCommand("mxi-device-sim: running " + program.substr(root.size()) + " needs " +
                              (qemu ? qemu : "qemu-user") + " (install Debian's qemu-user-static)",
                          127);
  }
  return found;
}

bool isOperator(char c) { return c == ';' || c == '&' || c == '|' || c == '(' || c == ')' || c == '\n'; }
bool endsWord(char c) { return c == ' ' || c == '\t' || isOperator(c) || c == '<' || c == '>'; }

}  // namespace

std::optional<SimAbi> simAbiNamed(std::string_view name) {
  for (const SimAbi& abi : knownAbis()) {
    if (abi.name == name) return abi;
  }
  return std::nullopt;
}

const SimAbi& hostAbi() {
  for (const SimAbi& abi : knownAbis()) {
    if (abi.elfMachines.front() == kHostMachine) return abi;
  }
  return knownAbis().back();
}

std::string knownAbiNames() {
  std::string out;
  for (const SimAbi& abi : knownAbis()) out += (out.empty() ? "" : ", ") + abi.name;
  return out;
}

std::string runAsOnThePhone(const std::string& command, const std::string& root, const SimAbi& phone) {
  std::string out;
  out.reserve(command.size());
  bool commandPosition = true;
  size_t i = 0;
  while (i < command.size()) {
    const char c = command[i];
    if (c == ' ' || c == '\t') {
      out += command[i++];
      continue;
    }
    if (isOperator(c)) {
      commandPosition = true;
      out += command[i++];
      continue;
    }
    if (c == '<' || c == '>') {  // a redirection's target is a file, not a program
      commandPosition = false;
      out += command[i++];
      continue;
    }
    size_t end = i;
    while (end < command.size() && !endsWord(command[end])) ++end;
    const std::string word = command.substr(i, end - i);
    if (commandPosition) {
      const std::string launcher = launcherFor(word, root, phone);
      if (!launcher.empty()) out += launcher + " ";
      // `exec PROGRAM` and `VAR=value PROGRAM`: the program is the next word.
      const size_t eq = word.find('=');
      commandPosition = word == "exec" || word == "nohup" || (eq != std::string::npos && word.find('/') > eq);
    }
    out += word;
    i = end;
  }
  return out;
}

}  // namespace mxi::sim
