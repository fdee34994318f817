#include "core/zip/zip_directory.h"

#include <algorithm>
#include <optional>
#include <string>

#include "core/zip/little_endian.h"

namespace mxi::core::zip {

namespace {

constexpr uint64_t kMaxCommentLength = 0xffff;
constexpr uint16_t kZip64ExtraId = 0x0001;
constexpr uint16_t kEncryptedFlag = 1u << 0;
constexpr uint16_t kDataDescriptorFlag = 1u << 3;

struct EndRecord {
  uint64_t offset = 0;  // of the (classic) end record
  uint64_t entryCount = 0;
  uint64_t directorySize = 0;
  uint64_t directoryOffset = 0;
};

// The classic end record, scanned for backwards over at most the longest comment; the nearest
// one to the end whose comment fits in the file.
std::optional<uint64_t> findEndRecord(std::string_view bytes) {
  if (bytes.size() < kEndOfCentralDirectorySize) return std::nullopt;
  const uint64_t last = bytes.size() - kEndOfCentralDirectorySize;
  const uint64_t first = last > kMaxCommentLength ? last - kMaxCommentLength : 0;
  for (uint64_t at = last + 1; at-- > first;) {
    if (le32(bytes, at) != kEndOfCentralDirectorySignature) continue;
    if (le16(bytes, at + 20) <= bytes.size() - at - kEndOfCentralDirectorySize) return at;
  }
  return std::nullopt;
}

// The end record's numbers, from the ZIP64 end record when its locator sits just before.
StatusOr<EndRecord> readEndRecord(std::string_view bytes, uint64_t at) {
  EndRecord end;
  end.offset = at;
  end.entryCount = le16(bytes, at + 10);
  end.directorySize = le32(bytes, at + 12);
  end.directoryOffset = le32(bytes, at + 16);
  if (at < 20 || le32(bytes, at - 20) != kZip64LocatorSignature) return end;
  const uint64_t locator = at - 20;
  const uint64_t zip64End = le64(bytes, locator + 8);
  if (!fits(bytes, zip64End, 56) || zip64End > locator || le32(bytes, zip64End) != kZip64EndSignature) {
    return invalidInput("ZIP64 end of central directory locator points to offset " + std::to_string(zip64End) +
                            ", where there is no ZIP64 end record",
                        locator);
  }
  end.entryCount = le64(bytes, zip64End + 32);
  end.directorySize = le64(bytes, zip64End + 40);
  end.directoryOffset = le64(bytes, zip64End + 48);
  return end;
}

// The ZIP64 extra field's values replace, in this order, those central fields that are all ones.
Status applyZip64Extra(std::string_view extra, uint64_t extraOffset, ZipEntry& entry) {
  for (uint64_t at = 0; at + 4 <= extra.size();) {
    const uint16_t id = le16(extra, at);
    const uint16_t length = le16(extra, at + 2);
    if (length > extra.size() - at - 4) return invalidInput("extra field cut", extraOffset + at);
    if (id == kZip64ExtraId) {
      const std::string_view field = extra.substr(at + 4, length);
      uint64_t next = 0;
      for (uint64_t* value : {&entry.size, &entry.compressedSize, &entry.localHeaderOffset}) {
        if (*value != 0xffffffffu) continue;
        if (next + 8 > field.size()) return invalidInput("ZIP64 extra field too short", extraOffset + at);
        *value = le64(field, next);
        next += 8;
      }
      return okStatus();
    }
    at += 4 + static_cast<uint64_t>(length);
  }
  return okStatus();
}

// One central directory header at `at`, whose end is returned in `next`.
StatusOr<ZipEntry> readCentralHeader(std::string_view bytes, uint64_t at, uint64_t directoryEnd, uint64_t& next) {
  if (at > directoryEnd || directoryEnd - at < kCentralHeaderSize) {
    return invalidInput("central directory header cut", at);
  }
  if (le32(bytes, at) != kCentralHeaderSignature) return invalidInput("no central directory header signature", at);
  const uint64_t nameLength = le16(bytes, at + 28);
  const uint64_t extraLength = le16(bytes, at + 30);
  const uint64_t commentLength = le16(bytes, at + 32);
  const uint64_t total = kCentralHeaderSize + nameLength + extraLength + commentLength;
  if (directoryEnd - at < total) return invalidInput("central directory header cut", at);
  ZipEntry entry;
  const uint16_t flags = le16(bytes, at + 8);
  entry.encrypted = (flags & kEncryptedFlag) != 0;
  entry.method = le16(bytes, at + 10);
  entry.crc32 = le32(bytes, at + 16);
  entry.compressedSize = le32(bytes, at + 20);
  entry.size = le32(bytes, at + 24);
  entry.localHeaderOffset = le32(bytes, at + 42);
  entry.name = std::string(bytes.substr(at + kCentralHeaderSize, nameLength));
  const uint64_t extraAt = at + kCentralHeaderSize + nameLength;
  if (Status s = applyZip64Extra(bytes.substr(extraAt, extraLength), extraAt, entry); !s.ok()) {
    return invalidInput(entry.name + ": " + s.message(), s.offset());
  }
  next = at + total;
  return entry;
}

StatusOr<std::vector<ZipEntry>> readCentralDirectory(std::string_view bytes, const EndRecord& end) {
  if (end.directoryOffset > end.offset || end.directorySize > end.offset - end.directoryOffset) {
    return invalidInput("central directory (offset " + std::to_string(end.directoryOffset) + ", " +
                            std::to_string(end.directorySize) + " bytes) lies outside the file before its end record",
                        end.offset);
  }
  const uint64_t directoryEnd = end.directoryOffset + end.directorySize;
  // Each header takes at least 46 bytes, which bounds what a forged count can make us reserve.
  std::vector<ZipEntry> entries;
  entries.reserve(std::min(end.entryCount, end.directorySize / kCentralHeaderSize));
  uint64_t at = end.directoryOffset;
  for (uint64_t i = 0; i < end.entryCount; ++i) {
    uint64_t next = 0;
    ASSIGN_OR_RETURN(ZipEntry entry, readCentralHeader(bytes, at, directoryEnd, next));
    entries.push_back(std::move(entry));
    at = next;
  }
  return entries;
}

// A local header whose entry sets bit 3 leaves its sizes to a data descriptor after the data:
// the next "PK\7\8" whose compressed size is the distance to it, or a bare 12-byte descriptor
// just before the next header. Returns the offset just past the descriptor.
std::optional<uint64_t> findDataDescriptor(std::string_view bytes, uint64_t dataStart, ZipEntry& entry) {
  for (uint64_t at = dataStart; at + 4 <= bytes.size(); ++at) {
    if (bytes[at] != 'P' || bytes[at + 1] != 'K') continue;
    const uint32_t signature = le32(bytes, at);
    const uint64_t length = at - dataStart;
    if (signature == kDataDescriptorSignature && fits(bytes, at, 16) && le32(bytes, at + 8) == length) {
      entry.crc32 = le32(bytes, at + 4);
      entry.compressedSize = length;
      entry.size = le32(bytes, at + 12);
      return at + 16;
    }
    if (signature == kDataDescriptorSignature && fits(bytes, at, 24) && le64(bytes, at + 8) == length) {
      entry.crc32 = le32(bytes, at + 4);
      entry.compressedSize = length;
      entry.size = le64(bytes, at + 16);
      return at + 24;
    }
    if ((signature == kLocalHeaderSignature || signature == kCentralHeaderSignature) && length >= 12 &&
        le32(bytes, at - 8) == length - 12) {
      entry.crc32 = le32(bytes, at - 12);
      entry.compressedSize = length - 12;
      entry.size = le32(bytes, at - 4);
      return at;
    }
  }
  return std::nullopt;
}

// Every entry whose local header and data lie whole in the file, from offset 0 until the first
// thing that is not a local header; the entry cut short is a problem, not an entry.
std::vector<ZipEntry> walkLocalHeaders(std::string_view bytes, std::vector<ZipProblem>& problems) {
  std::vector<ZipEntry> entries;
  uint64_t at = 0;
  while (fits(bytes, at, 4) && le32(bytes, at) == kLocalHeaderSignature) {
    if (!fits(bytes, at, kLocalHeaderSize)) {
      problems.push_back({"", at, "local file header cut by the end of the file"});
      break;
    }
    const uint64_t nameLength = le16(bytes, at + 26);
    const uint64_t extraLength = le16(bytes, at + 28);
    const uint64_t dataStart = at + kLocalHeaderSize + nameLength + extraLength;
    if (!fits(bytes, at, kLocalHeaderSize + nameLength + extraLength)) {
      problems.push_back({"", at, "local file header cut by the end of the file"});
      break;
    }
    ZipEntry entry;
    const uint16_t flags = le16(bytes, at + 6);
    entry.encrypted = (flags & kEncryptedFlag) != 0;
    entry.method = le16(bytes, at + 8);
    entry.crc32 = le32(bytes, at + 14);
    entry.compressedSize = le32(bytes, at + 18);
    entry.size = le32(bytes, at + 22);
    entry.localHeaderOffset = at;
    entry.name = std::string(bytes.substr(at + kLocalHeaderSize, nameLength));
    const uint64_t extraAt = at + kLocalHeaderSize + nameLength;
    if (Status s = applyZip64Extra(bytes.substr(extraAt, extraLength), extraAt, entry); !s.ok()) {
      problems.push_back({entry.name, s.offset(), s.message()});
      break;
    }
    uint64_t next = 0;
    if ((flags & kDataDescriptorFlag) != 0) {
      const auto end = findDataDescriptor(bytes, dataStart, entry);
      if (!end) {
        problems.push_back({entry.name, at, "no data descriptor after the data: the entry is cut"});
        break;
      }
      next = *end;
    } else {
      if (!fits(bytes, dataStart, entry.compressedSize)) {
        problems.push_back({entry.name, at,
                            "data (" + std::to_string(entry.compressedSize) + " bytes from offset " +
                                std::to_string(dataStart) + ") cut by the end of the file"});
        break;
      }
      next = dataStart + entry.compressedSize;
    }
    entries.push_back(std::move(entry));
    at = next;
  }
  return entries;
}

// A central entry whose local header is not where it says keeps its place in the list; reading
// it will fail, and the problem says so up front.
void checkLocalHeaders(std::string_view bytes, const std::vector<ZipEntry>& entries,
                       std::vector<ZipProblem>& problems) {
  for (const ZipEntry& entry : entries) {
    if (!fits(bytes, entry.localHeaderOffset, kLocalHeaderSize)) {
      problems.push_back({entry.name, entry.localHeaderOffset,
                          "local header offset " + std::to_string(entry.localHeaderOffset) + " is out of the file (" +
                              std::to_string(bytes.size()) + " bytes)"});
    } else if (le32(bytes, entry.localHeaderOffset) != kLocalHeaderSignature) {
      problems.push_back({entry.name, entry.localHeaderOffset,
                          "no local file header at offset " + std::to_string(entry.localHeaderOffset)});
    }
  }
}

}  // namespace

StatusOr<ZipDirectory> readZipDirectory(std::string_view bytes) {
  ZipDirectory directory;
  if (const auto endAt = findEndRecord(bytes)) {
    StatusOr<std::vector<ZipEntry>> central = [&]() -> StatusOr<std::vector<ZipEntry>> {
      ASSIGN_OR_RETURN(EndRecord end, readEndRecord(bytes, *endAt));
      directory.centralDirectoryOffset = end.directoryOffset;
      return readCentralDirectory(bytes, end);
    }();
    if (central.ok()) {
      directory.entries = std::move(central).value();
      directory.fromCentralDirectory = true;
      checkLocalHeaders(bytes, directory.entries, directory.problems);
      if (directory.entries.empty())
        return invalidInput("empty zip archive: its central directory lists no entry", *endAt);
      return directory;
    }
    directory.problems.push_back(
        {"", central.status().offset(),
         "damaged central directory: " + central.status().message() + "; entries walked from their local headers"});
  } else {
    directory.problems.push_back(
        {"", bytes.size(),
         "no end of central directory record: the archive is cut; entries walked from their local headers"});
  }
  directory.centralDirectoryOffset = 0;
  directory.entries = walkLocalHeaders(bytes, directory.problems);
  if (directory.entries.empty()) {
    return invalidInput("not a zip archive: no end of central directory record and no whole local file header", 0);
  }
  return directory;
}

StatusOr<uint64_t> entryDataOffset(std::string_view bytes, const ZipEntry& entry) {
  const uint64_t at = entry.localHeaderOffset;
  if (!fits(bytes, at, kLocalHeaderSize)) {
    return invalidInput(entry.name + ": local header offset " + std::to_string(at) + " is out of the file", at);
  }
  if (le32(bytes, at) != kLocalHeaderSignature) {
    return invalidInput(entry.name + ": no local file header at offset " + std::to_string(at), at);
  }
  const uint64_t dataStart = at + kLocalHeaderSize + le16(bytes, at + 26) + le16(bytes, at + 28);
  if (dataStart > bytes.size()) return invalidInput(entry.name + ": local file header cut by the end of the file", at);
  return dataStart;
}

}  // namespace mxi::core::zip
