#include "app/gui/views/heap/heap_browser.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include "app/gui/charts/heap/dominator_treemap.h"
#include "app/gui/models/format.h"
#include "app/gui/models/heap/class_histogram_model.h"
#include "app/gui/models/heap/dominator_tree_model.h"
#include "app/gui/models/heap/duplicate_strings_model.h"
#include "app/gui/models/heap/leak_tree_model.h"
#include "app/gui/models/heap/mapping_text.h"
#include "app/gui/models/roles.h"
#include "app/gui/views/heap/bitmap_gallery.h"
#include "app/gui/views/heap/heap_compare_view.h"
#include "app/gui/views/heap/instance_inspector.h"
#include "app/gui/views/heap/pending_tab.h"
#include "app/gui/views/item_views.h"
#include "core/hprof/heap_list.h"

namespace mxi::gui {

namespace {

// Tab order (showView's names, in order).
enum Tab { kSummaryTab, kLeaksTab, kBitmapsTab, kClassesTab, kDominatorsTab, kStringsTab, kInspectorTab, kCompareTab };

}  // namespace

HeapBrowser::HeapBrowser(std::shared_ptr<HeapDocument> doc, QWidget* parent)
    : QTabWidget(parent), m_doc(std::move(doc)) {
  setDocumentMode(true);
  // Usable from the index on: Summary and Classes; every other tab fills in as its stage lands.
  addTab(makeSummary(), tr("Summary"));
  addTab(pending(tr("leak paths")), tr("Leaks"));
  addTab(pending(tr("duplicate bitmaps")), tr("Bitmaps"));
  m_classes = new ClassHistogramModel(*m_doc, this);
  QAbstractItemView* classView = nullptr;
  addTab(filteredTable(m_classes, ClassHistogramModel::kShallow, this, &classView, true),
         tr("Classes"));  // core's order
  inspectOnDoubleClick(classView);
  addTab(pending(tr("dominator tree")), tr("Dominators"));
  addTab(pending(tr("duplicate strings")), tr("Strings"));
  addTab(pending(tr("dominator tree")), tr("Inspector"));
  addTab(pending(tr("dominator tree")), tr("Compare"));
  if (m_doc->dominators) {  // complete already (loadHeapDocument)
    for (HeapStage stage : {HeapStage::kLeaksFound, HeapStage::kRetained, HeapStage::kExtras}) apply(stage);
  }
}

PendingTab* HeapBrowser::pending(const QString& waitingFor) {
  auto* tab = new PendingTab(waitingFor);
  connect(tab, &PendingTab::cancelRequested, this, &HeapBrowser::cancelRequested);
  return tab;
}

void HeapBrowser::replaceTab(int tab, QWidget* page, const QString& title) {
  const bool current = currentIndex() == tab;
  QWidget* old = widget(tab);
  removeTab(tab);
  insertTab(tab, page, title);
  if (current) setCurrentIndex(tab);
  if (old) old->deleteLater();
}

void HeapBrowser::inspectOnDoubleClick(QAbstractItemView* view) {
  view->setToolTip(tr("Double-click an object to inspect it"));
  connect(view, &QAbstractItemView::doubleClicked, this, [this](const QModelIndex& index) {
    const QVariant id = index.data(kObjectIdRole);
    if (id.isValid() && id.toULongLong() != 0) inspect(core::hprof::ObjectId{id.toULongLong()});
  });
}

// A tree of objects (leak chains, dominators): copyable, double-click inspects.
QTreeView* HeapBrowser::objectTree(QAbstractItemModel* model, int stretchColumn) {
  QTreeView* view = modelTree(model, stretchColumn);
  inspectOnDoubleClick(view);
  return view;
}

void HeapBrowser::apply(HeapStage stage) {
  switch (stage) {
    case HeapStage::kLeaksFound: {
      m_leaks = new LeakTreeModel(*m_doc, this);
      m_leakView = objectTree(m_leaks, LeakTreeModel::kWhat);
      m_leakView->setObjectName(QStringLiteral("leakTree"));
      if (m_leaks->rowCount() > 0) m_leakView->expand(m_leaks->index(0, 0));
      replaceTab(kLeaksTab, m_leakView,
                 tr("Leaks (%1)").arg(m_doc->leaks.leaks.size() + m_doc->leaks.libraryLeaks.size()));
      break;
    }
    case HeapStage::kRetained: {
      // Retained sizes everywhere: leaks re-ordered biggest first, classes, the dominator tree.
      if (m_leaks) {
        m_leaks->reload();
        if (m_leaks->rowCount() > 0) m_leakView->expand(m_leaks->index(0, 0));
      }
      m_classes->reloadRetained(*m_doc);
      m_dominators = new DominatorTreeModel(*m_doc, this);
      replaceTab(kDominatorsTab, objectTree(m_dominators, DominatorTreeModel::kObject), tr("Dominators"));
      m_inspector = new InstanceInspector(m_doc);
      replaceTab(kInspectorTab, m_inspector, tr("Inspector"));
      m_compare = new HeapCompareView(m_doc);
      replaceTab(kCompareTab, m_compare, tr("Compare"));
      break;
    }
    case HeapStage::kExtras: {
      m_gallery = new BitmapGallery(*m_doc);
      replaceTab(kBitmapsTab, m_gallery, tr("Bitmaps (%1)").arg(m_doc->bitmaps.groups.size()));
      m_strings = new DuplicateStringsModel(*m_doc, this);
      replaceTab(kStringsTab, filteredTable(m_strings, DuplicateStringsModel::kWasted, this, nullptr, true),
                 tr("Strings"));  // core's order
      break;
    }
  }
  applyFocus();
  updateSummary();
}

void HeapBrowser::focus(const QString& leakSignature, core::hprof::ObjectId object) {
  m_focusSignature = leakSignature;
  m_focusObject = object;
  applyFocus();
}

void HeapBrowser::applyFocus() {
  if (m_focusSignature.isEmpty() && m_focusObject.value == 0) return;
  if (m_leaks && !m_focusSignature.isEmpty()) {
    // Top-level rows: the application leaks, then the library leaks, in the document's order.
    const auto& report = m_doc->leaks;
    int row = 0;
    for (const auto* list : {&report.leaks, &report.libraryLeaks}) {
      for (const auto& leak : *list) {
        if (QString::fromStdString(leak.signature) == m_focusSignature ||
            QString::fromStdString(leak.className) == m_focusSignature) {
          const QModelIndex index = m_leaks->index(row, 0);
          m_leakView->setCurrentIndex(index);
          m_leakView->expand(index);
          m_leakView->scrollTo(index, QAbstractItemView::PositionAtTop);
          setCurrentIndex(kLeaksTab);
          return;  // kept: the leaks are re-ordered when retained sizes land
        }
        ++row;
      }
    }
  }
  // Not a leak of this dump (a bitmap): the object itself, once the Inspector exists.
  if (m_focusObject.value != 0 && inspect(m_focusObject)) {
    m_focusSignature.clear();
    m_focusObject = core::hprof::ObjectId{0};
  }
}

QString HeapBrowser::selectedLeakSignature() const {
  if (!m_leakView || !m_leakView->currentIndex().isValid()) return {};
  QModelIndex top = m_leakView->currentIndex();
  while (top.parent().isValid()) top = top.parent();
  const auto& report = m_doc->leaks;
  const auto row = static_cast<size_t>(top.row());
  if (row < report.leaks.size()) return QString::fromStdString(report.leaks[row].signature);
  if (row - report.leaks.size() < report.libraryLeaks.size()) {
    return QString::fromStdString(report.libraryLeaks[row - report.leaks.size()].signature);
  }
  return {};
}

void HeapBrowser::showProgress(const QString& phase, int permille) {
  for (int i = 0; i < count(); ++i) {
    if (auto* waiting = dynamic_cast<PendingTab*>(widget(i))) waiting->progress(phase, permille);
  }
}

void HeapBrowser::stopPending(const QString& why) {
  for (int i = 0; i < count(); ++i) {
    if (auto* waiting = dynamic_cast<PendingTab*>(widget(i))) waiting->stop(why);
  }
}

bool HeapBrowser::isReady(const QString& view) const {
  const int tab = tabIndex(view);
  return tab >= 0 && dynamic_cast<PendingTab*>(widget(tab)) == nullptr;
}

bool HeapBrowser::inspect(core::hprof::ObjectId id) {
  if (!m_inspector || !m_inspector->inspectId(id)) return false;
  setCurrentWidget(m_inspector);
  return true;
}

HeapBrowser::~HeapBrowser() = default;

int HeapBrowser::tabIndex(const QString& name) {
  static const char* kNames[] = {"summary",    "leaks",   "bitmaps",   "classes",
                                 "dominators", "strings", "inspector", "compare"};
  for (int i = 0; i < 8; ++i) {
    if (name.compare(QLatin1String(kNames[i]), Qt::CaseInsensitive) == 0) return i;
  }
  return -1;
}

bool HeapBrowser::showView(const QString& name) {
  const int tab = tabIndex(name);
  if (tab < 0) return false;
  setCurrentIndex(tab);
  return true;
}

QString HeapBrowser::summaryFacts() const {
  const auto& ix = *m_doc->index;
  const auto& s = ix.stats();
  QString html = QStringLiteral("<h2>%1</h2><table cellspacing=6>").arg(m_doc->path.toHtmlEscaped());
  auto row = [&](const QString& k, const QString& v) {
    html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(k, v);
  };
  row(tr("Format"), QStringLiteral("%1, %2-byte ids, %3")
                        .arg(QString::fromStdString(s.format))
                        .arg(s.idSize)
                        .arg(humanBytes(s.fileBytes)));
  row(tr("Objects"), tr("%1 (%2 instances, %3 object arrays, %4 primitive arrays, %5 classes)")
                         .arg(groupedNumber(static_cast<qlonglong>(ix.objectCount())),
                              groupedNumber(static_cast<qlonglong>(s.instances)),
                              groupedNumber(static_cast<qlonglong>(s.objectArrays)),
                              groupedNumber(static_cast<qlonglong>(s.primitiveArrays)),
                              groupedNumber(static_cast<qlonglong>(s.classes))));
  const QString computing = tr("<i>computing…</i>");
  row(tr("Reachable"), m_doc->dominators
                           ? tr("%1 objects, %2")
                                 .arg(groupedNumber(static_cast<qlonglong>(m_doc->dominators->reachableObjects())),
                                      humanBytes(m_doc->dominators->reachableBytes()))
                           : computing);
  row(tr("GC roots"), groupedNumber(static_cast<qlonglong>(ix.roots().size())));
  if (!appBuildText(*m_doc).isEmpty()) row(tr("App"), appBuildText(*m_doc).toHtmlEscaped());
  row(tr("Names"), mappingStatusText(*m_doc).toHtmlEscaped());
  QString heaps;
  for (const uint8_t index : core::hprof::listedHeaps(ix)) {
    const auto& h = ix.heaps()[index];
    heaps += QStringLiteral("%1: %2 objects, %3<br>")
                 .arg(QString::fromStdString(h.name), groupedNumber(static_cast<qlonglong>(h.objects)),
                      humanBytes(h.shallowBytes));
  }
  if (!m_doc->excludedHeaps.isEmpty()) {
    heaps += tr("<i>not counted in retained sizes and classes (Settings): %1</i>")
                 .arg(m_doc->excludedHeaps.join(QStringLiteral(", ")));
  }
  row(tr("Heaps"), heaps);
  const bool leaksFound = m_leaks != nullptr, extras = m_gallery != nullptr;
  row(tr("Leaks"), leaksFound ? tr("%1 application, %2 library (%3 candidates)")
                                    .arg(m_doc->leaks.leaks.size())
                                    .arg(m_doc->leaks.libraryLeaks.size())
                                    .arg(m_doc->leaks.candidates)
                              : computing);
  row(tr("Duplicate bitmaps"), extras ? QString::number(m_doc->bitmaps.groups.size()) : computing);
  row(tr("Duplicate strings"), extras ? tr("%1 values wasting %2")
                                            .arg(m_doc->duplicates.strings.size())
                                            .arg(humanBytes(m_doc->duplicates.stringWastedBytes))
                                      : computing);
  row(tr("Index memory"), humanBytes(s.indexBytes));
  auto steps = [](const std::vector<std::pair<std::string, double>>& timings) {
    QStringList out;
    for (const auto& [phase, ms] : timings)
      out << QStringLiteral("%1 %2 s").arg(QString::fromStdString(phase)).arg(ms / 1000, 0, 'f', 2);
    return out.join(QStringLiteral(", "));
  };
  QString phases = steps(m_doc->timingsMs);
  if (!m_doc->alongsideMs.empty()) phases += tr("; beside the tree: %1").arg(steps(m_doc->alongsideMs));
  row(extras ? tr("Opened and analysed in") : tr("So far"),
      tr("%1 s (%2)").arg(m_doc->loadSeconds, 0, 'f', 2).arg(phases));
  html += QStringLiteral("</table>");
  // The classes that hold the most (retained bytes once the tree exists, shallow until then).
  std::vector<size_t> rows(m_doc->histogram.size());
  for (size_t i = 0; i < rows.size(); ++i) rows[i] = i;
  const bool retained = m_doc->dominators != nullptr;
  auto bytesOf = [&](size_t i) {
    const auto& r = m_doc->histogram[i];
    return retained ? (r.cls.value < m_doc->classRetained.size() ? m_doc->classRetained[r.cls.value] : 0)
                    : r.shallowBytes;
  };
  const size_t top = std::min<size_t>(10, rows.size());
  std::partial_sort(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(top), rows.end(),
                    [&](size_t a, size_t b) { return bytesOf(a) > bytesOf(b); });
  html += QStringLiteral("<h3>%1</h3><table cellspacing=4>")
              .arg(retained ? tr("Top classes by retained bytes")
                            : tr("Top classes by shallow bytes (retained: computing…)"));
  for (size_t i = 0; i < top; ++i) {
    const auto& cls = m_doc->histogram[rows[i]];
    html += QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3 objects</td></tr>")
                .arg(QString::fromStdString(cls.className).toHtmlEscaped(), humanBytes(bytesOf(rows[i])),
                     groupedNumber(static_cast<qlonglong>(cls.count)));
  }
  html += QStringLiteral("</table>");
  return html;
}

// A finding as a card: its count and weight; a click opens its tab.
QPushButton* HeapBrowser::findingCard(int tab) {
  auto* card = new QPushButton;
  card->setMinimumHeight(56);
  connect(card, &QPushButton::clicked, this, [this, tab] { setCurrentIndex(tab); });
  return card;
}

// Summary: the findings as cards, the heaps as one bar, where the memory goes (the dominator
// tree as a treemap) beside the facts and the top classes. Built once; updateSummary() fills it
// in as stages land (rebuilding the page shown while a dump loads would re-lay it out each time).
QWidget* HeapBrowser::makeSummary() {
  auto* page = new QWidget;
  page->setObjectName(QStringLiteral("summaryPage"));
  auto* layout = new QVBoxLayout(page);
  auto* cards = new QHBoxLayout;
  for (int tab : {kLeaksTab, kBitmapsTab, kStringsTab}) {
    m_cards.push_back(findingCard(tab));
    cards->addWidget(m_cards.back());
  }
  layout->addLayout(cards);
  layout->addWidget(new HeapsBar(m_doc));
  auto* split = new QSplitter(Qt::Horizontal);
  auto* mapPage = new QWidget;
  m_mapLayout = new QVBoxLayout(mapPage);
  m_mapLayout->setContentsMargins(0, 0, 0, 0);
  m_mapLayout->addWidget(
      new QLabel(tr("<b>Where the memory goes</b> — the dominator tree by retained bytes; click a box "
                    "for what it holds, right click or Back to return")));
  m_mapWaiting = new QLabel(tr("computing the dominator tree…"));
  m_mapWaiting->setAlignment(Qt::AlignCenter);
  m_mapLayout->addWidget(m_mapWaiting, 1);
  split->addWidget(mapPage);
  m_facts = new QTextBrowser;
  split->addWidget(m_facts);
  split->setSizes({780, 460});
  layout->addWidget(split, 1);
  updateSummary();
  return page;
}

void HeapBrowser::updateSummary() {
  const QString computing = tr("computing…");
  uint64_t leakedBytes = 0;
  for (const auto& l : m_doc->leaks.leaks) leakedBytes += l.retainedBytes;
  uint64_t wastedPixels = 0;
  for (const auto& g : m_doc->bitmaps.groups) wastedPixels += g.wastedBytes;
  const auto leakCount = static_cast<int>(m_doc->leaks.leaks.size() + m_doc->leaks.libraryLeaks.size());
  const auto card = [](const QString& title, const QString& detail) {
    return QStringLiteral("%1\n%2").arg(title, detail);
  };
  m_cards[0]->setText(card(m_leaks ? tr("%n leak(s)", nullptr, leakCount) : tr("Leaks"),
                           !m_leaks            ? computing
                           : m_doc->dominators ? tr("%1 retained by application leaks").arg(humanBytes(leakedBytes))
                                               : tr("retained sizes: computing…")));
  m_cards[1]->setText(
      card(m_gallery ? tr("%n duplicate bitmap group(s)", nullptr, static_cast<int>(m_doc->bitmaps.groups.size()))
                     : tr("Duplicate bitmaps"),
           m_gallery ? tr("%1 wasted").arg(humanBytes(wastedPixels)) : computing));
  m_cards[2]->setText(
      card(m_strings ? tr("%n duplicate string(s)", nullptr, static_cast<int>(m_doc->duplicates.strings.size()))
                     : tr("Duplicate strings"),
           m_strings ? tr("%1 wasted").arg(humanBytes(m_doc->duplicates.stringWastedBytes)) : computing));
  // The facts are a rich-text layout that costs tens of ms on a big page: set a moment later, so
  // the page's own first paint and this one do not add up into one stall of the UI thread.
  QTimer::singleShot(1, m_facts, [this] { m_facts->setHtml(summaryFacts()); });
  if (!m_doc->dominators || m_treemap) return;
  // The tree landed: the treemap takes the waiting label's place.
  m_treemap = new DominatorTreemap(m_doc);
  auto* bar = new QHBoxLayout;
  auto* backButton = new QToolButton;
  backButton->setText(tr("Back"));
  backButton->setEnabled(false);
  auto* crumb = new QLabel(m_treemap->breadcrumb());
  crumb->setWordWrap(true);
  bar->addWidget(backButton);
  bar->addWidget(crumb, 1);
  DominatorTreemap* treemap = m_treemap;
  connect(backButton, &QToolButton::clicked, treemap, &DominatorTreemap::back);
  connect(treemap, &DominatorTreemap::focusChanged, crumb, &QLabel::setText);
  connect(treemap, &DominatorTreemap::focusChanged, backButton,
          [backButton, treemap] { backButton->setEnabled(treemap->focus() != core::hprof::kNoObject); });
  m_mapLayout->removeWidget(m_mapWaiting);
  m_mapWaiting->deleteLater();
  m_mapWaiting = nullptr;
  m_mapLayout->addLayout(bar);
  m_mapLayout->addWidget(treemap, 1);
}

}  // namespace mxi::gui
