#include "core/adb/server_client.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <charconv>
#include <cstdlib>

#include "core/adb/device_banner.h"
#include "core/adb/smart_socket.h"
#include "core/adb/tcp_spec.h"

extern char** environ;

namespace mxi::core::adb {

namespace {

// A device service stream on a socket the server has switched to a device.
class ServerStream final : public AdbStream {
 public:
  ServerStream(Socket socket, std::string description)
      : m_socket(std::move(socket)), m_description(std::move(description)) {}
  StatusOr<size_t> read(char* buffer, size_t size, const IoLimits& limits) override {
    return withContext(m_socket.readSome(buffer, size, limits), m_description);
  }
  Status write(std::string_view data, const IoLimits& limits) override {
    return m_socket.writeAll(data, limits).withContext(m_description);
  }
  void close() override { m_socket.close(); }
  std::string description() const override { return m_description; }

 private:
  Socket m_socket;
  std::string m_description;
};

class ServerDevice final : public AdbDevice {
 public:
  ServerDevice(AdbServerClient client, std::string serial) : m_client(std::move(client)), m_serial(std::move(serial)) {}
  std::string serial() const override { return m_serial.empty() ? std::string("(any)") : m_serial; }
  StatusOr<std::set<std::string>> features(const IoLimits& limits) override {
    if (!m_features) {
      ASSIGN_OR_RETURN(auto f, m_client.features(m_serial, limits));
      m_features = std::move(f);
    }
    return *m_features;
  }
  StatusOr<std::unique_ptr<AdbStream>> openStream(std::string_view service, const IoLimits& limits) override {
    return m_client.openDeviceService(m_serial, std::string(service), limits);
  }

 private:
  AdbServerClient m_client;
  std::string m_serial;
  std::optional<std::set<std::string>> m_features;
};

}  // namespace

StatusOr<ServerAddress> parseServerSocketSpec(const std::string& spec) {
  if (spec.rfind("tcp:", 0) != 0) {
    return invalidInput("unsupported ADB_SERVER_SOCKET '" + spec + "' (expected tcp:PORT or tcp:HOST:PORT)");
  }
  ASSIGN_OR_RETURN(const TcpEndpoint endpoint,
                   parseTcpSpec(spec, "ADB_SERVER_SOCKET '" + spec + "'", TcpSpecForm::kPortOrHostAndPort));
  ServerAddress a;
  if (!endpoint.host.empty()) a.host = endpoint.host;
  a.port = endpoint.port;
  return a;
}

StatusOr<ServerAddress> serverAddressFromEnvironment() {
  if (const char* spec = std::getenv("ADB_SERVER_SOCKET"); spec != nullptr && *spec != '\0') {
    return parseServerSocketSpec(spec);
  }
  ServerAddress a;
  if (const char* port = std::getenv("ANDROID_ADB_SERVER_PORT"); port != nullptr && *port != '\0') {
    ASSIGN_OR_RETURN(a.port, parsePort(port, "ANDROID_ADB_SERVER_PORT"));
  }
  return a;
}

std::vector<ForwardEntry> parseForwardList(std::string_view text) {
  std::vector<ForwardEntry> out;
  while (!text.empty()) {
    const size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    const size_t a = line.find(' ');
    if (a == std::string_view::npos) continue;
    const size_t b = line.find(' ', a + 1);
    if (b == std::string_view::npos) continue;
    out.push_back(
        {std::string(line.substr(0, a)), std::string(line.substr(a + 1, b - a - 1)), std::string(line.substr(b + 1))});
  }
  return out;
}

StatusOr<Socket> AdbServerClient::connect(const IoLimits& limits) {
  auto socket = Socket::connectTcp(m_address.host, m_address.port, limits);
  if (!socket.ok()) {
    return Status(socket.status().code(),
                  "cannot reach the adb server at " + m_address.toString() + ": " + socket.status().message());
  }
  return socket;
}

Status AdbServerClient::readStatus(Socket& socket, const std::string& what, const IoLimits& limits) {
  // Reads exactly the status (4 bytes, or FAIL + hex4 + message) so no reply payload is taken.
  SmartStatusParser parser;
  char head[8];
  Status s = socket.readExact(head, 4, limits);
  if (!s.ok()) return s.withContext(what + ": no reply from the adb server: ");
  RETURN_IF_ERROR(parser.feed(std::string_view(head, 4)).withContext(what));
  if (!parser.done()) {
    RETURN_IF_ERROR(socket.readExact(head + 4, 4, limits).withContext(what));
    RETURN_IF_ERROR(parser.feed(std::string_view(head + 4, 4)).withContext(what));
    ASSIGN_OR_RETURN(const uint32_t length, parseHexLength(std::string_view(head + 4, 4)));
    std::string message(length, '\0');
    RETURN_IF_ERROR(socket.readExact(message.data(), length, limits).withContext(what));
    RETURN_IF_ERROR(parser.feed(message).withContext(what));
  }
  if (!parser.okay()) return ioError(what + ": " + parser.failMessage());
  return okStatus();
}

StatusOr<std::string> AdbServerClient::readLengthPrefixed(Socket& socket, const std::string& what,
                                                          const IoLimits& limits) {
  char len[4];
  RETURN_IF_ERROR(socket.readExact(len, 4, limits).withContext(what));
  ASSIGN_OR_RETURN(const uint32_t length, parseHexLength(std::string_view(len, 4)));
  std::string payload(length, '\0');
  RETURN_IF_ERROR(socket.readExact(payload.data(), length, limits).withContext(what));
  return payload;
}

StatusOr<Socket> AdbServerClient::openHostRequest(const std::string& request, const IoLimits& limits) {
  ASSIGN_OR_RETURN(Socket socket, connect(limits));
  ASSIGN_OR_RETURN(const Bytes encoded, encodeSmartRequest(request));
  const std::string what = "adb server " + m_address.toString() + ", request '" + request + "'";
  RETURN_IF_ERROR(socket.writeAll(encoded, limits).withContext(what));
  RETURN_IF_ERROR(readStatus(socket, what, limits));
  return socket;
}

StatusOr<std::string> AdbServerClient::query(const std::string& request, const IoLimits& limits) {
  ASSIGN_OR_RETURN(Socket socket, openHostRequest(request, limits));
  return readLengthPrefixed(socket, "adb server, request '" + request + "'", limits);
}

StatusOr<uint32_t> AdbServerClient::version(const IoLimits& limits) {
  ASSIGN_OR_RETURN(const std::string reply, query("host:version", limits));
  return parseHexLength(reply);
}

StatusOr<std::vector<DeviceListEntry>> AdbServerClient::devices(const IoLimits& limits) {
  ASSIGN_OR_RETURN(const std::string reply, query("host:devices-l", limits));
  return parseDeviceList(reply);
}

Status AdbServerClient::trackDevices(const std::function<bool(const std::vector<DeviceListEntry>&)>& onChange,
                                     const IoLimits& limits) {
  ASSIGN_OR_RETURN(Socket socket, openHostRequest("host:track-devices", limits));
  IoLimits waitForever = limits;
  waitForever.timeout = std::chrono::milliseconds(0);
  for (;;) {
    ASSIGN_OR_RETURN(auto payload, readLengthPrefixed(socket, "adb server, track-devices", waitForever));
    if (!onChange(parseDeviceList(payload))) return okStatus();
  }
}

StatusOr<std::set<std::string>> AdbServerClient::features(const std::string& serial, const IoLimits& limits) {
  const std::string request = serial.empty() ? "host:features" : "host-serial:" + serial + ":features";
  ASSIGN_OR_RETURN(const std::string reply, query(request, limits));
  return parseFeatureList(reply);
}

StatusOr<std::string> AdbServerClient::connectDevice(const std::string& hostPort, const IoLimits& limits) {
  ASSIGN_OR_RETURN(std::string reply, query("host:connect:" + hostPort, limits));
  if (reply.rfind("connected to", 0) != 0 && reply.rfind("already connected", 0) != 0) {
    return ioError("adb server could not connect to " + hostPort + ": " + reply);
  }
  return reply;
}

StatusOr<std::string> AdbServerClient::disconnectDevice(const std::string& hostPort, const IoLimits& limits) {
  return query("host:disconnect:" + hostPort, limits);
}

// Forward requests answer OKAY (request accepted) OKAY (installed) [+ port for tcp:0].
StatusOr<uint16_t> AdbServerClient::readForwardReply(Socket& socket, const std::string& what, const IoLimits& limits) {
  RETURN_IF_ERROR(readStatus(socket, what, limits));
  // The port comes only for "tcp:0"; a short wait tells the two apart without a hang.
  IoLimits brief = limits;
  brief.timeout = std::chrono::milliseconds(200);
  char len[4];
  auto n = socket.readSome(len, 4, brief);
  if (!n.ok() || *n == 0) return static_cast<uint16_t>(0);
  if (*n < 4) RETURN_IF_ERROR(socket.readExact(len + *n, 4 - *n, limits));
  ASSIGN_OR_RETURN(const uint32_t length, parseHexLength(std::string_view(len, 4)));
  std::string port(length, '\0');
  RETURN_IF_ERROR(socket.readExact(port.data(), length, limits));
  return parsePort(port, what);
}

StatusOr<uint16_t> AdbServerClient::forward(const std::string& serial, const std::string& local,
                                            const std::string& remote, bool noRebind, const IoLimits& limits) {
  const std::string prefix = serial.empty() ? "host:" : "host-serial:" + serial + ":";
  const std::string request = prefix + (noRebind ? "forward:norebind:" : "forward:") + local + ";" + remote;
  ASSIGN_OR_RETURN(Socket socket, openHostRequest(request, limits));
  return readForwardReply(socket, "adb server, request '" + request + "'", limits);
}

StatusOr<std::vector<ForwardEntry>> AdbServerClient::listForwards(const IoLimits& limits) {
  ASSIGN_OR_RETURN(const std::string reply, query("host:list-forward", limits));
  return parseForwardList(reply);
}

Status AdbServerClient::removeForward(const std::string& serial, const std::string& local, const IoLimits& limits) {
  const std::string prefix = serial.empty() ? "host:" : "host-serial:" + serial + ":";
  const std::string request = prefix + "killforward:" + local;
  ASSIGN_OR_RETURN(Socket socket, openHostRequest(request, limits));
  return readStatus(socket, "adb server, request '" + request + "'", limits);
}

Status AdbServerClient::removeAllForwards(const std::string& serial, const IoLimits& limits) {
  const std::string prefix = serial.empty() ? "host:" : "host-serial:" + serial + ":";
  ASSIGN_OR_RETURN(Socket socket, openHostRequest(prefix + "killforward-all", limits));
  return okStatus();
}

StatusOr<Socket> AdbServerClient::openTransport(const std::string& serial, const IoLimits& limits) {
  const std::string request = serial.empty() ? "host:transport-any" : "host:transport:" + serial;
  ASSIGN_OR_RETURN(Socket socket, connect(limits));
  ASSIGN_OR_RETURN(const Bytes encoded, encodeSmartRequest(request));
  const std::string what = serial.empty() ? std::string("adb server: selecting the only device")
                                          : "adb server: selecting device '" + serial + "'";
  RETURN_IF_ERROR(socket.writeAll(encoded, limits).withContext(what));
  RETURN_IF_ERROR(readStatus(socket, what, limits));
  return socket;
}

StatusOr<std::unique_ptr<AdbStream>> AdbServerClient::openDeviceService(const std::string& serial,
                                                                        const std::string& service,
                                                                        const IoLimits& limits) {
  ASSIGN_OR_RETURN(Socket socket, openTransport(serial, limits));
  const std::string what = "device " + (serial.empty() ? std::string("(any)") : serial) + ", service '" + service + "'";
  ASSIGN_OR_RETURN(const Bytes encoded, encodeSmartRequest(service));
  RETURN_IF_ERROR(socket.writeAll(encoded, limits).withContext(what));
  RETURN_IF_ERROR(readStatus(socket, what, limits));
  return std::unique_ptr<AdbStream>(new ServerStream(std::move(socket), what));
}

std::unique_ptr<AdbDevice> AdbServerClient::device(const std::string& serial) {
  return std::make_unique<ServerDevice>(*this, serial);
}

namespace {

// A device service's own OKAY / FAIL+message (the reverse: service answers like the server).
Status readDeviceStatus(AdbStream& stream, const IoLimits& limits) {
  SmartStatusParser parser;
  char head[8];
  RETURN_IF_ERROR(stream.readExact(head, 4, limits));
  RETURN_IF_ERROR(parser.feed(std::string_view(head, 4)).withContext(stream.description()));
  if (!parser.done()) {
    RETURN_IF_ERROR(stream.readExact(head + 4, 4, limits));
    ASSIGN_OR_RETURN(const uint32_t length, parseHexLength(std::string_view(head + 4, 4)));
    std::string message(length, '\0');
    RETURN_IF_ERROR(stream.readExact(message.data(), length, limits));
    return ioError(stream.description() + ": " + message);
  }
  return okStatus();
}

}  // namespace

StatusOr<uint16_t> AdbServerClient::reverse(const std::string& serial, const std::string& remote,
                                            const std::string& local, bool noRebind, const IoLimits& limits) {
  const std::string service =
      std::string(noRebind ? "reverse:forward:norebind:" : "reverse:forward:") + remote + ";" + local;
  ASSIGN_OR_RETURN(auto stream, openDeviceService(serial, service, limits));
  RETURN_IF_ERROR(readDeviceStatus(*stream, limits));
  // The device adds the port it chose for "tcp:0", then closes the stream.
  ASSIGN_OR_RETURN(const Bytes rest, stream->readToEnd(limits));
  if (rest.size() < 4) return static_cast<uint16_t>(0);
  ASSIGN_OR_RETURN(const uint32_t length, parseHexLength(std::string_view(rest).substr(0, 4)));
  if (rest.size() < 4 + length) return invalidInput(stream->description() + ": truncated port reply");
  return parsePort(rest.substr(4, length), stream->description());
}

StatusOr<std::vector<ForwardEntry>> AdbServerClient::listReverses(const std::string& serial, const IoLimits& limits) {
  // The device answers list-forward with the length-prefixed list alone.
  ASSIGN_OR_RETURN(auto stream, openDeviceService(serial, "reverse:list-forward", limits));
  char len[4];
  RETURN_IF_ERROR(stream->readExact(len, 4, limits));
  ASSIGN_OR_RETURN(const uint32_t length, parseHexLength(std::string_view(len, 4)));
  std::string text(length, '\0');
  RETURN_IF_ERROR(stream->readExact(text.data(), length, limits));
  return parseForwardList(text);
}

Status AdbServerClient::removeReverse(const std::string& serial, const std::string& remote, const IoLimits& limits) {
  ASSIGN_OR_RETURN(auto stream, openDeviceService(serial, "reverse:killforward:" + remote, limits));
  return readDeviceStatus(*stream, limits);
}

Status AdbServerClient::removeAllReverses(const std::string& serial, const IoLimits& limits) {
  ASSIGN_OR_RETURN(auto stream, openDeviceService(serial, "reverse:killforward-all", limits));
  return readDeviceStatus(*stream, limits);
}

Status startAdbServer(const ServerAddress& address, const std::string& adbPath) {
  if (address.host != "localhost" && address.host != "127.0.0.1" && address.host != "::1") {
    return invalidInput("cannot start an adb server on remote host " + address.host);
  }
  const std::string port = std::to_string(address.port);
  std::vector<std::string> args = {adbPath, "-P", port, "start-server"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  const int rc = posix_spawnp(&pid, adbPath.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0)
    return notFound("no adb server at " + address.toString() + " and cannot run '" + adbPath + "' to start one");
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return ioError("'" + adbPath + " -P " + port + " start-server' failed (exit status " +
                   std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + "; its log is /tmp/adb.<uid>.log)");
  }
  return okStatus();
}

}  // namespace mxi::core::adb
