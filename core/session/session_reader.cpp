#include "core/session/session_reader.h"

#include "core/session/session_span.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <map>

#include "core/session/byte_codec.h"

namespace mxi::core::session {
namespace {

uint32_t crcOf(std::string_view bytes, uint32_t seed = 0) {
  return static_cast<uint32_t>(
      crc32(seed, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

constexpr uint32_t kMaxSummary = 16u << 20;
constexpr uint32_t kMaxPayload = 256u << 20;

}  // namespace

SessionReader::~SessionReader() {
  if (m_fd >= 0) ::close(m_fd);
}

bool SessionReader::readAt(uint64_t offset, size_t size, std::string& out) const {
  if (offset > m_size || size > m_size - offset) return false;
  out.resize(size);
  size_t done = 0;
  while (done < size) {
    const ssize_t n = ::pread(m_fd, out.data() + done, size - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

StatusOr<std::shared_ptr<const SessionReader>> SessionReader::open(const std::string& path) {
  std::shared_ptr<SessionReader> r(new SessionReader());
  r->m_path = path;
  r->m_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (r->m_fd < 0) {
    return errno == ENOENT ? notFound("no such file: " + path)
                           : ioError("cannot open " + path + ": " + std::strerror(errno));
  }
  struct stat st {};
  if (::fstat(r->m_fd, &st) != 0) return ioError("cannot stat " + path);
  r->m_size = static_cast<uint64_t>(st.st_size);
  r->m_recovery.fileBytes = r->m_size;
  RETURN_IF_ERROR(r->readHeader());
  if (!r->readIndexChain()) {
    r->m_blocks.clear();
    r->walkBlocks();
  }
  return std::shared_ptr<const SessionReader>(std::move(r));
}

Status SessionReader::readHeader() {
  std::string prefix;
  if (!readAt(0, kFileMagic.size() + 8, prefix) || !std::string_view(prefix).starts_with(kFileMagic)) {
    return invalidInput("not a Matrix Inspector session (.mxs): bad magic", 0);
  }
  ByteReader p(std::string_view(prefix).substr(kFileMagic.size()));
  m_header.formatVersion = p.u32();
  const uint32_t len = p.u32();
  if (m_header.formatVersion != kFormatVersion) {
    return invalidInput("session format version " + std::to_string(m_header.formatVersion) +
                            " is not supported (this mxi reads version " + std::to_string(kFormatVersion) + ")",
                        kFileMagic.size());
  }
  std::string all;
  if (len > (16u << 20) || !readAt(0, prefix.size() + len + 4, all)) {
    return invalidInput("session header is truncated", prefix.size());
  }
  const std::string_view body = std::string_view(all).substr(0, prefix.size() + len);
  ByteReader crc(std::string_view(all).substr(prefix.size() + len));
  if (crc.u32() != crcOf(body)) return invalidInput("session header CRC mismatch", prefix.size() + len);
  ByteReader f(body.substr(prefix.size()));
  const uint64_t n = f.varint();
  for (uint64_t i = 0; i < n && f.ok(); ++i) {
    const std::string key(f.str());
    const std::string value(f.str());
    auto toInt = [&](int64_t& out) { std::from_chars(value.data(), value.data() + value.size(), out); };
    if (key == "device")
      m_header.device = value;
    else if (key == "app")
      m_header.app = value;
    else if (key == "agentVersion")
      m_header.agentVersion = value;
    else if (key == "startTimeUnixMs")
      toInt(m_header.startTimeUnixMs);
    else if (key == "startMonotonicNs")
      toInt(m_header.startMonotonicNs);
    else if (key == "refreshHz")
      m_header.refreshHz = std::strtod(value.c_str(), nullptr);
    else
      m_header.extras.emplace_back(key, value);
  }
  if (!f.ok()) return invalidInput("session header fields are malformed", prefix.size());
  m_dataStart = prefix.size() + len + 4;
  return okStatus();
}

bool SessionReader::probeBlock(uint64_t offset, BlockInfo& info, bool& isIndex, bool checkPayload,
                               std::optional<HeaderFields>* header) const {
  std::string head;
  if (!readAt(offset, kBlockHeaderSize, head)) return false;
  ByteReader h(head);
  const uint32_t magic = h.u32(), summaryLen = h.u32(), payloadLen = h.u32(), rawLen = h.u32(), records = h.u32(),
                 kind = h.u32(), headerCrc = h.u32(), payloadCrc = h.u32();
  (void)rawLen;
  if (magic != kBlockMagic || summaryLen > kMaxSummary || payloadLen > kMaxPayload) return false;
  std::string summary;
  if (!readAt(offset + kBlockHeaderSize, summaryLen, summary)) return false;
  if (crcOf(summary, crcOf(std::string_view(head).substr(0, 24))) != headerCrc) return false;
  if (header) *header = HeaderFields{records, kind == static_cast<uint32_t>(BlockKind::kIndex)};  // trustworthy now
  const uint64_t length = kBlockHeaderSize + uint64_t{summaryLen} + payloadLen;
  if (length > m_size - offset) return false;
  if (checkPayload) {
    std::string payload;
    if (!readAt(offset + kBlockHeaderSize + summaryLen, payloadLen, payload) || crcOf(payload) != payloadCrc)
      return false;
  }
  isIndex = kind == static_cast<uint32_t>(BlockKind::kIndex);
  if (!isIndex && kind != static_cast<uint32_t>(BlockKind::kData)) return false;
  info.offset = offset;
  info.length = length;
  info.records = records;
  if (!isIndex) {
    auto decoded = BlockSummary::decode(summary);
    if (!decoded.ok()) return false;
    info.summary = std::move(decoded).value();
  }
  return true;
}

bool SessionReader::readIndexChain() {
  if (m_size < m_dataStart + kFooterSize) return false;
  std::string footer;
  if (!readAt(m_size - kFooterSize, kFooterSize, footer) || !std::string_view(footer).ends_with(kFooterMagic)) {
    return false;
  }
  uint64_t indexOffset = ByteReader(footer).u64();
  std::vector<std::vector<BlockInfo>> chunks;
  while (indexOffset != 0) {
    BlockInfo info;
    bool isIndex = false;
    if (indexOffset < m_dataStart || !probeBlock(indexOffset, info, isIndex, true, nullptr) || !isIndex) return false;
    std::string head, payload;
    readAt(indexOffset, kBlockHeaderSize, head);
    ByteReader h(head);
    h.u32();
    const uint32_t summaryLen = h.u32(), payloadLen = h.u32();
    if (!readAt(indexOffset + kBlockHeaderSize + summaryLen, payloadLen, payload)) return false;
    ByteReader p(payload);
    const uint64_t previous = p.u64();
    const uint64_t n = p.varint();
    if (!p.ok() || n > payload.size()) return false;
    std::vector<BlockInfo> entries;
    for (uint64_t i = 0; i < n; ++i) {
      BlockInfo b;
      b.offset = p.u64();
      b.length = p.varint();
      p.svarint();
      p.svarint();
      b.records = static_cast<uint32_t>(p.varint());
      auto summary = BlockSummary::decode(p.str());
      if (!p.ok() || !summary.ok() || b.offset < m_dataStart || b.offset >= indexOffset) return false;
      b.summary = std::move(summary).value();
      entries.push_back(std::move(b));
    }
    chunks.push_back(std::move(entries));
    if (previous >= indexOffset) return false;  // the chain must go backwards
    indexOffset = previous;
  }
  for (auto it = chunks.rbegin(); it != chunks.rend(); ++it) {
    for (auto& b : *it) m_blocks.push_back(std::move(b));
  }
  m_recovery.cleanClose = true;
  return true;
}

void SessionReader::walkBlocks() {
  // Damaged blocks wait for the walk's end, when the intact blocks around them are known.
  struct Pending {
    DamagedBlock block;
    size_t intactBefore = 0;  // m_blocks.size() when it was met
  };
  std::vector<Pending> damaged;
  std::string endNote = "no footer: the session was not closed (recording still running or interrupted)";
  uint64_t offset = m_dataStart;
  std::string window;
  const std::string magic = [] {
    std::string m;
    ByteWriter(m).u32(kBlockMagic);
    return m;
  }();
  while (offset < m_size) {
    if (m_size - offset == kFooterSize) {
      std::string footer;
      if (readAt(offset, kFooterSize, footer) && std::string_view(footer).ends_with(kFooterMagic)) {
        endNote = "footer found, but its index chain is damaged; blocks were walked";
        break;
      }
    }
    BlockInfo info;
    bool isIndex = false;
    if (probeBlock(offset, info, isIndex, true, nullptr)) {
      if (!isIndex) m_blocks.push_back(std::move(info));
      offset += info.length;
      continue;
    }
    // Damaged here: the records of this block are lost (its header may still tell how many).
    std::optional<HeaderFields> header;
    BlockInfo ignored;
    bool ignoredIndex = false;
    probeBlock(offset, ignored, ignoredIndex, false, &header);
    // Look for the next intact block (a damaged middle), else this is the torn tail. A damaged
    // length field is why the scan does not trust the header's lengths.
    uint64_t next = 0;
    for (uint64_t scan = offset + 1; scan < m_size && next == 0; scan += (1u << 20)) {
      if (!readAt(scan, static_cast<size_t>(std::min<uint64_t>((1u << 20) + 3, m_size - scan)), window)) break;
      for (size_t at = window.find(magic); at != std::string::npos; at = window.find(magic, at + 1)) {
        BlockInfo probe;
        bool probeIndex = false;
        if (probeBlock(scan + at, probe, probeIndex, true, nullptr)) {
          next = scan + at;
          break;
        }
      }
    }
    if (next == 0) {
      if (header) {
        m_recovery.lostRecords += header->records;
      } else {
        m_recovery.lostRecordsExact = false;
      }
      m_recovery.tornBytes = m_size - offset;
      endNote = "torn tail: " + std::to_string(m_size - offset) + " bytes at offset " + std::to_string(offset) +
                " are not a complete block" +
                (header ? " (" + std::to_string(header->records) + " records lost)" : std::string());
      break;
    }
    if (header && header->isIndex) {  // the index is only a shortcut: nothing is lost
      m_recovery.corruptBytes += next - offset;
      m_recovery.notes.push_back("damaged index block at byte offset " + std::to_string(offset) + ": skipped " +
                                 std::to_string(next - offset) + " bytes, no records lost");
    } else {
      DamagedBlock b;
      b.index = m_blocks.size() + damaged.size();
      b.offset = offset;
      b.bytes = next - offset;
      if (header) b.records = header->records;
      b.reason = header ? "payload CRC mismatch" : "header damaged";
      damaged.push_back({std::move(b), m_blocks.size()});
    }
    offset = next;
  }
  for (Pending& p : damaged) {
    if (p.intactBefore > 0) p.block.fromNs = m_blocks[p.intactBefore - 1].summary.lastTimeNs;
    if (p.intactBefore < m_blocks.size()) p.block.toNs = m_blocks[p.intactBefore].summary.firstTimeNs;
    m_recovery.addDamagedBlock(std::move(p.block), m_header.startMonotonicNs);
  }
  m_recovery.notes.push_back(std::move(endNote));  // after the damaged blocks: what the end of the file was
}

RecoveryReport SessionReader::recovery() const {
  RecoveryReport r = m_recovery;
  std::lock_guard lock(m_damageMutex);
  for (const DamagedBlock& b : m_foundDamaged) r.addDamagedBlock(b, m_header.startMonotonicNs);
  return r;
}

void SessionReader::noteDamaged(size_t index, const std::string& reason) const {
  const BlockInfo& b = m_blocks[index];
  DamagedBlock d;
  // Its place among all data blocks: the walk may have dropped damaged ones before it.
  d.index = index;
  for (const DamagedBlock& earlier : m_recovery.damagedBlocks) d.index += earlier.offset < b.offset ? 1 : 0;
  d.offset = b.offset;
  d.bytes = b.length;
  d.records = b.records;
  if (index > 0) d.fromNs = m_blocks[index - 1].summary.lastTimeNs;
  if (index + 1 < m_blocks.size()) d.toNs = m_blocks[index + 1].summary.firstTimeNs;
  d.reason = reason;
  std::lock_guard lock(m_damageMutex);
  for (const DamagedBlock& known : m_foundDamaged) {
    if (known.offset == d.offset) return;
  }
  m_foundDamaged.push_back(std::move(d));
}

uint64_t SessionReader::recordCount() const {
  uint64_t n = 0;
  for (const auto& b : m_blocks) n += b.records;
  return n;
}

Status SessionReader::readPayload(size_t index, std::string& payload, uint32_t& rawLen) const {
  if (index >= m_blocks.size()) return notFound("no block " + std::to_string(index));
  const BlockInfo& b = m_blocks[index];
  auto damaged = [&](const std::string& reason) {
    noteDamaged(index, reason);
    return invalidInput("block " + reason, b.offset);
  };
  std::string head;
  if (!readAt(b.offset, kBlockHeaderSize, head))
    return ioError("cannot read block at offset " + std::to_string(b.offset));
  ByteReader h(head);
  h.u32();
  const uint32_t summaryLen = h.u32(), payloadLen = h.u32();
  rawLen = h.u32();
  h.u32();
  h.u32();
  h.u32();
  const uint32_t payloadCrc = h.u32();
  // Behind a clean footer the index says how long the block is; a damaged length field says otherwise.
  if (kBlockHeaderSize + uint64_t{summaryLen} + payloadLen != b.length)
    return damaged("header does not match the index");
  if (rawLen > kMaxPayload || !readAt(b.offset + kBlockHeaderSize + summaryLen, payloadLen, payload)) {
    return damaged("payload is truncated");
  }
  if (crcOf(payload) != payloadCrc) return damaged("payload CRC mismatch");
  return okStatus();
}

StatusOr<std::vector<SessionRecord>> SessionReader::readBlock(size_t index, uint64_t* skippedUnknown) const {
  std::string payload;
  uint32_t rawLen = 0;
  RETURN_IF_ERROR(readPayload(index, payload, rawLen));
  const BlockInfo& b = m_blocks[index];
  std::string raw(rawLen, '\0');
  uLongf rawSize = rawLen;
  if (uncompress(reinterpret_cast<Bytef*>(raw.data()), &rawSize, reinterpret_cast<const Bytef*>(payload.data()),
                 static_cast<uLong>(payload.size())) != Z_OK ||
      rawSize != rawLen) {
    noteDamaged(index, "payload does not inflate");
    return invalidInput("block payload does not inflate", b.offset);
  }
  std::vector<SessionRecord> records;
  records.reserve(std::min<size_t>(b.records, raw.size() / 2));  // the count is untrusted
  uint64_t skipped = 0;
  const Status s = decodeRecords(raw, records, skipped);
  if (!s.ok()) {
    noteDamaged(index, s.message());
    return invalidInput(s.message() + " (block at offset " + std::to_string(b.offset) + ")", b.offset);
  }
  if (skippedUnknown) *skippedUnknown += skipped;
  return records;
}

StatusOr<std::vector<SessionRecord>> SessionReader::readBlockAround(size_t index, uint64_t* skippedUnknown) const {
  auto records = readBlock(index, skippedUnknown);
  if (!records.ok() && records.status().code() == StatusCode::kInvalidInput) return std::vector<SessionRecord>{};
  return records;
}

void SessionReader::checkPayloads() const {
  std::string payload;
  uint32_t rawLen = 0;
  for (size_t i = 0; i < m_blocks.size(); ++i) (void)readPayload(i, payload, rawLen);
}

Status SessionReader::forEachRecord(const std::function<bool(const SessionRecord&)>& visit) const {
  for (size_t i = 0; i < m_blocks.size(); ++i) {
    ASSIGN_OR_RETURN(auto records, readBlockAround(i));
    for (const auto& r : records) {
      if (!visit(r)) return okStatus();
    }
  }
  return okStatus();
}

StatusOr<std::vector<SessionRecord>> SessionReader::recordsOfType(RecordType type) const {
  std::vector<SessionRecord> out;
  const auto slot = static_cast<size_t>(type);
  for (size_t i = 0; i < m_blocks.size(); ++i) {
    if (slot >= m_blocks[i].summary.recordsByType.size() || m_blocks[i].summary.recordsByType[slot] == 0) continue;
    ASSIGN_OR_RETURN(std::vector<SessionRecord> records, readBlockAround(i));
    for (SessionRecord& r : records) {
      if (r.type == type) out.push_back(std::move(r));
    }
  }
  return out;
}

SessionSummary SessionReader::summarize() const {
  SessionSummary s;
  std::map<std::string, size_t> sceneIndex;
  bool first = true;
  std::optional<std::pair<int64_t, int64_t>> frames;
  for (const BlockInfo& b : m_blocks) {
    const BlockSummary& bs = b.summary;
    if (first || bs.firstTimeNs < s.firstTimeNs) s.firstTimeNs = bs.firstTimeNs;
    if (first || bs.lastTimeNs > s.lastTimeNs) s.lastTimeNs = bs.lastTimeNs;
    first = false;
    if (bs.hasFrameSpan) {
      frames =
          frames ? std::make_pair(std::min(frames->first, bs.framesFirstNs), std::max(frames->second, bs.framesLastNs))
                 : std::make_pair(bs.framesFirstNs, bs.framesLastNs);
    }
    s.records += b.records;
    const auto& n = bs.recordsByType;
    s.issues += n[static_cast<size_t>(RecordType::kIssue)];
    s.anrs += n[static_cast<size_t>(RecordType::kAnr)];
    s.marks += n[static_cast<size_t>(RecordType::kMark)];
    s.heapDumps += n[static_cast<size_t>(RecordType::kHeapDump)];
    s.sceneChanges += n[static_cast<size_t>(RecordType::kScene)];
    s.frameGaps += n[static_cast<size_t>(RecordType::kFrameGap)];
    s.memorySamples += n[static_cast<size_t>(RecordType::kMemory)];
    s.sqlOperations += n[static_cast<size_t>(RecordType::kSqlOperation)];
    s.startupRuns += n[static_cast<size_t>(RecordType::kStartupRun)];
    s.unknownRecords += n[0];
    for (const auto& scene : bs.scenes) {
      auto [it, inserted] = sceneIndex.try_emplace(scene.scene, s.scenes.size());
      if (inserted) s.scenes.emplace_back().scene = scene.scene;
      s.scenes[it->second].merge(scene);
      s.overall.merge(scene);
    }
  }
  s.frames = s.overall.frames;
  s.flaggedFrames = s.overall.flaggedFrames;
  const SessionSpan span = judgeSessionSpan({s.firstTimeNs, s.lastTimeNs}, frames);
  s.firstTimeNs = span.firstNs;
  s.lastTimeNs = span.lastNs;
  s.offClockNs = span.offClockNs;
  return s;
}

}  // namespace mxi::core::session
