#include "app/gui/views/heap/heap_compare_view.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

#include "app/gui/models/format.h"
#include "app/gui/models/heap/class_delta_model.h"
#include "app/gui/models/heap/leak_tree_model.h"
#include "app/gui/views/item_views.h"

namespace mxi::gui {

HeapCompareView::HeapCompareView(std::shared_ptr<HeapDocument> doc, QWidget* parent)
    : QWidget(parent), m_doc(std::move(doc)) {
  auto* layout = new QVBoxLayout(this);
  auto* bar = new QHBoxLayout;
  m_summary =
      new QLabel(tr("Compare this dump with a baseline dump of the same app: which leaks are new, fixed or "
                    "still present, and which classes grew."));
  m_summary->setWordWrap(true);
  m_choose = new QPushButton(tr("Choose baseline dump…"));
  m_progress = new QProgressBar;
  m_progress->setRange(0, 1000);
  m_progress->setVisible(false);
  m_cancel = new QPushButton(tr("Cancel"));
  m_cancel->setVisible(false);
  bar->addWidget(m_summary, 1);
  bar->addWidget(m_progress);
  bar->addWidget(m_cancel);
  bar->addWidget(m_choose);
  layout->addLayout(bar);

  auto* split = new QSplitter(Qt::Vertical);
  m_leakTree = modelTree(nullptr, LeakTreeModel::kWhat);
  m_leakTree->setObjectName(QStringLiteral("compareLeaks"));
  split->addWidget(m_leakTree);
  m_results = split;
  layout->addWidget(split, 1);

  connect(m_choose, &QPushButton::clicked, this, &HeapCompareView::chooseBaseline);
  connect(m_cancel, &QPushButton::clicked, this, [this] {
    if (m_job) m_job->cancel();
  });
}

HeapCompareView::~HeapCompareView() = default;

void HeapCompareView::chooseBaseline() {
  const QString path =
      QFileDialog::getOpenFileName(this, tr("Baseline heap dump"), QFileInfo(m_doc->path).absolutePath(),
                                   tr("Heap dumps (*.hprof *.hprof.gz *.gz *.zip);;All files (*)"));
  if (!path.isEmpty()) compareWith(path);
}

void HeapCompareView::compareWith(const QString& basePath) {
  m_job = std::make_unique<HeapCompareJob>(basePath, m_doc->index, m_doc->path, m_doc->appMappings);
  connect(m_job.get(), &HeapCompareJob::progress, this, [this](const QString& phase, int permille) {
    m_progress->setValue(permille);
    m_progress->setFormat(phase + QStringLiteral(" %p%"));
  });
  connect(m_job.get(), &HeapCompareJob::finished, this, [this](std::shared_ptr<HeapComparison> c) {
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    m_choose->setEnabled(true);
    show(std::move(c));
    emit compared();
  });
  connect(m_job.get(), &HeapCompareJob::failed, this, [this](const QString& message) {
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    m_choose->setEnabled(true);
    m_summary->setText(tr("Comparison failed: %1").arg(message));
    emit compareFailed(message);
  });
  m_progress->setValue(0);
  m_progress->setVisible(true);
  m_cancel->setVisible(true);
  m_choose->setEnabled(false);
  m_summary->setText(tr("Comparing with %1…").arg(QFileInfo(basePath).fileName()));
  m_job->start();
}

QString HeapCompareView::summaryText() const { return m_summary->text(); }

void HeapCompareView::show(std::shared_ptr<HeapComparison> comparison) {
  // The leak model points into the comparison it shows: drop it before its comparison.
  m_leakTree->setModel(nullptr);
  delete m_leakModel;
  m_comparison = std::move(comparison);
  const auto& d = m_comparison->diff;
  QString summary = tr("Baseline %1 → this dump: %2 new leaks, %3 fixed, %4 still present; %5 classes changed.")
                        .arg(QFileInfo(m_comparison->basePath).fileName())
                        .arg(d.newLeaks.size())
                        .arg(d.fixedLeaks.size())
                        .arg(d.stillPresent.size())
                        .arg(d.classes.size());
  if (!m_comparison->baseMapping.isEmpty()) summary += tr(" Baseline: %1.").arg(m_comparison->baseMapping);
  m_summary->setText(summary);
  // The Leaks tab's model in three sections (chains shown the same way); fixed leaks come from
  // the baseline.
  LeakSection added{tr("New leaks (%1)").arg(d.newLeaks.size()), QColor(0xc6, 0x28, 0x28), {}};
  for (const auto& l : d.newLeaks) added.leaks.push_back({&l, std::nullopt});
  LeakSection fixed{tr("Fixed leaks (%1)").arg(d.fixedLeaks.size()), QColor(0x2e, 0x7d, 0x32), {}};
  for (const auto& l : d.fixedLeaks) fixed.leaks.push_back({&l, std::nullopt});
  LeakSection still{tr("Still present (%1)").arg(d.stillPresent.size()), QColor(), {}};
  for (const auto& [base, next] : d.stillPresent) still.leaks.push_back({&next, base.retainedBytes});
  auto* leaks = new LeakTreeModel({std::move(added), std::move(fixed), std::move(still)}, this);
  showModel(m_leakTree, leaks);
  m_leakModel = leaks;
  for (int section = 0; section < leaks->rowCount(); ++section) m_leakTree->expand(leaks->index(section, 0));

  delete m_classPage;
  delete m_classes;
  m_classes = new ClassDeltaModel(d.classes, this);
  m_classPage = filteredTable(m_classes, ClassDeltaModel::kRetainedDelta, m_classes);
  static_cast<QSplitter*>(m_results)->addWidget(m_classPage);
  m_results->setVisible(true);
}

}  // namespace mxi::gui
