#include "app/gui/views/trace/method_trace_view.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>
#include <algorithm>

#include "app/gui/charts/trace/flame_chart.h"
#include "app/gui/models/call_tree_model.h"
#include "app/gui/models/format.h"
#include "app/gui/models/trace/trace_issue_model.h"
#include "core/methodtrace/method_trace_tree.h"

namespace mxi::gui {

namespace {

using core::methodtrace::kNoCall;

// A TraceTree in the shape the evil-method call-tree view shows (times in ms).
core::matrix::CallNode toCallNode(const core::methodtrace::MethodTrace& trace, const core::methodtrace::TraceTree& tree,
                                  uint32_t node) {
  const auto& n = tree.nodes[node];
  core::matrix::CallNode out;
  out.methodId = n.method == kNoCall ? -1 : static_cast<int64_t>(n.method);
  out.name = n.method == kNoCall ? std::string("<thread>") : trace.methods[n.method].displayName();
  out.count = n.calls;
  out.costMs = static_cast<int64_t>(n.wallUs / 1000);
  out.selfMs = static_cast<int64_t>(n.selfWallUs / 1000);
  // Trees of long calls are large: callees under a tenth of a millisecond are left out.
  for (uint32_t k : n.children) {
    if (tree.nodes[k].wallUs >= 100) out.children.push_back(toCallNode(trace, tree, k));
  }
  return out;
}

}  // namespace

MethodTraceView::MethodTraceView(std::shared_ptr<const MethodTraceDocument> document, QWidget* parent)
    : QWidget(parent), m_document(std::move(document)) {
  auto* layout = new QVBoxLayout(this);
  m_header = new QLabel;
  m_header->setObjectName(QStringLiteral("traceHeader"));
  m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_header->setText(headerText());
  layout->addWidget(m_header);

  auto* bar = new QHBoxLayout;
  bar->addWidget(new QLabel(tr("Thread:")));
  m_threads = new QComboBox;
  m_threads->setObjectName(QStringLiteral("traceThreads"));
  const auto& trace = m_document->trace;
  for (size_t i = 0; i < trace.threads.size(); ++i) {
    if (!trace.threads[i].calls.empty()) m_threadOrder.push_back(i);
  }
  const auto main = m_document->report.mainThread;
  std::stable_sort(m_threadOrder.begin(), m_threadOrder.end(), [&](size_t a, size_t b) {
    if (main && (a == *main) != (b == *main)) return a == *main;
    return trace.threads[a].records > trace.threads[b].records;
  });
  for (size_t t : m_threadOrder) {
    const auto& th = trace.threads[t];
    m_threads->addItem(tr("%1 %2 (%3 calls)%4")
                           .arg(th.id)
                           .arg(QString::fromStdString(th.name))
                           .arg(th.calls.size())
                           .arg(main && t == *main ? tr(" — main thread") : QString()));
  }
  bar->addWidget(m_threads, 1);
  auto* fit = new QPushButton(tr("Zoom to fit"));
  bar->addWidget(fit);
  auto* mapping = new QPushButton(tr("R8/ProGuard mapping…"));
  mapping->setToolTip(tr("Name obfuscated classes and methods through the app's mapping.txt"));
  bar->addWidget(mapping);
  connect(mapping, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("R8/ProGuard mapping"), QString(),
                                                      tr("Mappings (mapping*.txt *.txt);;All files (*)"));
    if (!path.isEmpty()) emit mappingChosen(path);
  });
  bar->addWidget(new QLabel(tr("Wheel: zoom · drag: pan · click: call tree · double-click: zoom to call")));
  layout->addLayout(bar);

  auto* split = new QSplitter(Qt::Horizontal);
  auto* left = new QSplitter(Qt::Vertical);
  m_chart = new FlameChart;
  m_chart->setObjectName(QStringLiteral("flameChart"));
  auto* scroll = new QScrollArea;
  scroll->setWidget(m_chart);
  scroll->setWidgetResizable(true);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  left->addWidget(scroll);
  auto* below = new QWidget;
  auto* belowLayout = new QVBoxLayout(below);
  belowLayout->setContentsMargins(0, 0, 0, 0);
  m_detail = new QLabel(tr("Click a call to see its callees."));
  m_detail->setObjectName(QStringLiteral("callDetail"));
  m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_detail->setWordWrap(true);
  belowLayout->addWidget(m_detail);
  m_tree = new QTreeView;
  m_tree->setObjectName(QStringLiteral("traceCallTree"));
  m_tree->setUniformRowHeights(true);
  m_tree->header()->setStretchLastSection(false);
  belowLayout->addWidget(m_tree);
  left->addWidget(below);
  scroll->setMinimumHeight(FlameChart::kAxisHeight + 14 * FlameChart::kRowHeight);
  left->setStretchFactor(0, 3);
  left->setStretchFactor(1, 2);
  split->addWidget(left);

  auto* right = new QWidget;
  auto* rightLayout = new QVBoxLayout(right);
  rightLayout->setContentsMargins(0, 0, 0, 0);
  rightLayout->addWidget(
      new QLabel(tr("<b>Issues</b> (evil methods ≥ %1 ms, startup, main-thread IO)").arg(m_document->evilMethodMs)));
  m_issues = new QTreeView;
  m_issues->setObjectName(QStringLiteral("traceIssues"));
  m_issues->setRootIsDecorated(false);
  m_issues->setUniformRowHeights(true);
  m_issueModel = new TraceIssueModel(m_document, this);
  m_issues->setModel(m_issueModel);
  for (int c = 0; c < 3; ++c) m_issues->resizeColumnToContents(c);
  rightLayout->addWidget(m_issues);
  split->addWidget(right);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 1);
  layout->addWidget(split, 1);

  connect(m_threads, &QComboBox::currentIndexChanged, this, [this](int row) {
    if (row >= 0 && static_cast<size_t>(row) < m_threadOrder.size())
      showThread(m_threadOrder[static_cast<size_t>(row)]);
  });
  connect(fit, &QPushButton::clicked, m_chart, &FlameChart::zoomToFit);
  connect(m_chart, &FlameChart::callSelected, this, &MethodTraceView::showCall);
  connect(m_issues->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) { showIssue(current.row()); });
  if (!m_threadOrder.empty()) showThread(m_threadOrder.front());
}

QString MethodTraceView::headerText() const {
  const auto& t = m_document->trace;
  QString text =
      tr("<b>%1</b> — %2 trace v%3%4, %5 clock, %6, %7 events, %8 methods, %9 threads")
          .arg(QFileInfo(m_document->path).fileName(), QString::fromStdString(t.vm.empty() ? "method" : t.vm))
          .arg(t.version)
          .arg(t.streaming ? tr(" (streaming)") : QString())
          .arg(QString(QLatin1String(core::methodtrace::traceClockName(t.clock).data())))
          .arg(durationText(static_cast<double>(t.elapsedTimeUs)))
          .arg(t.records)
          .arg(t.methods.size())
          .arg(t.threads.size());
  if (t.pid) text += tr(", pid %1").arg(*t.pid);
  if (!m_document->mappingPath.isEmpty())
    text += tr("; names through %1").arg(QFileInfo(m_document->mappingPath).fileName());
  text += tr("; %1 Looper dispatches on the main thread").arg(m_document->report.dispatches.size());
  if (t.overflow) text += tr("<br><font color=#b00>The VM's trace buffer filled up: later calls are missing.</font>");
  if (m_document->error) {
    text += tr("<br><font color=#b00>Damaged: %1. What came before is shown.</font>")
                .arg(QString::fromStdString(m_document->error->toString()).toHtmlEscaped());
  }
  return text;
}

void MethodTraceView::showThread(size_t thread) {
  m_thread = thread;
  m_chart->setThread(m_document, thread);
  delete m_treeModel;
  m_treeModel = nullptr;
  m_tree->setModel(nullptr);
  m_detail->setText(tr("Click a call to see its callees."));
}

void MethodTraceView::showCall(uint32_t call) {
  const auto& trace = m_document->trace;
  const auto& th = trace.threads[m_thread];
  if (call >= th.calls.size()) return;
  const auto& c = th.calls[call];
  const auto& m = trace.methods[c.method];
  const core::methodtrace::TraceTree tree = core::methodtrace::callTreeOf(th, call);
  QString text = QStringLiteral("<b>%1</b><br>%2 wall")
                     .arg(QString::fromStdString(m.displayName()).toHtmlEscaped(), durationText(c.wallUs));
  if (trace.hasCpuClock()) text += tr(", %1 CPU").arg(durationText(c.cpuUs));
  text += tr(", %1 self; starts at %2")
              .arg(durationText(static_cast<double>(tree.nodes[0].selfWallUs)),
                   durationText(static_cast<double>(c.startUs)));
  text += tr("; source %1").arg(m.sourceFile.empty() ? tr("unknown") : QString::fromStdString(m.sourceFile));
  if (m.line > 0) text += QStringLiteral(":%1").arg(m.line);
  if (c.flags & core::methodtrace::TraceCall::kEnteredBefore) text += tr(" · running before tracing began");
  if (c.flags & core::methodtrace::TraceCall::kUnfinished) text += tr(" · still running when tracing stopped");
  m_detail->setText(text);
  auto* model = new CallTreeModel(toCallNode(trace, tree, 0), this);
  m_tree->setModel(model);
  delete m_treeModel;
  m_treeModel = model;
  for (const QModelIndex& index : model->hotPath()) m_tree->expand(index);
  m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
  for (int column = 1; column < model->columnCount(); ++column) {
    m_tree->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
  }
}

QString MethodTraceView::callDetailText() const { return m_detail->text(); }

void MethodTraceView::showIssue(int row) {
  const auto& report = m_document->report;
  if (row < 0 || static_cast<size_t>(row) >= report.issueCalls.size() || !report.mainThread) return;
  const auto it = std::find(m_threadOrder.begin(), m_threadOrder.end(), *report.mainThread);
  if (it != m_threadOrder.end() && m_thread != *report.mainThread) {
    m_threads->setCurrentIndex(static_cast<int>(it - m_threadOrder.begin()));
  }
  if (m_issues->currentIndex().row() != row) m_issues->setCurrentIndex(m_issueModel->index(row, 0));
  if (report.issueCalls[static_cast<size_t>(row)] != kNoCall)
    m_chart->focusCall(report.issueCalls[static_cast<size_t>(row)]);
}

}  // namespace mxi::gui
