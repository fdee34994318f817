#include "app/gui/models/startup/startup_runs_model.h"

#include <QColor>

#include "app/gui/models/column_headers.h"
#include "app/gui/models/roles.h"
#include "app/gui/models/startup/startup_run_text.h"

namespace mxi::gui {

namespace {

QString text(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

}  // namespace

StartupRunsModel::StartupRunsModel(std::shared_ptr<const core::startup::StartupReport> report, QObject* parent)
    : QAbstractTableModel(parent), m_report(std::move(report)) {}

int StartupRunsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_report->runs.size());
}

int StartupRunsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : kColumns; }

QVariant StartupRunsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const core::startup::StartupRun& run = runAt(index.row());
  const int column = index.column();
  if (column >= kFirstFigure) {
    const std::optional<int64_t> value = run.figure(core::startup::kFigures[column - kFirstFigure]);
    switch (role) {
      case Qt::DisplayRole: return value ? msText(static_cast<double>(*value)) : QStringLiteral("—");
      case kExactRole: return value ? QVariant(static_cast<qlonglong>(*value)) : QVariant();
      case Qt::TextAlignmentRole: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
      default: return {};
    }
  }
  if (role == Qt::ForegroundRole && !run.counted) return QColor(Qt::darkGray);
  if (role == kExactRole && column == kRun) return run.index;
  if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
  switch (column) {
    case kRun: return run.index == 0 ? tr("0 (warm-up)") : QString::number(run.index);
    case kState: return runStatusName(core::startup::runStatus(run));
    case kLaunchState: return QString::fromStdString(run.launchState);
    case kWhy: return whyNotCounted(run);
    default: return {};
  }
}

QVariant StartupRunsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  QStringList titles{tr("Run"), tr("State"), tr("Why not counted"), tr("Launch state")};
  for (core::startup::Figure f : core::startup::kFigures)
    titles << text(core::startup::figureLabel(f));  // in ms, as the view's caption says
  return columnHeader(titles, section, orientation, role);
}

}  // namespace mxi::gui
