#include "app/gui/views/triage/triage_view.h"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

#include "app/gui/models/format.h"
#include "app/gui/models/roles.h"
#include "app/gui/models/triage/triage_occurrence_model.h"
#include "app/gui/models/triage/triage_signature_model.h"
#include "app/gui/views/item_views.h"

namespace mxi::gui {
namespace triage = core::triage;
namespace {

// The Status column edits through a list of the four statuses.
class StatusDelegate : public QStyledItemDelegate {
 public:
  using QStyledItemDelegate::QStyledItemDelegate;
  QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const override {
    auto* box = new QComboBox(parent);
    for (const char* s : {"new", "confirmed", "ignored", "fixed"}) box->addItem(QString::fromLatin1(s));
    return box;
  }
  void setEditorData(QWidget* editor, const QModelIndex& index) const override {
    static_cast<QComboBox*>(editor)->setCurrentText(index.data(Qt::EditRole).toString());
  }
  void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override {
    model->setData(index, static_cast<QComboBox*>(editor)->currentText(), Qt::EditRole);
  }
};

QTableView* makeTable(QAbstractItemModel* model) {
  auto* table = new QTableView;
  table->setModel(model);
  table->setSelectionBehavior(QAbstractItemView::SelectRows);
  table->setSelectionMode(QAbstractItemView::SingleSelection);
  table->verticalHeader()->hide();
  table->setWordWrap(false);
  table->setAlternatingRowColors(true);
  enableCopy(table);
  return table;
}

}  // namespace

TriageView::TriageView(QWidget* parent)
    : QWidget(parent),
      m_signatures(new TriageSignatureModel(this)),
      m_occurrences(new TriageOccurrenceModel(this)),
      m_proxy(new QSortFilterProxyModel(this)) {
  m_proxy->setSourceModel(m_signatures);
  m_proxy->setSortRole(kExactRole);
  m_proxy->setFilterKeyColumn(-1);  // any column: class, kind, status, note, signature
  m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

  m_header = new QLabel(tr("Triage"));
  m_header->setTextFormat(Qt::RichText);
  m_filter = new QLineEdit;
  m_filter->setPlaceholderText(tr("Filter: class, kind, status, note, signature…"));
  m_filter->setClearButtonEnabled(true);
  connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
  m_add = new QPushButton(tr("Add captures…"));
  m_add->setToolTip(tr("Analyse a folder of captures into this store (what it holds already is skipped)"));
  connect(m_add, &QPushButton::clicked, this, [this] {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Add a folder of captures"));
    if (!dir.isEmpty()) emit analyseRequested({dir});
  });
  m_export = new QPushButton(tr("Export HTML…"));
  m_export->setToolTip(tr("A self-contained page for the team: every signature with its chain, thumbnail and trend"));
  connect(m_export, &QPushButton::clicked, this, &TriageView::exportHtml);
  auto* bar = new QHBoxLayout;
  bar->addWidget(m_header, 1);
  bar->addWidget(m_filter, 1);
  bar->addWidget(m_add);
  bar->addWidget(m_export);

  m_failures = new QLabel;
  m_failures->setWordWrap(true);
  m_failures->setStyleSheet(QStringLiteral("color: #a93226"));
  m_failures->hide();

  m_table = makeTable(m_proxy);
  m_table->setObjectName(QStringLiteral("triageSignatures"));
  m_table->setSortingEnabled(true);
  // The store's order (by impact) until a header is clicked.
  m_table->horizontalHeader()->setSortIndicator(-1, Qt::DescendingOrder);
  m_proxy->sort(-1);
  m_table->setItemDelegateForColumn(TriageSignatureModel::kStatus, new StatusDelegate(m_table));
  m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                           QAbstractItemView::SelectedClicked);
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_table->horizontalHeader()->setSectionResizeMode(TriageSignatureModel::kWhat, QHeaderView::Stretch);
  m_table->horizontalHeader()->setSectionResizeMode(TriageSignatureModel::kNote, QHeaderView::Interactive);
  m_table->horizontalHeader()->resizeSection(TriageSignatureModel::kNote, 180);
  connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &TriageView::showSelected);
  connect(m_signatures, &TriageSignatureModel::statusEdited, this, &TriageView::statusEdited);

  m_captureTable = makeTable(m_occurrences);
  m_captureTable->setObjectName(QStringLiteral("triageCaptures"));
  m_captureTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_captureTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_captureTable->horizontalHeader()->setSectionResizeMode(TriageOccurrenceModel::kCapture, QHeaderView::Stretch);
  m_captureTable->setToolTip(tr("Double-click a heap dump to open it at this leak"));
  connect(m_captureTable, &QTableView::doubleClicked, this,
          [this](const QModelIndex& index) { openOccurrence(index.row()); });

  m_thumbnail = new QLabel;
  m_thumbnail->setFixedSize(72, 72);
  m_thumbnail->setAlignment(Qt::AlignCenter);
  m_thumbnail->hide();
  m_trend = new QLabel;
  m_trend->setTextFormat(Qt::RichText);
  m_trend->setWordWrap(true);
  m_chain = new QPlainTextEdit;
  m_chain->setReadOnly(true);
  m_chain->setLineWrapMode(QPlainTextEdit::NoWrap);
  m_chain->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  auto* detail = new QWidget;
  auto* detailLayout = new QVBoxLayout(detail);
  detailLayout->setContentsMargins(0, 0, 0, 0);
  auto* top = new QHBoxLayout;
  top->addWidget(m_thumbnail);
  top->addWidget(m_trend, 1);
  detailLayout->addLayout(top);
  detailLayout->addWidget(m_chain, 1);

  auto* lower = new QSplitter(Qt::Horizontal);
  lower->addWidget(detail);
  lower->addWidget(m_captureTable);
  lower->setStretchFactor(0, 2);
  lower->setStretchFactor(1, 3);
  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(m_table);
  split->addWidget(lower);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(bar);
  layout->addWidget(m_failures);
  layout->addWidget(split, 1);
}

void TriageView::setDocument(std::shared_ptr<const TriageDocument> document) {
  const QString selected = m_table->currentIndex().data(TriageSignatureModel::kSignatureRole).toString();
  if (m_doc && !document->run && !m_doc->view.newInThisRun.empty()) {
    // A re-read after a status edit: the run's "new" marks stay until the next run.
    auto merged = std::make_shared<TriageDocument>(*document);
    merged->view.newInThisRun = m_doc->view.newInThisRun;
    merged->run = m_doc->run;
    document = std::move(merged);
  }
  m_doc = std::move(document);
  m_signatures->setDocument(m_doc);
  const auto& v = m_doc->view;
  size_t failed = 0;
  QStringList errors;
  for (const auto& c : v.captures) {
    if (c.info.error.empty()) continue;
    ++failed;
    errors << QString::fromStdString(c.info.error);
  }
  QString header = tr("<b>%n distinct problem(s)</b> in ", nullptr, static_cast<int>(v.signatures.size())) +
                   tr("%n capture(s)", nullptr, static_cast<int>(v.captures.size()));
  if (!v.newInThisRun.empty()) {
    header +=
        tr(" · <span style='color:#c0392b'><b>%n new</b></span>", nullptr, static_cast<int>(v.newInThisRun.size()));
  }
  if (m_doc->run) {
    header += tr(" · this run: %1 analysed, %2 skipped, %3 failed")
                  .arg(m_doc->run->analysed)
                  .arg(m_doc->run->skipped)
                  .arg(m_doc->run->failed);
  }
  header += QStringLiteral("<br><small>%1</small>").arg(m_doc->storeLocation.toHtmlEscaped());
  m_header->setText(header);
  m_failures->setVisible(failed > 0);
  if (failed) {
    m_failures->setText(
        tr("%n capture(s) could not be analysed: ", nullptr, static_cast<int>(failed)) + errors.first() +
        (failed > 1 ? tr(" (and %n more; see the tooltip)", nullptr, static_cast<int>(failed - 1)) : QString()));
    m_failures->setToolTip(errors.join(QLatin1Char('\n')));
  }
  if (!selected.isEmpty() && selectSignature(selected)) return;
  if (m_proxy->rowCount() > 0) {
    m_table->selectRow(0);
  } else {
    showSelected();
  }
}

void TriageView::setBusy(bool busy) {
  m_table->setEditTriggers(busy ? QAbstractItemView::NoEditTriggers
                                : QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                                      QAbstractItemView::SelectedClicked);
  m_add->setEnabled(!busy);
}

bool TriageView::selectSignature(const QString& signature) {
  const int row = m_signatures->rowOf(signature);
  if (row < 0) return false;
  const QModelIndex index = m_proxy->mapFromSource(m_signatures->index(row, 0));
  if (!index.isValid()) return false;
  m_table->setCurrentIndex(index);
  m_table->scrollTo(index);
  return true;
}

void TriageView::showSelected() {
  const QModelIndex current = m_table->currentIndex();
  const auto* s = current.isValid() ? m_signatures->signatureAt(m_proxy->mapToSource(current).row()) : nullptr;
  if (!s || !m_doc) {
    m_occurrences->setOccurrences({});
    m_chain->clear();
    m_trend->clear();
    m_thumbnail->hide();
    return;
  }
  const auto it = m_doc->occurrences.find(s->signature);
  m_occurrences->setOccurrences(it == m_doc->occurrences.end() ? std::vector<triage::Occurrence>{} : it->second);
  m_chain->setPlainText(QString::fromStdString(s->chainText));
  QPixmap picture;
  if (!s->thumbnailPng.empty() && picture.loadFromData(reinterpret_cast<const uchar*>(s->thumbnailPng.data()),
                                                       static_cast<uint>(s->thumbnailPng.size()), "PNG")) {
    m_thumbnail->setPixmap(picture.scaled(m_thumbnail->size(), Qt::KeepAspectRatio, Qt::FastTransformation));
    m_thumbnail->show();
  } else {
    m_thumbnail->hide();
  }
  // Per app version: captures showing it of that version's captures.
  QString trend = tr("<b>%1</b> — seen in %n capture(s)", nullptr, static_cast<int>(s->captures))
                      .arg(QString::fromStdString(s->className).toHtmlEscaped());
  if (s->maxRetainedBytes) {
    trend += (s->kind == triage::SignatureKind::kBitmap ? tr(", wasting up to %1") : tr(", retaining up to %1"))
                 .arg(humanBytes(s->maxRetainedBytes));
  }
  if (const auto t = m_doc->view.trends.find(s->signature); t != m_doc->view.trends.end() && !t->second.empty()) {
    QStringList versions;
    for (const auto& v : t->second) {
      const QString name = v.appVersion.empty() ? tr("unknown") : QString::fromStdString(v.appVersion);
      versions << (v.affected ? QStringLiteral("<b>%1: %2/%3</b>") : QStringLiteral("%1: %2/%3"))
                      .arg(name.toHtmlEscaped())
                      .arg(v.affected)
                      .arg(v.captures);
    }
    trend += tr("<br>By app version (captures showing it / captures): ") + versions.join(QStringLiteral(" · "));
  }
  m_trend->setText(trend);
}

void TriageView::openOccurrence(int row) {
  const auto* o = m_occurrences->occurrenceAt(row);
  const QModelIndex current = m_table->currentIndex();
  const auto* s = current.isValid() ? m_signatures->signatureAt(m_proxy->mapToSource(current).row()) : nullptr;
  if (!o || !s) return;
  if (o->capture.info.kind != "hprof" || s->kind == triage::SignatureKind::kRegression) {
    QMessageBox::information(this, tr("Open capture"),
                             tr("%1 is a session or raw capture: open it with File → Open session…")
                                 .arg(QString::fromStdString(o->capture.info.path)));
    return;
  }
  const bool leak = s->kind == triage::SignatureKind::kLeak || s->kind == triage::SignatureKind::kLibraryLeak;
  emit openCaptureRequested(QString::fromStdString(o->capture.info.path),
                            leak ? QString::fromStdString(s->signature) : QString(),
                            QString::fromStdString(o->objectId).toULongLong(nullptr, 0));
}

void TriageView::exportHtml() {
  if (!m_doc) return;
  const QString path = QFileDialog::getSaveFileName(this, tr("Export triage as HTML"), QStringLiteral("triage.html"),
                                                    tr("HTML (*.html)"));
  if (path.isEmpty()) return;
  QFile file(path);
  const std::string html = triage::triageHtml(m_doc->view);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
      file.write(html.data(), static_cast<qint64>(html.size())) != static_cast<qint64>(html.size())) {
    QMessageBox::warning(this, tr("Export triage"), tr("Cannot write %1: %2").arg(path, file.errorString()));
  }
}

}  // namespace mxi::gui
