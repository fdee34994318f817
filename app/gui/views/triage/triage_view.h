// The Triage window (File → Open triage…): every distinct problem of many captures by impact —
// filter, sort, set a status and a note in place — the captures each one was seen in, its chain,
// thumbnail and trend across app versions; a double-click on a capture opens that dump at that
// leak. The store is read and written by a TriageJob off the UI thread.
#pragma once

#include <QWidget>
#include <memory>

#include "app/gui/models/triage/triage_document.h"

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace mxi::gui {

class TriageSignatureModel;
class TriageOccurrenceModel;

class TriageView : public QWidget {
  Q_OBJECT
 public:
  explicit TriageView(QWidget* parent = nullptr);
  // Shows the store as read (a document without a run keeps the current run's "new" marks).
  void setDocument(std::shared_ptr<const TriageDocument> document);
  const TriageDocument* document() const { return m_doc.get(); }
  // While the job works, the table cannot be edited.
  void setBusy(bool busy);

  TriageSignatureModel* signatureModel() const { return m_signatures; }
  TriageOccurrenceModel* occurrenceModel() const { return m_occurrences; }
  QTableView* signatureTable() const { return m_table; }
  QTableView* occurrenceTable() const { return m_captureTable; }
  QLineEdit* filter() const { return m_filter; }
  // Selects a signature's row (by the signature, whatever the sort and filter).
  bool selectSignature(const QString& signature);

 signals:
  void statusEdited(const QString& signature, const QString& status, const QString& note);
  void analyseRequested(const QStringList& paths);
  // A heap-dump capture of a leak or bitmap signature: open it there.
  void openCaptureRequested(const QString& path, const QString& leakSignature, quint64 objectId);

 private:
  void showSelected();
  void openOccurrence(int row);
  void exportHtml();

  std::shared_ptr<const TriageDocument> m_doc;
  TriageSignatureModel* m_signatures;
  TriageOccurrenceModel* m_occurrences;
  QSortFilterProxyModel* m_proxy;
  QTableView* m_table;
  QTableView* m_captureTable;
  QLineEdit* m_filter;
  QLabel* m_header;
  QLabel* m_failures;
  QLabel* m_thumbnail;
  QLabel* m_trend;
  QPlainTextEdit* m_chain;
  QPushButton* m_add;
  QPushButton* m_export;
};

}  // namespace mxi::gui
