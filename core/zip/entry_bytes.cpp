#include "core/zip/entry_bytes.h"

#include <utility>

#include "core/zip/mapped_file.h"

namespace mxi::core::zip {

EntryBytes EntryBytes::owning(std::string bytes) {
  EntryBytes e;
  e.m_owned = std::move(bytes);
  return e;
}

EntryBytes EntryBytes::viewing(std::string_view bytes, const MappedFile* file) {
  EntryBytes e;
  e.m_view = bytes;
  e.m_viewing = true;
  e.m_file = file;
  return e;
}

EntryBytes::EntryBytes(EntryBytes&& other) noexcept
    : m_owned(std::move(other.m_owned)),
      m_view(other.m_view),
      m_viewing(other.m_viewing),
      m_file(std::exchange(other.m_file, nullptr)) {}

EntryBytes& EntryBytes::operator=(EntryBytes&& other) noexcept {
  if (this != &other) {
    release();
    m_owned = std::move(other.m_owned);
    m_view = other.m_view;
    m_viewing = other.m_viewing;
    m_file = std::exchange(other.m_file, nullptr);
  }
  return *this;
}

EntryBytes::~EntryBytes() { release(); }

void EntryBytes::doneWith(std::string_view part) const {
  if (m_file) m_file->doneWith(part);
}

void EntryBytes::release() {
  if (m_file) m_file->doneWith(m_view);
  m_file = nullptr;
}

}  // namespace mxi::core::zip
