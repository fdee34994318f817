#include "core/adb/adb_connection.h"

#include <algorithm>
#include <atomic>
#include <deque>

namespace mxi::core::adb {

struct AdbConnection::StreamState {
  enum class Phase { kOpening, kOpen, kClosed };
  uint32_t localId = 0;
  uint32_t remoteId = 0;
  std::string service;
  Phase phase = Phase::kOpening;
  bool refused = false;     // CLSE in answer to our OPEN
  bool peerClosed = false;  // CLSE after OKAY
  bool canWrite = false;    // the peer acknowledged our last WRTE
  std::deque<Bytes> inbound;
  size_t frontOffset = 0;
  bool frontAcked = false;
  std::condition_variable cv;
};

struct AdbConnection::ReaderState {
  std::unique_ptr<PacketLink> link;
  CancelToken stop;
  std::atomic<bool> ownerGone{false};
};

class AdbConnection::MuxStream final : public AdbStream {
 public:
  MuxStream(std::shared_ptr<AdbConnection> connection, std::shared_ptr<StreamState> state)
      : m_connection(std::move(connection)),
        m_state(std::move(state)),
        m_description("peer " + m_connection->m_peerName + ", service '" + m_state->service + "'") {}
  ~MuxStream() override { close(); }

  StatusOr<size_t> read(char* buffer, size_t size, const IoLimits& limits) override {
    AdbConnection& c = *m_connection;
    std::unique_lock lock(c.m_mutex);
    StreamState& s = *m_state;
    const Status waited = c.waitLocked(
        lock, s.cv, limits,
        [&] { return !s.inbound.empty() || s.peerClosed || s.phase == StreamState::Phase::kClosed; },
        "waiting for data");
    if (!s.inbound.empty()) {
      const bool ack = !s.frontAcked;
      s.frontAcked = true;
      Bytes& front = s.inbound.front();
      const size_t n = std::min(size, front.size() - s.frontOffset);
      std::copy_n(front.data() + s.frontOffset, n, buffer);
      s.frontOffset += n;
      if (s.frontOffset == front.size()) {
        s.inbound.pop_front();
        s.frontOffset = 0;
        s.frontAcked = false;
      }
      const uint32_t local = s.localId, remote = s.remoteId;
      const bool peerGone = s.peerClosed;
      lock.unlock();
      // Acknowledge as soon as a packet is being consumed so the peer can send the next one.
      if (ack && !peerGone) (void)c.send(cmd::kOkay, local, remote, {});
      return n;
    }
    if (s.peerClosed || s.phase == StreamState::Phase::kClosed) return static_cast<size_t>(0);
    return waited.withContext(description());
  }

  Status write(std::string_view data, const IoLimits& limits) override {
    AdbConnection& c = *m_connection;
    while (!data.empty()) {
      const size_t n = std::min<size_t>(data.size(), c.m_peerMaxPayload);
      uint32_t local = 0, remote = 0;
      {
        std::unique_lock lock(c.m_mutex);
        StreamState& s = *m_state;
        Status waited = c.waitLocked(
            lock, s.cv, limits, [&] { return s.canWrite || s.peerClosed || s.phase == StreamState::Phase::kClosed; },
            "waiting for the peer to accept data");
        if (s.peerClosed || s.phase == StreamState::Phase::kClosed) {
          return ioError(description() + ": stream closed by the peer");
        }
        if (!waited.ok()) return waited.withContext(description());
        s.canWrite = false;
        local = s.localId;
        remote = s.remoteId;
      }
      RETURN_IF_ERROR(c.send(cmd::kWrte, local, remote, data.substr(0, n)).withContext(description()));
      data.remove_prefix(n);
    }
    return okStatus();
  }

  void close() override {
    AdbConnection& c = *m_connection;
    bool sendClose = false;
    uint32_t local = 0, remote = 0;
    {
      std::lock_guard lock(c.m_mutex);
      StreamState& s = *m_state;
      if (s.phase == StreamState::Phase::kClosed) return;
      sendClose = !s.peerClosed && c.m_failure.ok();
      s.phase = StreamState::Phase::kClosed;
      local = s.localId;
      remote = s.remoteId;
      c.m_streams.erase(s.localId);
      s.cv.notify_all();  // wakes a reader blocked on another thread
    }
    if (sendClose) (void)c.send(cmd::kClse, local, remote, {});
  }

  std::string description() const override { return m_description; }

 private:
  std::shared_ptr<AdbConnection> m_connection;
  std::shared_ptr<StreamState> m_state;
  std::string m_description;
};

std::shared_ptr<AdbConnection> AdbConnection::start(std::unique_ptr<PacketLink> link, uint32_t peerMaxPayload,
                                                    std::string peerName, OpenHandler onOpen) {
  std::shared_ptr<AdbConnection> c(
      new AdbConnection(std::move(link), peerMaxPayload, std::move(peerName), std::move(onOpen)));
  c->m_readerThread = std::thread(&AdbConnection::readerLoop, c->m_reader, c.get());
  return c;
}

AdbConnection::AdbConnection(std::unique_ptr<PacketLink> link, uint32_t peerMaxPayload, std::string peerName,
                             OpenHandler onOpen)
    : m_reader(std::make_shared<ReaderState>()),
      m_peerMaxPayload(std::max<uint32_t>(peerMaxPayload, 256)),
      m_peerName(std::move(peerName)),
      m_onOpen(std::move(onOpen)) {
  m_reader->link = std::move(link);
}

AdbConnection::~AdbConnection() {
  m_reader->ownerGone = true;
  shutdown();
}

void AdbConnection::shutdown() {
  // Record why first, so streams report a closed connection rather than the reader's cancel.
  fail(ioError("connection to " + m_peerName + " closed"));
  m_reader->stop.cancel();
  if (m_readerThread.joinable()) {
    if (m_readerThread.get_id() == std::this_thread::get_id()) {
      m_readerThread.detach();  // last owner let go inside a callback: the loop sees ownerGone
    } else {
      m_readerThread.join();
    }
  }
}

Status AdbConnection::health() const {
  std::lock_guard lock(m_mutex);
  return m_failure;
}

size_t AdbConnection::openStreamCount() const {
  std::lock_guard lock(m_mutex);
  return m_streams.size();
}

void AdbConnection::fail(const Status& why) {
  std::lock_guard lock(m_mutex);
  if (m_failure.ok()) m_failure = why;
  for (auto& [id, s] : m_streams) s->cv.notify_all();
}

Status AdbConnection::send(uint32_t command, uint32_t arg0, uint32_t arg1, std::string_view payload) {
  std::lock_guard lock(m_writeMutex);
  {
    std::lock_guard stateLock(m_mutex);
    if (!m_failure.ok()) return m_failure;
  }
  // Writes can stall only when the peer stops reading; bound that, and let shutdown() end it.
  const Status s = m_reader->link->writePacket(command, arg0, arg1, payload,
                                               IoLimits{std::chrono::milliseconds(30000), &m_reader->stop});
  if (!s.ok()) fail(s);
  return s;
}

Status AdbConnection::waitLocked(std::unique_lock<std::mutex>& lock, std::condition_variable& cv,
                                 const IoLimits& limits, const std::function<bool()>& ready, const std::string& what) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = limits.unbounded() ? Clock::time_point::max() : Clock::now() + limits.timeout;
  while (!ready()) {
    if (!m_failure.ok()) return m_failure;
    if (limits.cancelled()) return cancelled();
    const auto now = Clock::now();
    if (now >= deadline) return timedOut("timed out after " + std::to_string(limits.timeout.count()) + " ms " + what);
    auto until = now + kCancelPollSlice;
    if (deadline < until) until = deadline;
    cv.wait_until(lock, until);
  }
  return okStatus();
}

StatusOr<std::unique_ptr<AdbStream>> AdbConnection::openStream(const std::string& service, const IoLimits& limits) {
  auto state = std::make_shared<StreamState>();
  state->service = service;
  {
    std::lock_guard lock(m_mutex);
    if (!m_failure.ok()) return m_failure.withContext("peer " + m_peerName + ", service '" + service + "'");
    state->localId = m_nextId++;
    m_streams[state->localId] = state;
  }
  std::string payload = service;
  payload.push_back('\0');
  const std::string what = "peer " + m_peerName + ", service '" + service + "'";
  RETURN_IF_ERROR(send(cmd::kOpen, state->localId, 0, payload).withContext(what));
  std::unique_lock lock(m_mutex);
  const Status waited = waitLocked(
      lock, state->cv, limits, [&] { return state->phase != StreamState::Phase::kOpening; },
      "waiting for OPEN to be accepted");
  if (state->refused) {
    m_streams.erase(state->localId);
    return notFound(what + ": the device refused the service (closed)");
  }
  if (!waited.ok()) {
    m_streams.erase(state->localId);
    return waited.withContext(what);
  }
  lock.unlock();
  return std::unique_ptr<AdbStream>(new MuxStream(shared_from_this(), state));
}

void AdbConnection::readerLoop(std::shared_ptr<ReaderState> reader, AdbConnection* self) {
  for (;;) {
    auto packet = reader->link->readPacket(IoLimits{std::chrono::milliseconds(0), &reader->stop});
    if (reader->ownerGone) return;
    if (!packet.ok()) {
      self->fail(packet.status());
      return;
    }
    self->dispatch(std::move(*packet));
    if (reader->ownerGone) return;
  }
}

void AdbConnection::dispatch(AdbPacket p) {
  switch (p.command) {
    case cmd::kOkay: {
      std::lock_guard lock(m_mutex);
      auto it = m_streams.find(p.arg1);
      if (it == m_streams.end()) return;
      StreamState& s = *it->second;
      if (s.phase == StreamState::Phase::kOpening) {
        s.remoteId = p.arg0;
        s.phase = StreamState::Phase::kOpen;
      }
      s.canWrite = true;
      s.cv.notify_all();
      return;
    }
    case cmd::kWrte: {
      {
        std::lock_guard lock(m_mutex);
        auto it = m_streams.find(p.arg1);
        if (it != m_streams.end() && it->second->phase == StreamState::Phase::kOpen) {
          it->second->inbound.push_back(std::move(p.payload));
          it->second->cv.notify_all();
          return;
        }
      }
      (void)send(cmd::kClse, 0, p.arg0, {});  // data for a stream we do not know
      return;
    }
    case cmd::kClse: {
      std::lock_guard lock(m_mutex);
      auto it = m_streams.find(p.arg1);
      if (it == m_streams.end()) return;
      StreamState& s = *it->second;
      if (s.phase == StreamState::Phase::kOpening) s.refused = true;
      s.peerClosed = true;
      s.phase = s.phase == StreamState::Phase::kOpening ? StreamState::Phase::kClosed : s.phase;
      s.cv.notify_all();
      m_streams.erase(it);
      return;
    }
    case cmd::kOpen: {
      std::string service = p.payload;
      if (const size_t nul = service.find('\0'); nul != std::string::npos) service.resize(nul);
      StreamRunner runner = m_onOpen ? m_onOpen(service) : StreamRunner();
      if (!runner) {
        (void)send(cmd::kClse, 0, p.arg0, {});
        return;
      }
      auto state = std::make_shared<StreamState>();
      state->service = service;
      state->remoteId = p.arg0;
      state->phase = StreamState::Phase::kOpen;
      state->canWrite = true;
      {
        std::lock_guard lock(m_mutex);
        state->localId = m_nextId++;
        m_streams[state->localId] = state;
      }
      if (!send(cmd::kOkay, state->localId, state->remoteId, {}).ok()) return;
      runner(std::unique_ptr<AdbStream>(new MuxStream(shared_from_this(), state)));
      return;
    }
    default: return;  // CNXN/AUTH repeats and SYNC are not expected here; adbd ignores them too
  }
}

}  // namespace mxi::core::adb
