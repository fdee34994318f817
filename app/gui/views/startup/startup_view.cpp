#include "app/gui/views/startup/startup_view.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <nlohmann/json.hpp>

#include "app/gui/charts/startup/stage_bars_chart.h"
#include "app/gui/charts/startup/strip_chart.h"
#include "app/gui/models/startup/startup_run_text.h"
#include "app/gui/models/startup/startup_runs_model.h"
#include "app/gui/models/startup/startup_stats_model.h"
#include "app/gui/views/item_views.h"
#include "core/json/json_writer.h"
#include "core/startup/startup_report.h"

namespace mxi::gui {

namespace {

QString text(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

// One set's runs that gave `figure`, as dots (counted filled), with its counted runs' lines.
StripColumn stripColumn(const QString& title, const core::startup::StartupReport& report,
                        const core::startup::FigureStats& stats, core::startup::Figure figure) {
  StripColumn column;
  column.title = QObject::tr("%1 (%2)").arg(title).arg(stats.n);
  column.hasLines = stats.n > 0;
  column.median = stats.median;
  column.p90 = stats.p90;
  for (const core::startup::StartupRun& run : report.runs) {
    const std::optional<int64_t> ms = run.figure(figure);
    if (!ms) continue;
    const QString state = run.counted ? runStatusName(core::startup::RunStatus::kCounted) : whyNotCounted(run);
    column.dots.push_back({static_cast<double>(*ms), run.counted,
                           QObject::tr("%1 run %2: %3 ms — %4").arg(title).arg(run.index).arg(msText(*ms), state)});
  }
  return column;
}

// An issue's line: the run, its launch state and its duration; the whole JSON as the tooltip.
QListWidgetItem* issueItem(const std::string& issueJson) {
  const nlohmann::json issue = nlohmann::json::parse(issueJson, nullptr, false);
  auto* item = new QListWidgetItem;
  if (issue.is_discarded() || !issue.is_object()) {
    item->setText(QString::fromStdString(issueJson));
    return item;
  }
  const auto number = [&issue](const char* key) -> QString {
    const auto it = issue.find(key);
    return it != issue.end() && it->is_number() ? msText(it->get<double>()) : QString();
  };
  const auto string = [&issue](const char* key) -> QString {
    const auto it = issue.find(key);
    return it != issue.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
  };
  QStringList parts{QObject::tr("Trace_StartUp")};
  if (const QString run = number("run_index"); !run.isEmpty()) parts << QObject::tr("run %1").arg(run);
  if (const QString state = string("launch_state"); !state.isEmpty()) parts << state;
  if (const QString total = number("startup_duration"); !total.isEmpty()) {
    parts << QObject::tr("startup %1 ms").arg(total);
  }
  if (issue.contains("stack") || issue.contains("stackKey")) parts << QObject::tr("with its method stacks");
  item->setText(parts.join(QStringLiteral(" · ")));
  item->setToolTip(QString::fromStdString(mxi::core::json::dumpJson(issue, 2)));
  return item;
}

}  // namespace

QString startupHeaderText(const core::startup::StartupReport& report) {
  const auto counted = std::ranges::count_if(report.runs, [](const auto& r) { return r.counted; });
  QString header = QObject::tr("%1 — %2 launches: %3 counted of %4 runs")
                       .arg(QString::fromStdString(report.package), text(core::startup::launchModeName(report.mode)))
                       .arg(counted)
                       .arg(report.runs.size());
  if (!report.activity.empty()) header += QObject::tr(" — activity %1").arg(QString::fromStdString(report.activity));
  if (!report.stoppedBy.empty()) {
    header += QObject::tr(" — stopped early: %1").arg(QString::fromStdString(report.stoppedBy));
  }
  return header;
}

QString startupVerdictText(const core::startup::StartupReport& report, bool hasBaseline) {
  if (!hasBaseline) return QObject::tr("No baseline: Load baseline… to see whether these launches got slower");
  if (!report.verdict) {
    return QObject::tr("No verdict: the baseline and these runs have no counted figure in common");
  }
  const core::startup::StartupVerdict& v = *report.verdict;
  return QObject::tr("%1 against %2 (%3 vs %4 counted runs, median %5 → %6 ms): %7")
      .arg(text(core::startup::figureLabel(v.figure)), QFileInfo(QString::fromStdString(v.baseline)).fileName())
      .arg(v.baselineN)
      .arg(v.currentN)
      .arg(msText(v.baselineMedianMs), msText(v.currentMedianMs), QString::fromStdString(v.words()));
}

QString startupCostsText(const core::startup::StartupReport& report) {
  QStringList parts;
  if (const auto cost = core::startup::measuringCostMs(report.runs)) {
    parts << QObject::tr("driving the phone, %1 ms per launch beyond WaitTime").arg(msText(*cost));
  }
  if (const auto cost = core::startup::tracerCostMs(report.runs)) {
    parts << QObject::tr("tracing, %1%2 ms per traced launch")
                 .arg(*cost >= 0 ? QStringLiteral("+") : QString(), msText(*cost));
  }
  if (parts.isEmpty()) return {};
  return QObject::tr("Kept out of the figures: %1 (medians)").arg(parts.join(QStringLiteral("; ")));
}

StartupView::StartupView(std::shared_ptr<const core::startup::StartupReport> report,
                         std::shared_ptr<const core::startup::StartupReport> baseline, QWidget* parent)
    : QWidget(parent),
      m_report(std::move(report)),
      m_baseline(std::move(baseline)),
      m_summaries(summarizeFigures(*m_report, m_baseline.get())),
      m_header(new QLabel),
      m_verdict(new QLabel) {
  m_header->setObjectName(QStringLiteral("startupHeader"));
  m_header->setText(QStringLiteral("<h2>%1</h2>").arg(startupHeaderText(*m_report).toHtmlEscaped()));
  m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_verdict->setObjectName(QStringLiteral("startupVerdict"));
  m_verdict->setText(startupVerdictText(*m_report, m_baseline != nullptr));
  m_verdict->setWordWrap(true);
  m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
  QFont big = m_verdict->font();
  big.setPointSizeF(big.pointSizeF() * 1.3);
  big.setBold(true);
  m_verdict->setFont(big);
  const auto& verdict = m_report->verdict;
  const QString colours = !verdict || !verdict->significant ? QStringLiteral("background: #eceff1; color: black;")
                          : verdict->regression             ? QStringLiteral("background: #c62828; color: white;")
                                                            : QStringLiteral("background: #2e7d32; color: white;");
  m_verdict->setStyleSheet(QStringLiteral("QLabel { %1 padding: 8px; }").arg(colours));

  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(makeCharts());
  auto* bottom = new QSplitter(Qt::Horizontal);
  bottom->addWidget(makeTables());
  bottom->addWidget(makeStagesAndIssues());
  bottom->setStretchFactor(0, 3);
  bottom->setStretchFactor(1, 2);
  bottom->setSizes({600, 400});  // the tables' share of the width at first: they hold the numbers
  split->addWidget(bottom);
  split->setStretchFactor(0, 2);
  split->setStretchFactor(1, 3);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_header);
  layout->addWidget(m_verdict);
  layout->addWidget(split, 1);
}

QWidget* StartupView::makeCharts() {
  auto* charts = new QWidget;
  auto* row = new QHBoxLayout(charts);
  row->setContentsMargins(0, 0, 0, 0);
  for (const FigureSummary& s : m_summaries) {
    if (!s.present) continue;
    std::vector<StripColumn> columns;
    if (m_baseline) columns.push_back(stripColumn(tr("baseline"), *m_baseline, s.baseline, s.figure));
    columns.push_back(stripColumn(tr("current"), *m_report, s.current, s.figure));
    auto* chart = new StripChart(text(core::startup::figureLabel(s.figure)), std::move(columns));
    m_strips.push_back(chart);
    m_stripFigures.push_back(s.figure);
    row->addWidget(chart);
  }
  if (m_strips.empty()) row->addWidget(new QLabel(tr("No run gave a figure: every launch failed.")));
  return charts;
}

QWidget* StartupView::makeTables() {
  auto* box = new QWidget;
  auto* layout = new QVBoxLayout(box);
  layout->setContentsMargins(0, 0, 0, 0);
  m_statsModel = new StartupStatsModel(m_summaries, m_baseline != nullptr, this);
  auto* stats = new QTableView;
  stats->setObjectName(QStringLiteral("startupStats"));
  stats->setModel(m_statsModel);
  stats->verticalHeader()->hide();
  stats->resizeColumnsToContents();
  enableCopy(stats);
  stats->setMaximumHeight(stats->horizontalHeader()->sizeHint().height() +
                          m_statsModel->rowCount() * stats->verticalHeader()->defaultSectionSize() +
                          2 * stats->frameWidth() + stats->horizontalScrollBar()->sizeHint().height());
  m_runsModel = new StartupRunsModel(m_report, this);
  m_runsTable = new QTableView;
  m_runsTable->setObjectName(QStringLiteral("startupRuns"));
  m_runsTable->setModel(m_runsModel);
  m_runsTable->setWordWrap(false);  // one line per run; the tooltip has the whole reason
  m_runsTable->verticalHeader()->hide();
  m_runsTable->resizeColumnsToContents();
  // A failure's reason can be long: the column keeps a reasonable width, the tooltip the rest.
  m_runsTable->setColumnWidth(StartupRunsModel::kWhy, std::min(m_runsTable->columnWidth(StartupRunsModel::kWhy), 220));
  enableCopy(m_runsTable);
  layout->addWidget(new QLabel(tr("<b>Statistics</b> over the counted runs, in ms")));
  layout->addWidget(stats);
  m_costs = new QLabel(startupCostsText(*m_report));
  m_costs->setObjectName(QStringLiteral("startupCosts"));
  m_costs->setWordWrap(true);
  m_costs->setVisible(!m_costs->text().isEmpty());
  layout->addWidget(m_costs);
  layout->addWidget(new QLabel(tr("<b>Runs</b>, in ms")));
  layout->addWidget(m_runsTable, 1);
  return box;
}

QWidget* StartupView::makeStagesAndIssues() {
  auto* box = new QWidget;
  auto* layout = new QVBoxLayout(box);
  layout->setContentsMargins(0, 0, 0, 0);
  std::vector<StageBar> bars;
  for (const core::startup::StartupRun& run : m_report->runs) {
    if (run.traced && !run.stages.empty()) bars.push_back({tr("run %1").arg(run.index), run.stages});
  }
  if (bars.empty()) {
    m_stagesNote = new QLabel(tr("No run was traced: run the launches with tracing for Matrix's stages."));
    m_stagesNote->setObjectName(QStringLiteral("stagesNote"));
    layout->addWidget(m_stagesNote);
  } else {
    m_stages = new StageBarsChart;
    m_stages->setBars(std::move(bars), tr("Stages of the traced launches (Matrix)"));
    layout->addWidget(m_stages, 1);
  }
  layout->addWidget(new QLabel(tr("<b>Issues</b>: launches at or over Matrix's startup thresholds (Trace_StartUp)")));
  m_issues = new QListWidget;
  m_issues->setObjectName(QStringLiteral("startupIssues"));
  for (const std::string& issue : m_report->issues) m_issues->addItem(issueItem(issue));
  if (m_report->issues.empty()) m_issues->addItem(tr("None: no launch reached its threshold"));
  layout->addWidget(m_issues, m_stages ? 0 : 1);
  return box;
}

StripChart* StartupView::stripChart(core::startup::Figure figure) const {
  for (size_t i = 0; i < m_strips.size(); ++i) {
    if (m_stripFigures[i] == figure) return m_strips[i];
  }
  return nullptr;
}

QString StartupView::headerText() const { return startupHeaderText(*m_report); }
QString StartupView::verdictText() const { return m_verdict->text(); }
QString StartupView::stagesNote() const { return m_stagesNote ? m_stagesNote->text() : QString(); }
QString StartupView::costsText() const { return m_costs->isHidden() ? QString() : m_costs->text(); }

}  // namespace mxi::gui
