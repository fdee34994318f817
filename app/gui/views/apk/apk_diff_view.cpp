#include "app/gui/views/apk/apk_diff_view.h"

#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

#include "app/gui/models/apk/apk_diff_models.h"
#include "app/gui/models/format.h"
#include "app/gui/views/item_views.h"

namespace mxi::gui {

namespace {

// "416.4 KiB → 129.3 KiB (−287.1 KiB)", the delta coloured.
QString totalHtml(uint64_t oldValue, uint64_t newValue) {
  const auto delta = static_cast<int64_t>(newValue) - static_cast<int64_t>(oldValue);
  const QVariant colour = deltaColour(delta);
  const QString sign = delta > 0 ? QStringLiteral("+") : delta < 0 ? QStringLiteral("−") : QStringLiteral("±");
  return QStringLiteral("%1 → %2 (<span style='color:%3'>%4%5</span>)")
      .arg(humanBytes(oldValue), humanBytes(newValue),
           colour.isValid() ? colour.value<QColor>().name() : QStringLiteral("#666"), sign,
           humanBytes(static_cast<uint64_t>(delta < 0 ? -delta : delta)));
}

}  // namespace

ApkDiffView::ApkDiffView(std::shared_ptr<const core::apkcheck::ApkDiff> diff, QWidget* parent)
    : QWidget(parent), m_diff(std::move(diff)), m_totals(new QLabel), m_groups(new QTabWidget) {
  setObjectName(QStringLiteral("apkDiffView"));
  const core::apkcheck::ApkDiff& d = *m_diff;
  size_t added = 0, removed = 0, changed = 0;
  for (const auto& f : d.files) (f.change == "added" ? added : f.change == "removed" ? removed : changed) += 1;
  m_totals->setText(
      QStringLiteral("<b>%1</b> → <b>%2</b><br>download %3 · installed %4 · files: %5 added, %6 "
                     "removed, %7 changed%8")
          .arg(QString::fromStdString(d.oldLabel).toHtmlEscaped(), QString::fromStdString(d.newLabel).toHtmlEscaped(),
               totalHtml(d.oldDownload, d.newDownload), totalHtml(d.oldInstalled, d.newInstalled))
          .arg(added)
          .arg(removed)
          .arg(changed)
          .arg(d.problems.empty() ? QString()
                                  : QStringLiteral("<br><span style='color:#b3261e'>%1</span>")
                                        .arg(QString::fromStdString(d.problems.front()).toHtmlEscaped())));
  m_totals->setObjectName(QStringLiteral("apkDiffTotals"));
  m_totals->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_totals->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 4, 0, 0);
  layout->addWidget(m_totals);
  auto* split = new QSplitter(Qt::Horizontal);
  m_files = new ApkFileChangesModel(m_diff, this);
  auto* filesBox = new QWidget;
  auto* filesLayout = new QVBoxLayout(filesBox);
  filesLayout->setContentsMargins(0, 0, 0, 0);
  filesLayout->addWidget(new QLabel(tr("<b>Files</b> added, removed and changed")));
  QAbstractItemView* filesView = nullptr;
  filesLayout->addWidget(filteredTable(m_files, ApkFileChangesModel::kDelta, this, &filesView), 1);
  if (auto* table = qobject_cast<QTableView*>(filesView)) {
    // The old and new compressed sizes are in the model (copy takes them); the delta is enough here.
    table->setTextElideMode(Qt::ElideMiddle);
    table->setColumnHidden(ApkFileChangesModel::kOldCompressed, true);
    table->setColumnHidden(ApkFileChangesModel::kNewCompressed, true);
    // The path stretches into what the numbers leave.
    for (int column = ApkFileChangesModel::kChange; column < ApkFileChangesModel::kColumns; ++column) {
      table->setColumnWidth(column, column == ApkFileChangesModel::kDeltaCompressed ? 96 : 76);
    }
  }
  split->addWidget(filesBox);
  const std::pair<QString, const std::vector<core::apkcheck::GroupDelta>*> groups[] = {
      {QStringLiteral("folders"), &d.folders},
      {QStringLiteral("dex packages"), &d.dexPackages},
      {QStringLiteral("resource types"), &d.resourceTypes},
      {QStringLiteral("native libraries"), &d.nativeLibraries}};
  for (const auto& [name, list] : groups) {
    const bool counts = list == &d.dexPackages;
    auto* model = new ApkGroupDeltaModel(m_diff, *list, counts, this);
    m_groupModels.emplace_back(name, model);
    QAbstractItemView* groupView = nullptr;
    m_groups->addTab(filteredTable(model, ApkGroupDeltaModel::kDelta, this, &groupView),
                     QStringLiteral("%1 (%2)").arg(name).arg(list->size()));
    if (auto* table = qobject_cast<QTableView*>(groupView)) {
      if (!counts) table->setColumnHidden(ApkGroupDeltaModel::kOldCompressed, true);
      if (!counts) table->setColumnHidden(ApkGroupDeltaModel::kNewCompressed, true);
      for (int column = ApkGroupDeltaModel::kOld; column < ApkGroupDeltaModel::kColumns; ++column) {
        table->setColumnWidth(column, column == ApkGroupDeltaModel::kDeltaCompressed ? 96 : 76);
      }
    }
  }
  split->addWidget(m_groups);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 1);
  layout->addWidget(split, 1);
}

QString ApkDiffView::totalsText() const { return QTextDocumentFragment::fromHtml(m_totals->text()).toPlainText(); }

ApkGroupDeltaModel* ApkDiffView::groupModel(const QString& name) const {
  for (const auto& [n, model] : m_groupModels) {
    if (n == name) return model;
  }
  return nullptr;
}

}  // namespace mxi::gui
