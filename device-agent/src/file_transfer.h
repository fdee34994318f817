// A file on the phone sent to the desktop as one transfer: HeapDumpBegin, independently
// zlib-compressed chunks, HeapDumpEnd with the CRC (heap dumps and method traces alike).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

#include "core/base/status.h"
#include "core/protocol/messages.h"

namespace mxi::agent {

inline constexpr uint32_t kTransferChunkRawBytes = 256 * 1024;

// Waits until `path` exists and its size has not changed for `stableMs`: apps write heap dumps
// and traces after `am` returned. Returns the size; `what` names the file in the error.
core::StatusOr<uint64_t> waitUntilStable(const std::string& path, int stableMs, std::chrono::milliseconds timeout,
                                         const std::string& what);

// Streams `path` for `requestId` and removes it from the phone as soon as it is open. `send`
// returns false when the client is gone (→ cancelled). `flags` and `originalBytes` go into
// HeapDumpBegin (0: the file's size).
core::Status streamFile(const std::string& path, uint32_t requestId, int32_t pid, uint32_t flags,
                        uint64_t originalBytes, const std::function<bool(const core::protocol::Message&)>& send);

}  // namespace mxi::agent
