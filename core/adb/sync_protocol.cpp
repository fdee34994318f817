#include "core/adb/sync_protocol.h"

#include <charconv>

#include "core/adb/byte_order.h"

namespace mxi::core::adb {

std::string syncIdName(uint32_t id) {
  std::string name(4, '?');
  for (size_t i = 0; i < 4; ++i) {
    const char c = static_cast<char>((id >> (8 * i)) & 0xff);
    name[i] = (c >= 0x20 && c < 0x7f) ? c : '?';
  }
  return name;
}

static Bytes header(uint32_t id, uint32_t length) {
  Bytes out;
  out.reserve(kSyncHeaderSize);
  appendLe32(out, id);
  appendLe32(out, length);
  return out;
}

Bytes encodeSyncRequest(uint32_t id, std::string_view path) {
  Bytes out = header(id, static_cast<uint32_t>(path.size()));
  out.append(path);
  return out;
}

Bytes encodeSyncSend(std::string_view path, uint32_t mode) {
  return encodeSyncRequest(sync_id::kSend, std::string(path) + "," + std::to_string(mode));
}

Bytes encodeSyncDataHeader(uint32_t length) { return header(sync_id::kData, length); }
Bytes encodeSyncDone(uint32_t mtime) { return header(sync_id::kDone, mtime); }

Bytes encodeSyncStatV1(const SyncStat& s) {
  Bytes out = header(sync_id::kStat, s.mode);
  appendLe32(out, static_cast<uint32_t>(s.size));
  appendLe32(out, static_cast<uint32_t>(s.mtime));
  return out;
}

static void appendStatV2Body(Bytes& out, const SyncStat& s) {
  appendLe32(out, s.error);
  appendLe64(out, s.dev);
  appendLe64(out, s.ino);
  appendLe32(out, s.mode);
  appendLe32(out, s.nlink);
  appendLe32(out, s.uid);
  appendLe32(out, s.gid);
  appendLe64(out, s.size);
  appendLe64(out, static_cast<uint64_t>(s.atime));
  appendLe64(out, static_cast<uint64_t>(s.mtime));
  appendLe64(out, static_cast<uint64_t>(s.ctime));
}

Bytes encodeSyncStatV2(uint32_t id, const SyncStat& s) {
  Bytes out;
  appendLe32(out, id);
  appendStatV2Body(out, s);
  return out;
}

Bytes encodeSyncDentV1(const SyncDirEntry& e) {
  Bytes out = header(sync_id::kDent, e.stat.mode);
  appendLe32(out, static_cast<uint32_t>(e.stat.size));
  appendLe32(out, static_cast<uint32_t>(e.stat.mtime));
  appendLe32(out, static_cast<uint32_t>(e.name.size()));
  out += e.name;
  return out;
}

Bytes encodeSyncDentV2(const SyncDirEntry& e) {
  Bytes out;
  appendLe32(out, sync_id::kDentV2);
  appendStatV2Body(out, e.stat);
  appendLe32(out, static_cast<uint32_t>(e.name.size()));
  out += e.name;
  return out;
}

Bytes encodeSyncListDoneV1() {
  Bytes out = header(sync_id::kDone, 0);
  out.append(kSyncDentV1Size - kSyncHeaderSize, '\0');
  return out;
}

Bytes encodeSyncListDoneV2() {
  Bytes out = header(sync_id::kDone, 0);
  out.append(kSyncDentV2Size - kSyncHeaderSize, '\0');
  return out;
}

Bytes encodeSyncStatus(uint32_t id, std::string_view message) {
  Bytes out = header(id, static_cast<uint32_t>(message.size()));
  out.append(message);
  return out;
}

SyncHeader decodeSyncHeader(std::string_view b) { return {loadLe32(b.data()), loadLe32(b.data() + 4)}; }

SyncStat decodeSyncStatV1(std::string_view b) {
  SyncStat s;
  s.mode = loadLe32(b.data() + 4);
  s.size = loadLe32(b.data() + 8);
  s.mtime = loadLe32(b.data() + 12);
  if (s.mode == 0) s.error = 2;  // v1 cannot tell why; adbd zeroes everything for a missing file
  return s;
}

static SyncStat decodeStatV2Body(const char* p) {
  SyncStat s;
  s.error = loadLe32(p);
  s.dev = loadLe64(p + 4);
  s.ino = loadLe64(p + 12);
  s.mode = loadLe32(p + 20);
  s.nlink = loadLe32(p + 24);
  s.uid = loadLe32(p + 28);
  s.gid = loadLe32(p + 32);
  s.size = loadLe64(p + 36);
  s.atime = static_cast<int64_t>(loadLe64(p + 44));
  s.mtime = static_cast<int64_t>(loadLe64(p + 52));
  s.ctime = static_cast<int64_t>(loadLe64(p + 60));
  return s;
}

SyncStat decodeSyncStatV2(std::string_view b) { return decodeStatV2Body(b.data() + 4); }

SyncStat decodeSyncDentV1(std::string_view b, uint32_t& nameLength) {
  SyncStat s = decodeSyncStatV1(b.substr(0, kSyncStatV1Size));
  nameLength = loadLe32(b.data() + 16);
  return s;
}

SyncStat decodeSyncDentV2(std::string_view b, uint32_t& nameLength) {
  SyncStat s = decodeStatV2Body(b.data() + 4);
  nameLength = loadLe32(b.data() + 72);
  return s;
}

Status parseSyncSendTarget(std::string_view spec, std::string& path, uint32_t& mode) {
  const size_t comma = spec.rfind(',');
  if (comma == std::string_view::npos) {
    path = std::string(spec);
    mode = 0644;
    return okStatus();
  }
  path = std::string(spec.substr(0, comma));
  const std::string_view digits = spec.substr(comma + 1);
  const auto r = std::from_chars(digits.data(), digits.data() + digits.size(), mode);
  if (r.ec != std::errc() || r.ptr != digits.data() + digits.size()) {
    return invalidInput("bad mode '" + std::string(digits) + "' in sync SEND target", comma + 1);
  }
  return okStatus();
}

}  // namespace mxi::core::adb
