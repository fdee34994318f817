// An entry's bytes for one reading (ZipArchive::view): a stored entry's own bytes in the mapped
// archive, not copied, or a deflated entry's inflated copy. The mapped pages a view covers are
// dropped from the process when it goes (they are the file's: a later read faults them back in
// from the page cache), so reading a large package entry by entry never keeps it resident.
#pragma once

#include <string>
#include <string_view>

namespace mxi::core::zip {

class EntryBytes {
 public:
  EntryBytes() = default;
  static EntryBytes owning(std::string bytes);
  // `dropWhenDone`: the view is in a file mapping whose pages may be dropped (not bytes in memory).
  static EntryBytes viewing(std::string_view bytes, bool dropWhenDone);

  EntryBytes(EntryBytes&& other) noexcept;
  EntryBytes& operator=(EntryBytes&& other) noexcept;
  EntryBytes(const EntryBytes&) = delete;
  EntryBytes& operator=(const EntryBytes&) = delete;
  ~EntryBytes();

  std::string_view bytes() const { return m_viewing ? m_view : std::string_view(m_owned); }
  // Whether the bytes are the archive's own (stored entry), not a copy.
  bool isView() const { return m_viewing; }
  // The reader is done with `part` (a slice of bytes()): a view's pages under it go now, so a
  // large entry read front to back never stays resident as a whole. A copy is kept whole.
  void doneWith(std::string_view part) const;

 private:
  void release();

  std::string m_owned;
  std::string_view m_view;
  bool m_viewing = false;
  bool m_dropWhenDone = false;
};

// Drops the pages under `bytes`, a range of a read-only private file mapping, from this process.
// The page the range starts in is dropped whole: a neighbour's bytes there are refaulted as needed.
void dropMappedPages(std::string_view bytes);

}  // namespace mxi::core::zip
