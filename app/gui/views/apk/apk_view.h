// What the APK page shows of one checked package: a header (package, version, SDK levels,
// download and installed size, ABIs, dex files and methods), the package as a treemap by folder
// and file type with the drill-down table of the folder shown below it (a click on a file selects
// its row), and each task's findings as cards beside them. Every figure comes from core/apkcheck's
// report or core/zip's entries; this only lays them out.
#pragma once

#include <QWidget>
#include <memory>
#include <vector>

#include "app/gui/models/apk/apk_document.h"

class QCheckBox;
class QLabel;
class QSplitter;
class QTabWidget;
class QTableView;
class QSortFilterProxyModel;

namespace mxi::gui {

class ApkFileTableModel;
class ApkFileTree;
class ApkTaskCard;
class ApkTreemap;

class ApkView final : public QWidget {
  Q_OBJECT
 public:
  explicit ApkView(std::shared_ptr<const ApkDocument> document, QWidget* parent = nullptr);
  const ApkDocument& document() const { return *m_doc; }

  QString headerText() const;  // the header as plain text
  ApkTreemap* treemap() const { return m_treemap; }
  QCheckBox* downloadToggle() const { return m_download; }
  ApkFileTableModel* tableModel() const { return m_model; }
  QTableView* table() const { return m_table; }
  const std::vector<ApkTaskCard*>& cards() const { return m_cards; }
  ApkTaskCard* card(const QString& option) const;
  QTabWidget* tabs() const { return m_tabs; }
  // Shows a comparison (ApkDiffView) in the Compare tab, replacing any previous one.
  void showComparison(QWidget* diffView);
  // "apk" (the package and the cards), "tasks" (the cards, wide), "diff": false when unknown.
  bool showView(const QString& name);

 signals:
  void compareRequested();

 private:
  QWidget* makePackagePane();
  QWidget* makeCardsPane();
  void selectNode(size_t node);

  std::shared_ptr<const ApkDocument> m_doc;
  std::shared_ptr<const ApkFileTree> m_tree;
  QLabel* m_header;
  QTabWidget* m_tabs;
  QSplitter* m_split = nullptr;
  ApkTreemap* m_treemap = nullptr;
  QCheckBox* m_download = nullptr;
  ApkFileTableModel* m_model = nullptr;
  QTableView* m_table = nullptr;
  std::vector<ApkTaskCard*> m_cards;
  QWidget* m_compare = nullptr;  // the Compare tab's content
};

// The header's figures (tests compare them; the label shows them).
struct ApkFacts {
  QString package, versionName, minSdk, targetSdk;
  qlonglong versionCode = -1;
  uint64_t download = 0, installed = 0;
  QStringList abis;
  size_t dexFiles = 0;
  uint64_t methods = 0;  // defined in the app's dex files (the method count task's internal methods)
};
ApkFacts apkFacts(const ApkDocument& document);

}  // namespace mxi::gui
