// The file sync protocol ("sync:" service, SYNC.TXT / sync.md): 8-byte requests
// [id][u32 LE length] + path, DATA/DONE chunks, and fixed-size STAT/STA2/DENT/DNT2 replies.
// Encoders and decoders for both sides (client here, the simulator's device side).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/adb/adb_packet.h"
#include "core/base/status.h"

namespace mxi::core::adb {

namespace sync_id {
inline constexpr uint32_t kStat = makeId('S', 'T', 'A', 'T');    // lstat, v1 reply
inline constexpr uint32_t kStatV2 = makeId('S', 'T', 'A', '2');  // stat (follows links), v2 reply
inline constexpr uint32_t kLstatV2 = makeId('L', 'S', 'T', '2');
inline constexpr uint32_t kList = makeId('L', 'I', 'S', 'T');
inline constexpr uint32_t kListV2 = makeId('L', 'I', 'S', '2');
inline constexpr uint32_t kDent = makeId('D', 'E', 'N', 'T');
inline constexpr uint32_t kDentV2 = makeId('D', 'N', 'T', '2');
inline constexpr uint32_t kSend = makeId('S', 'E', 'N', 'D');
inline constexpr uint32_t kRecv = makeId('R', 'E', 'C', 'V');
inline constexpr uint32_t kData = makeId('D', 'A', 'T', 'A');
inline constexpr uint32_t kDone = makeId('D', 'O', 'N', 'E');
inline constexpr uint32_t kOkay = makeId('O', 'K', 'A', 'Y');
inline constexpr uint32_t kFail = makeId('F', 'A', 'I', 'L');
inline constexpr uint32_t kQuit = makeId('Q', 'U', 'I', 'T');
}  // namespace sync_id

inline constexpr size_t kSyncHeaderSize = 8;
inline constexpr size_t kSyncStatV1Size = 16;  // id mode size mtime
inline constexpr size_t kSyncStatV2Size = 72;  // id error dev ino mode nlink uid gid size atime mtime ctime
inline constexpr size_t kSyncDentV1Size = 20;  // id mode size mtime namelen (+ name)
inline constexpr size_t kSyncDentV2Size = 76;  // stat v2 + namelen (+ name)
inline constexpr uint32_t kSyncDataMax = 64 * 1024;
inline constexpr uint32_t kSyncPathMax = 1024;

// What STAT/STA2/LST2/DENT/DNT2 report. v1 replies fill mode, size and mtime only.
struct SyncStat {
  uint32_t error = 0;  // errno on the device; 0 = found (v1: mode == 0 means not found)
  uint64_t dev = 0;
  uint64_t ino = 0;
  uint32_t mode = 0;
  uint32_t nlink = 0;
  uint32_t uid = 0;
  uint32_t gid = 0;
  uint64_t size = 0;
  int64_t atime = 0;
  int64_t mtime = 0;
  int64_t ctime = 0;

  bool exists() const { return error == 0 && mode != 0; }
  bool isDirectory() const { return (mode & 0170000) == 0040000; }
  bool isRegular() const { return (mode & 0170000) == 0100000; }
};

struct SyncDirEntry {
  std::string name;
  SyncStat stat;
};

struct SyncHeader {
  uint32_t id = 0;
  uint32_t length = 0;
};

std::string syncIdName(uint32_t id);

// Requests (client → device).
Bytes encodeSyncRequest(uint32_t id, std::string_view path);  // STAT STA2 LST2 LIST LIS2 RECV QUIT
Bytes encodeSyncSend(std::string_view path, uint32_t mode);   // SEND "path,mode"
Bytes encodeSyncDataHeader(uint32_t length);                  // DATA header; the data follows
Bytes encodeSyncDone(uint32_t mtime);                         // DONE (the length field carries mtime)

// Replies (device → client).
Bytes encodeSyncStatV1(const SyncStat& s);
Bytes encodeSyncStatV2(uint32_t id, const SyncStat& s);  // id: STA2 or LST2
Bytes encodeSyncDentV1(const SyncDirEntry& e);
Bytes encodeSyncDentV2(const SyncDirEntry& e);
Bytes encodeSyncListDoneV1();
Bytes encodeSyncListDoneV2();
Bytes encodeSyncStatus(uint32_t id, std::string_view message);  // OKAY, FAIL + message, DONE

// Decoders of fixed-size parts; `bytes` must have exactly the size named above.
SyncHeader decodeSyncHeader(std::string_view bytes);
SyncStat decodeSyncStatV1(std::string_view bytes);
SyncStat decodeSyncStatV2(std::string_view bytes);
// DENT/DNT2 fixed part; returns the stat and sets nameLength.
SyncStat decodeSyncDentV1(std::string_view bytes, uint32_t& nameLength);
SyncStat decodeSyncDentV2(std::string_view bytes, uint32_t& nameLength);

// "path,mode" of a SEND request → path and mode (mode 0644 when absent, as adbd does).
Status parseSyncSendTarget(std::string_view spec, std::string& path, uint32_t& mode);

}  // namespace mxi::core::adb
