#include "core/session/session_writer.h"

#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstring>

#include "core/session/byte_codec.h"

namespace mxi::core::session {

namespace {

Status errnoStatus(const std::string& what, const std::string& path) {
  return ioError(what + " " + path + ": " + std::strerror(errno));
}

}  // namespace

SessionWriter::SessionWriter(int fd, std::string path, WriterOptions options)
    : m_fd(fd), m_path(std::move(path)), m_options(options) {}

SessionWriter::~SessionWriter() {
  if (!m_closed) (void)close();
}

StatusOr<std::unique_ptr<SessionWriter>> SessionWriter::create(const std::string& path, const SessionHeader& header,
                                                               const WriterOptions& options) {
  if (options.blockBytes < 1024 || options.blockBytes > (64u << 20)) {
    return invalidInput("block size must be between 1 KiB and 64 MiB");
  }
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return errnoStatus("cannot create", path);
  std::unique_ptr<SessionWriter> w(new SessionWriter(fd, path, options));
  std::string fields;
  ByteWriter f(fields);
  std::vector<std::pair<std::string, std::string>> kv = {
      {"device", header.device},
      {"app", header.app},
      {"agentVersion", header.agentVersion},
      {"startTimeUnixMs", std::to_string(header.startTimeUnixMs)},
      {"startMonotonicNs", std::to_string(header.startMonotonicNs)},
      {"refreshHz", std::to_string(header.refreshHz)},
  };
  for (const auto& e : header.extras) kv.push_back(e);
  f.varint(kv.size());
  for (const auto& [k, v] : kv) {
    f.str(k);
    f.str(v);
  }
  std::string bytes(kFileMagic);
  ByteWriter h(bytes);
  h.u32(kFormatVersion);
  h.u32(static_cast<uint32_t>(fields.size()));
  bytes += fields;
  h.u32(static_cast<uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size()))));
  RETURN_IF_ERROR(w->writeAll(bytes));
  return w;
}

Status SessionWriter::writeAll(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(m_fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return errnoStatus("cannot write", m_path);
    }
    bytes.remove_prefix(static_cast<size_t>(n));
    m_offset += static_cast<uint64_t>(n);
  }
  return okStatus();
}

Status SessionWriter::sync() {
  if (::fdatasync(m_fd) != 0) return errnoStatus("cannot sync", m_path);
  return okStatus();
}

Status SessionWriter::writeBlock(BlockKind kind, std::string_view summary, std::string_view payload, uint32_t rawLen,
                                 uint32_t records) {
  std::string head;
  head.reserve(kBlockHeaderSize + summary.size());
  ByteWriter h(head);
  h.u32(kBlockMagic);
  h.u32(static_cast<uint32_t>(summary.size()));
  h.u32(static_cast<uint32_t>(payload.size()));
  h.u32(rawLen);
  h.u32(records);
  h.u32(static_cast<uint32_t>(kind));
  uLong headerCrc = crc32(0, reinterpret_cast<const Bytef*>(head.data()), static_cast<uInt>(head.size()));
  if (!summary.empty()) {  // zlib's crc32 with a null buffer returns 0, not the running CRC
    headerCrc = crc32(headerCrc, reinterpret_cast<const Bytef*>(summary.data()), static_cast<uInt>(summary.size()));
  }
  h.u32(static_cast<uint32_t>(headerCrc));
  h.u32(static_cast<uint32_t>(
      crc32(0, reinterpret_cast<const Bytef*>(payload.data()), static_cast<uInt>(payload.size()))));
  head.append(summary);
  // One write per block keeps a torn write to the block's own bytes.
  head.append(payload);
  RETURN_IF_ERROR(writeAll(head));
  if (m_options.fsync == FsyncPolicy::kEveryBlock) RETURN_IF_ERROR(sync());
  return okStatus();
}

Status SessionWriter::writeDataBlock() {
  if (m_blockRecords == 0) return okStatus();
  uLongf bound = compressBound(static_cast<uLong>(m_payload.size()));
  m_compressed.resize(bound);
  if (compress2(reinterpret_cast<Bytef*>(m_compressed.data()), &bound, reinterpret_cast<const Bytef*>(m_payload.data()),
                static_cast<uLong>(m_payload.size()), m_options.zlibLevel) != Z_OK) {
    return internalError("zlib compress2 failed");
  }
  m_compressed.resize(bound);
  std::string summary;
  m_summary.encode(summary);
  const uint64_t offset = m_offset;
  RETURN_IF_ERROR(
      writeBlock(BlockKind::kData, summary, m_compressed, static_cast<uint32_t>(m_payload.size()), m_blockRecords));
  m_pendingIndex.push_back(
      {offset, m_offset - offset, m_summary.firstTimeNs, m_summary.lastTimeNs, m_blockRecords, std::move(summary)});
  m_payload.clear();
  m_previousTimeNs = 0;
  m_blockRecords = 0;
  m_summary = BlockSummary{};
  m_summary.initialScene = m_currentScene;
  m_currentSceneIndex = SIZE_MAX;
  if (m_pendingIndex.size() >= m_options.indexInterval) RETURN_IF_ERROR(writeIndexBlock());
  return okStatus();
}

// Index payload: u64 previous index offset, then per data block: offset, length, times, records
// and its summary. Following the chain back from the footer summarizes a file in few reads.
Status SessionWriter::writeIndexBlock(bool evenEmpty) {
  if (m_pendingIndex.empty() && !evenEmpty) return okStatus();
  std::string payload;
  ByteWriter p(payload);
  p.u64(m_lastIndexOffset);
  p.varint(m_pendingIndex.size());
  for (const IndexEntry& e : m_pendingIndex) {
    p.u64(e.offset);
    p.varint(e.length);
    p.svarint(e.firstTimeNs);
    p.svarint(e.lastTimeNs);
    p.varint(e.records);
    p.str(e.summary);
  }
  const uint64_t offset = m_offset;
  RETURN_IF_ERROR(writeBlock(BlockKind::kIndex, {}, payload, static_cast<uint32_t>(payload.size()), 0));
  m_lastIndexOffset = offset;
  m_pendingIndex.clear();
  return okStatus();
}

void SessionWriter::noteRecord(const SessionRecord& rec) {
  if (m_blockRecords == 0 || rec.timeNs < m_summary.firstTimeNs) m_summary.firstTimeNs = rec.timeNs;
  const int64_t end = recordEndNs(rec);
  if (m_blockRecords == 0 || end > m_summary.lastTimeNs) m_summary.lastTimeNs = end;
  const auto type = static_cast<size_t>(rec.type);
  ++m_summary.recordsByType[type < m_summary.recordsByType.size() ? type : 0];
  if (rec.type == RecordType::kScene) {
    m_currentScene = rec.text;
    m_currentSceneIndex = SIZE_MAX;
  } else if (rec.type == RecordType::kFrame) {
    if (m_currentSceneIndex == SIZE_MAX) {
      for (size_t i = 0; i < m_summary.scenes.size(); ++i) {
        if (m_summary.scenes[i].scene == m_currentScene) m_currentSceneIndex = i;
      }
      if (m_currentSceneIndex == SIZE_MAX) {
        m_summary.scenes.emplace_back().scene = m_currentScene;
        m_currentSceneIndex = m_summary.scenes.size() - 1;
      }
    }
    m_summary.scenes[m_currentSceneIndex].add(rec.frame, m_options.thresholds);
  }
  if (anchorsTheClock(rec.type)) {
    if (!m_summary.hasFrameSpan || rec.timeNs < m_summary.framesFirstNs) m_summary.framesFirstNs = rec.timeNs;
    if (!m_summary.hasFrameSpan || end > m_summary.framesLastNs) m_summary.framesLastNs = end;
    m_summary.hasFrameSpan = true;
  }
  ++m_blockRecords;
  ++m_records;
}

Status SessionWriter::append(const SessionRecord& rec) {
  if (m_closed) return internalError("append to a closed session writer");
  encodeRecord(rec, m_previousTimeNs, m_payload);
  noteRecord(rec);
  if (m_payload.size() >= m_options.blockBytes) return writeDataBlock();
  return okStatus();
}

Status SessionWriter::appendFrame(const framestats::Frame& frame) {
  SessionRecord r;
  r.type = RecordType::kFrame;
  r.timeNs = frame.startNs;
  r.frame = frame;
  return append(r);
}

Status SessionWriter::appendSceneChange(int64_t t, std::string_view scene) {
  return append(textRecord(RecordType::kScene, t, std::string(scene)));
}
Status SessionWriter::appendIssue(int64_t t, std::string_view json) {
  return append(textRecord(RecordType::kIssue, t, std::string(json)));
}
Status SessionWriter::appendAnr(int64_t t, std::string_view text) {
  return append(textRecord(RecordType::kAnr, t, std::string(text)));
}
Status SessionWriter::appendMark(int64_t t, std::string_view label) {
  return append(textRecord(RecordType::kMark, t, std::string(label)));
}
Status SessionWriter::appendHeapDump(int64_t t, std::string_view path, std::string_view reason) {
  SessionRecord r = textRecord(RecordType::kHeapDump, t, std::string(path));
  r.detail = std::string(reason);
  return append(r);
}

Status SessionWriter::appendMemory(const meminfo::MemorySample& sample) {
  SessionRecord r;
  r.type = RecordType::kMemory;
  r.timeNs = sample.timeNs;
  r.memory = sample;
  return append(r);
}

Status SessionWriter::flush() {
  if (m_closed) return okStatus();
  RETURN_IF_ERROR(writeDataBlock());
  if (m_options.fsync != FsyncPolicy::kNever) RETURN_IF_ERROR(sync());
  return okStatus();
}

Status SessionWriter::close() {
  if (m_closed) return okStatus();
  Status status = writeDataBlock();
  // A session without records still gets an (empty) index, so that its footer says it was
  // closed: a recording that captured nothing is complete, not torn.
  if (status.ok()) status = writeIndexBlock(m_lastIndexOffset == 0);
  if (status.ok()) {
    std::string footer;
    ByteWriter f(footer);
    f.u64(m_lastIndexOffset);
    footer += kFooterMagic;
    status = writeAll(footer);
  }
  if (status.ok() && m_options.fsync != FsyncPolicy::kNever) status = sync();
  m_closed = true;
  if (::close(m_fd) != 0 && status.ok()) status = errnoStatus("cannot close", m_path);
  m_fd = -1;
  return status;
}

}  // namespace mxi::core::session
