#include "app/gui/views/apk/apk_view.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextDocumentFragment>
#include <QToolButton>
#include <QVBoxLayout>

#include "app/gui/charts/apk/apk_treemap.h"
#include "app/gui/models/apk/apk_file_table_model.h"
#include "app/gui/models/apk/apk_file_tree.h"
#include "app/gui/models/format.h"
#include "app/gui/views/apk/apk_task_card.h"
#include "app/gui/views/item_views.h"

namespace mxi::gui {

ApkFacts apkFacts(const ApkDocument& document) {
  ApkFacts facts;
  const auto& report = document.report;
  if (report.manifest) {
    facts.package = QString::fromStdString(report.manifest->package);
    facts.versionName = QString::fromStdString(report.manifest->versionName);
    facts.versionCode = report.manifest->versionCode ? static_cast<qlonglong>(*report.manifest->versionCode) : -1;
    facts.minSdk = QString::fromStdString(report.manifest->minSdk);
    facts.targetSdk = QString::fromStdString(report.manifest->targetSdk);
  }
  facts.download = report.fileSize;
  for (const auto& e : document.package->entries()) facts.installed += e.entry->size;
  if (const auto* libs = document.task("-checkMultiLibrary"); libs && libs->fields.contains("lib-dirs")) {
    for (const auto& abi : libs->fields["lib-dirs"]) facts.abis << QString::fromStdString(abi.get<std::string>());
  }
  if (const auto* methods = document.task("-countMethod"); methods && methods->fields.contains("dex-files")) {
    facts.dexFiles = methods->fields["dex-files"].size();
    for (const auto& f : methods->findings) facts.methods += f.bytes;
  } else {
    for (const auto& e : document.package->entries()) {
      if (apkFileKind(e.name()) == ApkFileKind::Dex) ++facts.dexFiles;
    }
  }
  return facts;
}

namespace {

QString headerHtml(const ApkDocument& doc) {
  const ApkFacts f = apkFacts(doc);
  const QString version = f.versionCode >= 0
                              ? QStringLiteral("%1 (%2)").arg(f.versionName.toHtmlEscaped()).arg(f.versionCode)
                              : f.versionName;
  const QString na = QStringLiteral("—");
  return QStringLiteral(
             "<span style='font-size:large'><b>%1</b></span> %2 · <span style='color:#666'>%3</span><br>"
             "min SDK %4 · target SDK %5 · download <b>%6</b> · installed <b>%7</b> · ABIs: %8 · "
             "%9 dex file(s), %10 methods defined")
      .arg(f.package.isEmpty() ? na : f.package.toHtmlEscaped(), version,
           QString::fromStdString(doc.report.package).toHtmlEscaped(), f.minSdk.isEmpty() ? na : f.minSdk,
           f.targetSdk.isEmpty() ? na : f.targetSdk, humanBytes(f.download), humanBytes(f.installed),
           f.abis.isEmpty() ? QStringLiteral("none") : f.abis.join(QStringLiteral(", ")))
      .arg(f.dexFiles)
      .arg(groupedNumber(static_cast<qlonglong>(f.methods)));
}

}  // namespace

ApkView::ApkView(std::shared_ptr<const ApkDocument> document, QWidget* parent)
    : QWidget(parent),
      m_doc(std::move(document)),
      m_tree(std::make_shared<ApkFileTree>(*m_doc->package)),
      m_header(new QLabel(headerHtml(*m_doc))),
      m_tabs(new QTabWidget) {
  setObjectName(QStringLiteral("apkView"));
  m_header->setObjectName(QStringLiteral("apkHeader"));
  m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_header->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 6);
  auto* top = new QHBoxLayout;
  top->addWidget(m_header, 1);
  auto* compare = new QPushButton(tr("Compare with…"));
  compare->setToolTip(tr("Compare this package with another build (File → Compare APK…)"));
  connect(compare, &QPushButton::clicked, this, &ApkView::compareRequested);
  top->addWidget(compare, 0, Qt::AlignTop);
  layout->addLayout(top);
  m_split = new QSplitter(Qt::Horizontal);
  m_split->addWidget(makePackagePane());
  m_split->addWidget(makeCardsPane());
  m_split->setStretchFactor(0, 3);
  m_split->setStretchFactor(1, 2);
  m_tabs->addTab(m_split, tr("Package"));
  m_compare = new QLabel(tr("Compare this package with another build: the button above or File → Compare APK…"));
  m_compare->setObjectName(QStringLiteral("apkComparePlaceholder"));
  static_cast<QLabel*>(m_compare)->setAlignment(Qt::AlignCenter);
  m_tabs->addTab(m_compare, tr("Compare"));
  layout->addWidget(m_tabs, 1);
}

QWidget* ApkView::makePackagePane() {
  auto* pane = new QSplitter(Qt::Vertical);
  auto* mapBox = new QWidget;
  auto* mapLayout = new QVBoxLayout(mapBox);
  mapLayout->setContentsMargins(0, 0, 0, 0);
  m_treemap = new ApkTreemap(m_tree);
  auto* bar = new QHBoxLayout;
  auto* backButton = new QToolButton;
  backButton->setText(tr("Back"));
  backButton->setEnabled(false);
  auto* crumb = new QLabel(m_treemap->breadcrumb());
  crumb->setObjectName(QStringLiteral("apkBreadcrumb"));
  m_download = new QCheckBox(tr("Download (compressed) bytes"));
  m_download->setToolTip(tr("Size the treemap by the bytes each file takes in the APK instead of installed"));
  bar->addWidget(backButton);
  bar->addWidget(crumb, 1);
  bar->addWidget(m_download);
  // The kinds' colours, as a legend.
  for (int k = 0; k < kApkFileKinds; ++k) {
    auto* key = new QLabel(apkFileKindName(static_cast<ApkFileKind>(k)));
    key->setStyleSheet(
        QStringLiteral("background:%1; padding:1px 4px").arg(ApkTreemap::colourOf(static_cast<ApkFileKind>(k)).name()));
    bar->addWidget(key);
  }
  mapLayout->addLayout(bar);
  mapLayout->addWidget(m_treemap, 1);
  pane->addWidget(mapBox);

  m_model = new ApkFileTableModel(m_doc->package, m_tree, this);
  QAbstractItemView* view = nullptr;
  pane->addWidget(filteredTable(m_model, ApkFileTableModel::kSize, this, &view));
  m_table = qobject_cast<QTableView*>(view);
  if (m_table) m_table->setTextElideMode(Qt::ElideMiddle);
  pane->setStretchFactor(0, 3);
  pane->setStretchFactor(1, 2);

  ApkTreemap* treemap = m_treemap;
  connect(backButton, &QToolButton::clicked, treemap, &ApkTreemap::back);
  connect(m_download, &QCheckBox::toggled, treemap, &ApkTreemap::setDownloadBytes);
  connect(treemap, &ApkTreemap::focusChanged, this, [this, crumb, backButton](size_t folder) {
    crumb->setText(m_treemap->breadcrumb());
    backButton->setEnabled(folder != ApkFileTree::kRoot);
    if (m_model->folder() != folder) m_model->showFolder(folder);
  });
  connect(treemap, &ApkTreemap::fileClicked, this, &ApkView::selectNode);
  return pane;
}

void ApkView::selectNode(size_t node) {
  const int row = m_model->rowOf(node);
  if (row < 0 || !m_table) return;
  auto* proxy = qobject_cast<QSortFilterProxyModel*>(m_table->model());
  const QModelIndex shown = proxy ? proxy->mapFromSource(m_model->index(row, 0)) : m_model->index(row, 0);
  if (!shown.isValid()) return;
  m_table->selectRow(shown.row());
  m_table->scrollTo(shown);
}

QWidget* ApkView::makeCardsPane() {
  auto* box = new QWidget;
  auto* layout = new QVBoxLayout(box);
  layout->setContentsMargins(4, 0, 4, 0);
  for (const auto& task : m_doc->report.tasks) {
    auto* card = new ApkTaskCard(task);
    m_cards.push_back(card);
    layout->addWidget(card);
  }
  layout->addStretch(1);
  auto* scroll = new QScrollArea;
  scroll->setObjectName(QStringLiteral("apkCards"));
  scroll->setWidget(box);
  scroll->setWidgetResizable(true);
  return scroll;
}

QString ApkView::headerText() const { return QTextDocumentFragment::fromHtml(m_header->text()).toPlainText(); }

ApkTaskCard* ApkView::card(const QString& option) const {
  for (ApkTaskCard* c : m_cards) {
    if (c->option() == option) return c;
  }
  return nullptr;
}

void ApkView::showComparison(QWidget* diffView) {
  const int index = m_tabs->indexOf(m_compare);
  m_tabs->removeTab(index);
  m_compare->deleteLater();
  m_compare = diffView;
  m_tabs->insertTab(index, diffView, tr("Compare"));
  m_tabs->setCurrentIndex(index);
}

bool ApkView::showView(const QString& name) {
  if (name == QLatin1String("apk") || name == QLatin1String("tasks")) {
    m_tabs->setCurrentWidget(m_split);
    if (name == QLatin1String("tasks")) m_split->setSizes({width() / 3, 2 * width() / 3});
    return true;
  }
  if (name == QLatin1String("diff")) {
    m_tabs->setCurrentWidget(m_compare);
    return true;
  }
  return false;
}

}  // namespace mxi::gui
