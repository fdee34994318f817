// Leak groups as a tree: each group with its chain nodes as children, root first, with leaking
// status colours and suspect references in bold. The Leaks tab shows a dump's application leaks,
// then its library leaks; the Compare tab the same rows in sections (new, fixed, still present).
#pragma once

#include <QColor>
#include <QString>
#include <optional>
#include <vector>

#include "app/gui/models/heap/heap_document.h"
#include "app/gui/models/tree_model_base.h"

namespace mxi::gui {

// A leak group shown in a section of the Compare tab; `baseRetainedBytes` when its retained size
// is shown as "baseline → this dump".
struct LeakRow {
  const core::analysis::Leak* leak = nullptr;
  std::optional<uint64_t> baseRetainedBytes;
};
struct LeakSection {
  QString title;
  QColor colour;
  std::vector<LeakRow> leaks;
};

class LeakTreeModel : public TreeModelBase {
  Q_OBJECT
 public:
  enum Column { kWhat, kStatus, kRetained, kReason, kColumns };
  // A dump's leaks, top level (retained bytes "computing…" until its dominator tree exists).
  explicit LeakTreeModel(const HeapDocument& doc, QObject* parent = nullptr);
  // Sections of leaks (which must outlive the model), each a top-level row.
  explicit LeakTreeModel(std::vector<LeakSection> sections, QObject* parent = nullptr);
  QVariant data(const QModelIndex& index, int role) const override;

  bool isLibraryLeak(int row) const { return m_doc && row >= static_cast<int>(m_doc->leaks.leaks.size()); }
  // The document's leaks changed (retained sizes added, biggest first now).
  void reload();

 private:
  // What one node shows.
  struct Shown {
    int section = -1;                                 // a section row
    const LeakRow* row = nullptr;                     // a leak group row
    const core::analysis::ChainNode* link = nullptr;  // a chain row
    bool library = false;
  };
  void addLeak(int parentNode, const LeakRow& row, bool library);
  QVariant sectionData(const LeakSection& section, int column, int role) const;
  QVariant leakData(const LeakRow& row, bool library, int column, int role) const;
  static QVariant linkData(const core::analysis::ChainNode& node, int column, int role);

  const HeapDocument* m_doc = nullptr;  // dump mode
  std::vector<LeakSection> m_sections;  // section mode
  std::vector<LeakRow> m_rows;          // dump mode: every leak, then every library leak
  std::vector<Shown> m_shown;           // per node
};

}  // namespace mxi::gui
