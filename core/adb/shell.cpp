#include "core/adb/shell.h"

#include "core/adb/shell_protocol.h"

namespace mxi::core::adb {

std::string shellService(std::string_view command, bool v2) {
  return (v2 ? std::string("shell,v2,raw:") : std::string("shell:")) + std::string(command);
}

std::string shellQuote(std::string_view arg) {
  if (!arg.empty() &&
      arg.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=./:,@%") ==
          std::string_view::npos) {
    return std::string(arg);
  }
  std::string out = "'";
  for (char c : arg) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

namespace {

StatusOr<ShellResult> runV2(AdbStream& stream, const ShellOptions& options, const IoLimits& limits) {
  ShellResult result;
  result.usedShellV2 = true;
  if (!options.stdinData.empty())
    RETURN_IF_ERROR(stream.write(encodeShellPacket(ShellPacketId::kStdin, options.stdinData), limits));
  RETURN_IF_ERROR(stream.write(encodeShellPacket(ShellPacketId::kCloseStdin, {}), limits));
  ShellPacketParser parser;
  char buffer[64 * 1024];
  for (;;) {
    // Stream errors name the device and service already.
    ASSIGN_OR_RETURN(const size_t n, stream.read(buffer, sizeof buffer, limits));
    if (n == 0) break;
    Status fed = parser.feed(std::string_view(buffer, n));
    if (!fed.ok()) return fed.withContext(stream.description());
    while (auto packet = parser.next()) {
      switch (packet->id) {
        case ShellPacketId::kStdout:
          if (options.onStdout)
            options.onStdout(packet->data);
          else
            result.out += packet->data;
          break;
        case ShellPacketId::kStderr:
          if (options.onStderr)
            options.onStderr(packet->data);
          else
            result.err += packet->data;
          break;
        case ShellPacketId::kExit:
          if (packet->data.size() != 1) {
            return invalidInput(stream.description() + ": exit packet of " + std::to_string(packet->data.size()) +
                                    " bytes (expected 1)",
                                parser.offset());
          }
          result.exitCode = static_cast<unsigned char>(packet->data[0]);
          return result;
        default: break;  // stdin echoes or window sizes are not expected from a device; ignore
      }
    }
  }
  return ioError(stream.description() + ": the device closed the shell without an exit code");
}

StatusOr<ShellResult> runV1(AdbStream& stream, const ShellOptions& options, const IoLimits& limits) {
  ShellResult result;
  char buffer[64 * 1024];
  for (;;) {
    ASSIGN_OR_RETURN(const size_t n, stream.read(buffer, sizeof buffer, limits));
    if (n == 0) return result;
    if (options.onStdout)
      options.onStdout(std::string_view(buffer, n));
    else
      result.out.append(buffer, n);
  }
}

}  // namespace

StatusOr<ShellResult> runShell(AdbDevice& device, std::string_view command, const ShellOptions& options,
                               const IoLimits& limits) {
  bool v2 = false;
  if (!options.forceV1) {
    ASSIGN_OR_RETURN(const auto features, device.features(limits));
    v2 = features.count("shell_v2") != 0;
  }
  if (!v2 && !options.stdinData.empty()) {
    return invalidInput("device " + device.serial() + " lacks shell_v2: cannot send stdin to a shell command");
  }
  ASSIGN_OR_RETURN(auto stream, device.openStream(shellService(command, v2), limits));
  return v2 ? runV2(*stream, options, limits) : runV1(*stream, options, limits);
}

StatusOr<Bytes> runExec(AdbDevice& device, std::string_view command, const IoLimits& limits) {
  ASSIGN_OR_RETURN(auto stream, device.openStream("exec:" + std::string(command), limits));
  return stream->readToEnd(limits);
}

}  // namespace mxi::core::adb
