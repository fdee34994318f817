#include "core/androidres/res_chunks.h"

#include <string>

namespace mxi::core::androidres {

StatusOr<ChunkHeader> readChunkHeader(const ResBytes& bytes, size_t offset, size_t limit, std::string_view what,
                                      uint16_t minHeader) {
  const std::string name(what);
  if (limit > bytes.size() || offset > limit || limit - offset < 8) {
    return invalidInput(name + " chunk header cut off", offset);
  }
  ChunkHeader chunk;
  chunk.offset = offset;
  chunk.type = bytes.u16(offset);
  chunk.headerSize = bytes.u16(offset + 2);
  chunk.size = bytes.u32(offset + 4);
  if (chunk.headerSize < minHeader) {
    return invalidInput(
        name + " chunk header size " + std::to_string(chunk.headerSize) + " is below " + std::to_string(minHeader),
        offset);
  }
  if (chunk.size < chunk.headerSize) {
    return invalidInput(name + " chunk size " + std::to_string(chunk.size) + " is smaller than its header (" +
                            std::to_string(chunk.headerSize) + ")",
                        offset);
  }
  if (chunk.size > limit - offset) {
    return invalidInput(name + " chunk size " + std::to_string(chunk.size) + " runs past the end (" +
                            std::to_string(limit - offset) + " bytes left)",
                        offset);
  }
  return chunk;
}

}  // namespace mxi::core::androidres
