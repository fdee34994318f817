// Streams multiplexed over one ADB transport link (OPEN/OKAY/WRTE/CLSE, one WRTE in flight
// per stream and direction, acknowledged by OKAY). Used by both ends: the host side of a
// direct USB/TCP connection and the device side in the simulator.
//
// One reader thread per connection dispatches packets to streams; it is the only thread this
// library starts, because packets for all streams arrive interleaved on one link and must be
// drained even while no caller is reading (see docs/ARCHITECTURE.md). shutdown() joins it.
#pragma once

#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "core/adb/adb_stream.h"
#include "core/adb/packet_link.h"

namespace mxi::core::adb {

class AdbConnection : public std::enable_shared_from_this<AdbConnection> {
 public:
  // Decides about an OPEN from the peer: returns the code that serves the accepted stream
  // (called on the reader thread; it must hand the stream to its own thread and return), or
  // an empty function to refuse (the peer gets CLSE, as adbd does for unknown services).
  using StreamRunner = std::function<void(std::unique_ptr<AdbStream>)>;
  using OpenHandler = std::function<StreamRunner(const std::string& service)>;

  // `peerMaxPayload`: the largest payload the peer accepts (from its CNXN).
  static std::shared_ptr<AdbConnection> start(std::unique_ptr<PacketLink> link, uint32_t peerMaxPayload,
                                              std::string peerName, OpenHandler onOpen = {});
  ~AdbConnection();
  AdbConnection(const AdbConnection&) = delete;
  AdbConnection& operator=(const AdbConnection&) = delete;

  StatusOr<std::unique_ptr<AdbStream>> openStream(const std::string& service, const IoLimits& limits);
  // Stops the reader and fails every stream; idempotent.
  void shutdown();
  // Ok while the link works; the reason it failed otherwise.
  Status health() const;
  const std::string& peerName() const { return m_peerName; }
  size_t openStreamCount() const;

 private:
  struct StreamState;
  struct ReaderState;
  class MuxStream;
  friend class MuxStream;

  AdbConnection(std::unique_ptr<PacketLink> link, uint32_t peerMaxPayload, std::string peerName, OpenHandler onOpen);
  static void readerLoop(std::shared_ptr<ReaderState> reader, AdbConnection* self);
  void dispatch(AdbPacket packet);
  Status send(uint32_t command, uint32_t arg0, uint32_t arg1, std::string_view payload);
  void fail(const Status& why);
  // Waits on `cv` until `ready()` holds, the connection dies, the timeout or the cancel.
  Status waitLocked(std::unique_lock<std::mutex>& lock, std::condition_variable& cv, const IoLimits& limits,
                    const std::function<bool()>& ready, const std::string& what);

  // Shared with the reader thread, which may outlive this object by a moment when the last
  // owner lets go inside a callback on that thread (then it stops without touching `this`).
  std::shared_ptr<ReaderState> m_reader;
  const uint32_t m_peerMaxPayload;
  const std::string m_peerName;
  OpenHandler m_onOpen;

  mutable std::mutex m_mutex;
  std::map<uint32_t, std::shared_ptr<StreamState>> m_streams;
  uint32_t m_nextId = 1;
  Status m_failure;  // set once the link broke or shutdown() ran

  std::mutex m_writeMutex;
  std::thread m_readerThread;
};

}  // namespace mxi::core::adb
