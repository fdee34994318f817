#include "app/gui/views/session/issue_detail_view.h"

#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTextBrowser>
#include <QTreeView>
#include <QVBoxLayout>

#include "app/gui/charts/startup/stage_bars_chart.h"
#include "app/gui/models/call_tree_model.h"
#include "app/gui/views/item_views.h"
#include "app/gui/views/session/sqlite_lint_html.h"
#include "core/json/json_reader.h"
#include "core/json/json_writer.h"

namespace mxi::gui {

using core::matrix::CallNode;

namespace {

QString esc(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

// A stack as recorded, or line by line through the app's mapping (an inlined frame becomes
// several lines, innermost first, as R8's retrace prints them).
std::string retraced(const core::mapping::R8Mapping* mapping, const std::string& stack) {
  if (!mapping) return stack;
  std::string out;
  size_t start = 0;
  while (start <= stack.size()) {
    const size_t end = std::min(stack.find('\n', start), stack.size());
    const std::string_view line(stack.data() + start, end - start);
    for (const std::string& l : core::mapping::retraceStackLine(*mapping, line)) {
      if (!out.empty()) out += '\n';
      out += l;
    }
    if (end == stack.size()) break;
    start = end + 1;
  }
  return out;
}

QString anrHtml(const core::anr::AnrReport& anr, const core::mapping::R8Mapping* mapping) {
  QString html;
  if (!anr.subject.empty()) html += QStringLiteral("<p><b>%1</b></p>").arg(esc(anr.subject));
  for (const auto& deadlock : anr.deadlocks) {
    QStringList tids;
    for (int64_t t : deadlock.tids) tids << QString::number(t);
    html += QObject::tr("<p style='color:#c62828'><b>Deadlock</b> between threads %1</p>")
                .arg(tids.join(QStringLiteral(" → ")));
  }
  const auto* main = anr.mainThread();
  for (const auto& chain : anr.blockingChains) {
    if (!main || chain.tids.empty() || chain.tids.front() != main->tid) continue;
    QStringList tids;
    for (int64_t t : chain.tids) tids << QString::number(t);
    html += QObject::tr("<p><b>Main thread blocked:</b> %1%2</p>")
                .arg(tids.join(QStringLiteral(" waits for ")), chain.endsInCycle ? QObject::tr(" (cycle)") : QString());
  }
  for (const auto& process : anr.processes) {
    html += QObject::tr("<h4>%1 (pid %2)</h4>").arg(esc(process.cmdline)).arg(process.pid);
    for (const auto& t : process.threads) {
      html += QStringLiteral("<p><b>\"%1\"</b> tid=%2 %3").arg(esc(t.name)).arg(t.tid).arg(esc(t.state));
      if (t.waitingToLock) {
        html += QObject::tr(" — waiting to lock %1 (%2) held by tid %3")
                    .arg(esc(t.waitingToLock->lock), esc(t.waitingToLock->lockClass))
                    .arg(t.waitingToLock->heldByTid);
      }
      html += QStringLiteral("</p><pre>");
      for (const auto& f : t.frames) html += esc(retraced(mapping, f)) + QLatin1Char('\n');
      html += QStringLiteral("</pre>");
    }
  }
  return html;
}

// A memory issue (a leak verdict of the leak watch, or ResourceCanary's): the Activity, how it was
// found, the dump kept and the leak chain as text; every other key of the content below.
QString leakHtml(const core::matrix::MatrixIssue& issue) {
  const auto& memory = *issue.memory;
  const auto content = core::json::parseJson(issue.contentJson);
  auto text = [&](const char* key) {
    return content.ok() ? QString::fromStdString(core::json::jsonString(*content, key)) : QString();
  };
  auto number = [&](const char* key) {
    const auto v = content.ok() ? core::json::jsonInt(*content, key) : std::nullopt;
    return v ? QString::number(*v) : QString();
  };
  QString html = QStringLiteral("<table cellspacing=4>");
  auto row = [&](const QString& k, const QString& v) {
    if (!v.isEmpty()) html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(k, v.toHtmlEscaped());
  };
  row(QObject::tr("Activity"), QString::fromStdString(memory.activity));
  row(QObject::tr("Process"), QString::fromStdString(memory.leakProcess));
  row(QObject::tr("Dump mode"), text("dump_mode"));
  row(QObject::tr("GC-forced checks survived"), number("checks"));
  row(QObject::tr("Activities in the heap / the system"),
      number("heap_activities").isEmpty()
          ? QString()
          : QStringLiteral("%1 / %2").arg(number("heap_activities"), number("system_activities")));
  row(QObject::tr("Dump kept"), QString::fromStdString(memory.resultZipPath));
  html += QStringLiteral("</table>");
  if (!memory.leakDetail.empty()) {
    html += QObject::tr("<h4>Leak chain</h4><pre>%1</pre>").arg(esc(memory.leakDetail));
  }
  return html;
}

}  // namespace

IssueDetailView::IssueDetailView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  m_title = new QLabel;
  m_title->setWordWrap(true);
  m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_pages = new QStackedWidget;
  m_dumpLeak = new QPushButton(tr("Dump && analyse"));
  m_dumpLeak->setObjectName(QStringLiteral("dumpLeak"));
  m_dumpLeak->setToolTip(
      tr("Take a heap dump of the app after a GC (Matrix's MANUAL_DUMP) and open it in the heap browser on this "
         "Activity's leak chain"));
  m_dumpLeak->hide();
  connect(m_dumpLeak, &QPushButton::clicked, this, [this] {
    m_dumpLeak->setEnabled(false);  // one dump per press
    emit leakDumpRequested(m_leakActivity);
  });
  layout->addWidget(m_title);
  layout->addWidget(m_dumpLeak, 0, Qt::AlignLeft);
  layout->addWidget(m_pages, 1);

  auto* treePage = new QSplitter(Qt::Vertical);
  m_tree = modelTree(nullptr, CallTreeModel::kMethod);
  m_tree->setObjectName(QStringLiteral("callTree"));
  m_treeText = new QTextBrowser;
  treePage->addWidget(m_tree);
  treePage->addWidget(m_treeText);
  m_pages->addWidget(treePage);

  m_text = new QTextBrowser;
  m_pages->addWidget(m_text);

  m_startup = new StageBarsChart;
  m_pages->addWidget(m_startup);
  clear();
}

void IssueDetailView::setStackMapping(std::shared_ptr<const core::mapping::R8Mapping> mapping) {
  m_mapping = std::move(mapping);
  if (m_shown) showIssue(*m_shown);
}

void IssueDetailView::clear() {
  m_shown.reset();
  m_dumpLeak->hide();
  m_title->setText(tr("Select an issue to see its details."));
  m_text->clear();
  m_pages->setCurrentWidget(m_text);
}

QString IssueDetailView::detailText() const {
  QWidget* page = m_pages->currentWidget();
  if (page == m_text) return m_text->toPlainText();
  if (page == m_startup) return m_title->text();
  return m_treeText->toPlainText();
}

void IssueDetailView::showCallTree(const CallNode& root) {
  auto* model = new CallTreeModel(root, this);
  showModel(m_tree, model);
  delete m_callTree;
  m_callTree = model;
  // Expand the hot path (always into the costliest child), and the stackKey method wherever it is.
  for (const QModelIndex& at : model->hotPath()) m_tree->expand(at);
  if (const QModelIndex key = model->stackKeyIndex(); key.isValid()) {
    for (QModelIndex p = key.parent(); p.isValid(); p = p.parent()) m_tree->expand(p);
    m_tree->setCurrentIndex(key);
  }
}

void IssueDetailView::showIssue(const core::live::LiveEvent& event) {
  if (!m_shown || &event != &*m_shown) m_shown = event;  // (re-showing itself keeps it)
  QString title = QStringLiteral("<b>%1</b> — %2")
                      .arg(QString::fromUtf8(core::live::liveEventKindName(event.kind).data()), esc(event.summary));
  if (!event.scene.empty()) title += tr(" · scene %1").arg(esc(event.scene));
  if (event.costMs >= 0) title += tr(" · %1 ms").arg(event.costMs);
  m_title->setText(title);
  m_dumpLeak->hide();

  if (event.anr) {
    m_text->setHtml(anrHtml(*event.anr, m_mapping.get()));
    m_pages->setCurrentWidget(m_text);
    return;
  }
  if (!event.issue) {
    m_text->setPlainText(QString::fromStdString(event.summary));
    m_pages->setCurrentWidget(m_text);
    return;
  }
  const auto& issue = *event.issue;
  if (issue.callTree) {
    showCallTree(*issue.callTree);
    QString below;
    if (!issue.threadStack.empty())
      below += tr("<h4>Thread stack</h4><pre>%1</pre>").arg(esc(retraced(m_mapping.get(), issue.threadStack)));
    if (!issue.usage.empty()) below += tr("<p>CPU usage %1</p>").arg(esc(issue.usage));
    m_treeText->setHtml(below);
    m_pages->setCurrentWidget(m_tree->parentWidget());
    return;
  }
  if (issue.startup) {
    const core::matrix::StartupReport& startup = *issue.startup;
    StageBar bar{startup.warmStart.value_or(false) ? tr("Warm start") : tr("Cold start"), {}};
    const auto stage = [&bar](const char* key, const std::optional<int64_t>& ms) {
      if (ms) bar.stages[key] = *ms;
    };
    stage("application_create", startup.applicationCreateMs);
    stage("stage_between_app_and_activity", startup.betweenMs);
    stage("first_activity_create", startup.firstActivityCreateMs);
    stage("startup_duration", startup.startupDurationMs);
    m_startup->setBars({std::move(bar)}, tr("Startup stages (Matrix)"));
    m_pages->setCurrentWidget(m_startup);
    return;
  }
  QString html;
  if (issue.io) {
    const auto& io = *issue.io;
    html += QStringLiteral("<table cellspacing=4>");
    auto row = [&](const QString& k, const QString& v) {
      html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(k, v);
    };
    row(tr("Type"), QString::fromUtf8(core::matrix::ioIssueTypeName(issue.type).data()));
    row(tr("Path"), esc(io.path));
    row(tr("Thread"), esc(io.thread));
    row(tr("Operation"), esc(io.opType));
    row(tr("Size"), QString::number(io.size));
    row(tr("Operations"), QString::number(io.opCount));
    row(tr("Buffer"), QString::number(io.buffer));
    row(tr("Cost"), tr("%1 ms").arg(io.costMs));
    if (io.repeat) row(tr("Repeated reads"), QString::number(io.repeat));
    html += QStringLiteral("</table>");
    if (!issue.stack.empty())
      html += tr("<h4>Stack</h4><pre>%1</pre>").arg(esc(retraced(m_mapping.get(), issue.stack)));
  } else if (issue.memory && !issue.truncated) {
    html += leakHtml(issue);
    const auto content = core::json::parseJson(issue.contentJson);
    const bool manual = content.ok() && core::json::jsonString(*content, "dump_mode") == "manual";
    if (m_offerLeakDumps && manual && issue.memory->resultZipPath.empty() && !issue.memory->activity.empty()) {
      m_leakActivity = QString::fromStdString(issue.memory->activity);
      m_dumpLeak->setEnabled(true);
      m_dumpLeak->show();
    }
  } else if (const auto finding = sqliteLintFinding(issue)) {
    // The feed's summary says only "SQLiteLint"; the title names the checker and what it found.
    m_title->setText(QStringLiteral("<b>SQLiteLint</b> — %1 · %2").arg(esc(finding->checker), esc(finding->desc)));
    html += sqliteLintHtml(*finding);
  } else if (issue.truncated) {
    html += tr("<p><b>logcat cut this issue</b> (its entries end near 4 KB); the text as it arrived:</p>"
               "<pre>%1</pre>")
                .arg(esc(issue.contentJson));
  } else {
    const auto content = core::json::parseJson(issue.contentJson);
    html += tr("<h4>Content</h4><pre>%1</pre>")
                .arg(esc(content.ok() ? core::json::dumpJson(*content, 2) : issue.contentJson));
  }
  m_text->setHtml(html);
  m_pages->setCurrentWidget(m_text);
}

}  // namespace mxi::gui
