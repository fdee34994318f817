// An entry's bytes for one reading (ZipArchive::view): a stored entry's own bytes in the mapped
// archive, not copied, or a deflated entry's inflated copy. A view tells the mapping when it goes
// (MappedFile::doneWith), so reading a large package entry by entry never keeps it resident.
#pragma once

#include <string>
#include <string_view>

namespace mxi::core::zip {

class MappedFile;

class EntryBytes {
 public:
  EntryBytes() = default;
  static EntryBytes owning(std::string bytes);
  // `file`: the mapping the view is in; null for bytes in memory.
  static EntryBytes viewing(std::string_view bytes, const MappedFile* file);

  EntryBytes(EntryBytes&& other) noexcept;
  EntryBytes& operator=(EntryBytes&& other) noexcept;
  EntryBytes(const EntryBytes&) = delete;
  EntryBytes& operator=(const EntryBytes&) = delete;
  ~EntryBytes();

  std::string_view bytes() const { return m_viewing ? m_view : std::string_view(m_owned); }
  // Whether the bytes are the archive's own (stored entry), not a copy.
  bool isView() const { return m_viewing; }
  // The reader is done with `part` (a slice of bytes()): for a view it counts towards the
  // mapping's resident budget now, so a large entry read front to back never stays resident as a
  // whole. A copy is kept whole.
  void doneWith(std::string_view part) const;

 private:
  void release();

  std::string m_owned;
  std::string_view m_view;
  bool m_viewing = false;
  const MappedFile* m_file = nullptr;  // told when the view goes; null once told
};

}  // namespace mxi::core::zip
