#include "app/gui/heap_browser.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTextBrowser>
#include <QTreeView>
#include <QVBoxLayout>

#include "app/gui/bitmap_gallery.h"
#include "app/gui/item_views.h"
#include "app/gui/format.h"
#include "app/gui/heap_compare_view.h"
#include "app/gui/instance_inspector.h"
#include "app/gui/models/roles.h"
#include "app/gui/models/class_histogram_model.h"
#include "app/gui/models/dominator_tree_model.h"
#include "app/gui/models/duplicate_strings_model.h"
#include "app/gui/models/leak_tree_model.h"

namespace mxi::gui {


HeapBrowser::HeapBrowser(std::shared_ptr<HeapDocument> doc, QWidget* parent) : QTabWidget(parent), m_doc(std::move(doc)) {
  setDocumentMode(true);
  addTab(makeSummary(), tr("Summary"));

  m_leaks = new LeakTreeModel(*m_doc, this);
  auto* leakView = new QTreeView;
  leakView->setObjectName(QStringLiteral("leakTree"));
  leakView->setModel(m_leaks);
  leakView->setUniformRowHeights(true);
  leakView->header()->setSectionResizeMode(LeakTreeModel::kWhat, QHeaderView::Stretch);
  if (m_leaks->rowCount() > 0) leakView->expand(m_leaks->index(0, 0));
  addTab(leakView, tr("Leaks (%1)").arg(m_doc->leaks.leaks.size() + m_doc->leaks.libraryLeaks.size()));

  m_gallery = new BitmapGallery(*m_doc);
  addTab(m_gallery, tr("Bitmaps (%1)").arg(m_doc->bitmaps.groups.size()));

  m_classes = new ClassHistogramModel(*m_doc, this);
  QAbstractItemView* classView = nullptr;
  addTab(filteredTable(m_classes, ClassHistogramModel::kShallow, this, &classView, true), tr("Classes"));  // core's order

  m_dominators = new DominatorTreeModel(*m_doc, this);
  auto* domView = new QTreeView;
  domView->setModel(m_dominators);
  domView->setUniformRowHeights(true);
  domView->header()->setSectionResizeMode(DominatorTreeModel::kObject, QHeaderView::Stretch);
  addTab(domView, tr("Dominators"));

  m_strings = new DuplicateStringsModel(*m_doc, this);
  addTab(filteredTable(m_strings, DuplicateStringsModel::kWasted, this, nullptr, true), tr("Strings"));  // core's order

  m_inspector = new InstanceInspector(m_doc);
  addTab(m_inspector, tr("Inspector"));
  m_compare = new HeapCompareView(m_doc);
  addTab(m_compare, tr("Compare"));
  enableCopy(leakView);
  enableCopy(domView);
  for (QAbstractItemView* view : {static_cast<QAbstractItemView*>(leakView), static_cast<QAbstractItemView*>(domView), classView}) {
    view->setToolTip(tr("Double-click an object to inspect it"));
    connect(view, &QAbstractItemView::doubleClicked, this, [this](const QModelIndex& index) {
      const QVariant id = index.data(kObjectIdRole);
      if (id.isValid() && id.toULongLong() != 0) inspect(core::hprof::ObjectId{id.toULongLong()});
    });
  }
}

bool HeapBrowser::inspect(core::hprof::ObjectId id) {
  if (!m_inspector->inspectId(id)) return false;
  setCurrentWidget(m_inspector);
  return true;
}

HeapBrowser::~HeapBrowser() = default;

bool HeapBrowser::showView(const QString& name) {
  static const char* kNames[] = {"summary", "leaks", "bitmaps", "classes", "dominators", "strings", "inspector", "compare"};
  for (int i = 0; i < 8; ++i) {
    if (name.compare(QLatin1String(kNames[i]), Qt::CaseInsensitive) == 0) {
      setCurrentIndex(i);
      return true;
    }
  }
  return false;
}

QWidget* HeapBrowser::makeSummary() {
  const auto& ix = *m_doc->index;
  const auto& s = ix.stats();
  QString html = QStringLiteral("<h2>%1</h2><table cellspacing=6>").arg(m_doc->path.toHtmlEscaped());
  auto row = [&](const QString& k, const QString& v) { html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(k, v); };
  row(tr("Format"), QStringLiteral("%1, %2-byte ids, %3").arg(QString::fromStdString(s.format)).arg(s.idSize).arg(humanBytes(s.fileBytes)));
  row(tr("Objects"), tr("%1 (%2 instances, %3 object arrays, %4 primitive arrays, %5 classes)")
                         .arg(groupedNumber(static_cast<qlonglong>(ix.objectCount())), groupedNumber(static_cast<qlonglong>(s.instances)),
                              groupedNumber(static_cast<qlonglong>(s.objectArrays)), groupedNumber(static_cast<qlonglong>(s.primitiveArrays)),
                              groupedNumber(static_cast<qlonglong>(s.classes))));
  row(tr("Reachable"), tr("%1 objects, %2").arg(groupedNumber(static_cast<qlonglong>(m_doc->dominators->reachableObjects())),
                                                 humanBytes(m_doc->dominators->reachableBytes())));
  row(tr("GC roots"), groupedNumber(static_cast<qlonglong>(ix.roots().size())));
  QString heaps;
  for (const auto& h : ix.heaps()) heaps += QStringLiteral("%1: %2 objects, %3<br>").arg(QString::fromStdString(h.name), groupedNumber(static_cast<qlonglong>(h.objects)), humanBytes(h.shallowBytes));
  if (!m_doc->excludedHeaps.isEmpty()) {
    heaps += tr("<i>not counted in retained sizes and classes (Settings): %1</i>").arg(m_doc->excludedHeaps.join(QStringLiteral(", ")));
  }
  row(tr("Heaps"), heaps);
  row(tr("Leaks"), tr("%1 application, %2 library (%3 candidates)")
                       .arg(m_doc->leaks.leaks.size()).arg(m_doc->leaks.libraryLeaks.size()).arg(m_doc->leaks.candidates));
  row(tr("Duplicate bitmaps"), QString::number(m_doc->bitmaps.groups.size()));
  row(tr("Duplicate strings"), tr("%1 values wasting %2").arg(m_doc->duplicates.strings.size()).arg(humanBytes(m_doc->duplicates.stringWastedBytes)));
  row(tr("Index memory"), humanBytes(s.indexBytes));
  QStringList phases;
  for (const auto& [phase, ms] : m_doc->timingsMs) phases << QStringLiteral("%1 %2 s").arg(QString::fromStdString(phase)).arg(ms / 1000, 0, 'f', 2);
  row(tr("Opened and analysed in"), tr("%1 s (%2)").arg(m_doc->loadSeconds, 0, 'f', 2).arg(phases.join(QStringLiteral(", "))));
  html += QStringLiteral("</table>");
  auto* browser = new QTextBrowser;
  browser->setHtml(html);
  return browser;
}

}  // namespace mxi::gui
