#include "app/gui/views/heap/instance_inspector.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QTextBrowser>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>
#include <algorithm>

#include "app/gui/models/format.h"
#include "core/analysis/known_references.h"
#include "core/analysis/leak_analysis.h"
#include "core/analysis/object_inspection.h"
#include "core/analysis/shortest_paths.h"

namespace mxi::gui {

using core::hprof::ObjectIndex;

namespace {

QString esc(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

QString objectLink(ObjectIndex o, const QString& text) {
  return QStringLiteral("<a href=\"obj:%1\">%2</a>").arg(o.value).arg(text);
}

}  // namespace

InstanceInspector::InstanceInspector(std::shared_ptr<HeapDocument> doc, QWidget* parent)
    : QWidget(parent), m_doc(std::move(doc)) {
  auto* layout = new QVBoxLayout(this);
  auto* bar = new QHBoxLayout;
  m_back = new QToolButton;
  m_back->setArrowType(Qt::LeftArrow);
  m_back->setToolTip(tr("Back"));
  m_forward = new QToolButton;
  m_forward->setArrowType(Qt::RightArrow);
  m_forward->setToolTip(tr("Forward"));
  m_idEdit = new QLineEdit;
  m_idEdit->setObjectName(QStringLiteral("objectId"));
  m_idEdit->setPlaceholderText(tr("Object id, e.g. 0x7f3a2c10 — or double-click an object in any tab"));
  m_status = new QLabel;
  bar->addWidget(m_back);
  bar->addWidget(m_forward);
  bar->addWidget(m_idEdit, 1);
  bar->addWidget(m_status);
  m_page = new QTextBrowser;
  m_page->setOpenLinks(false);
  m_page->setHtml(tr("<p>Double-click an object in the Leaks, Dominators or Classes tab, or type an id above.</p>"));
  layout->addLayout(bar);
  layout->addWidget(m_page, 1);

  connect(m_back, &QToolButton::clicked, this, [this] { navigate(-1); });
  connect(m_forward, &QToolButton::clicked, this, [this] { navigate(+1); });
  connect(m_idEdit, &QLineEdit::returnPressed, this, &InstanceInspector::goToTyped);
  connect(m_page, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
    if (url.scheme() != QLatin1String("obj")) return;
    bool ok = false;
    const uint value = url.path().toUInt(&ok);
    if (ok && value < m_doc->index->objectCount()) inspect(ObjectIndex{value});
  });
  m_back->setEnabled(false);
  m_forward->setEnabled(false);
}

InstanceInspector::~InstanceInspector() = default;

bool InstanceInspector::inspectId(core::hprof::ObjectId id) {
  const auto object = m_doc->index->find(id);
  if (!object) {
    m_status->setText(tr("%1 is not in this dump").arg(hexId(id)));
    return false;
  }
  inspect(*object);
  return true;
}

void InstanceInspector::goToTyped() {
  QString text = m_idEdit->text().trimmed();
  bool ok = false;
  const qulonglong value = text.startsWith(QLatin1String("0x"), Qt::CaseInsensitive) ? text.mid(2).toULongLong(&ok, 16)
                                                                                     : text.toULongLong(&ok, 0);
  if (!ok) {
    m_status->setText(tr("Not an object id: %1").arg(text));
    return;
  }
  inspectId(core::hprof::ObjectId{value});
}

void InstanceInspector::inspect(ObjectIndex object) {
  m_history.resize(static_cast<size_t>(m_position + 1));
  m_history.push_back(object);
  m_position = static_cast<int>(m_history.size()) - 1;
  show(object);
}

void InstanceInspector::navigate(int delta) {
  const int next = m_position + delta;
  if (next < 0 || next >= static_cast<int>(m_history.size())) return;
  m_position = next;
  show(m_history[static_cast<size_t>(next)]);
}

void InstanceInspector::show(ObjectIndex object) {
  m_current = object;
  m_extras.reset();
  m_back->setEnabled(m_position > 0);
  m_forward->setEnabled(m_position + 1 < static_cast<int>(m_history.size()));
  m_idEdit->setText(hexId(m_doc->index->idOf(object)));
  render();
  startExtras();
}

void InstanceInspector::startExtras() {
  m_status->setText(tr("Finding referrers and the path from a GC root…"));
  // A job per object: the previous one, if still running, is cancelled and its result dropped.
  m_extrasJob = std::make_unique<InspectorExtrasJob>(m_doc, m_current);
  connect(m_extrasJob.get(), &InspectorExtrasJob::found, this, [this](std::shared_ptr<const InspectorExtras> extras) {
    m_extras = std::move(extras);
    m_status->clear();
    render();
    emit extrasLoaded();
  });
  m_extrasJob->start();
}

QString InstanceInspector::pageHtml() const { return m_page->toHtml(); }
QString InstanceInspector::pageText() const { return m_page->toPlainText(); }

void InstanceInspector::render() {
  const auto& ix = *m_doc->index;
  const auto& dom = *m_doc->dominators;
  const auto info = core::analysis::inspectObject(ix, m_current);
  auto link = [&](ObjectIndex o) {
    return objectLink(o, QString::fromStdString(core::analysis::describeReference(ix, ix.idOf(o))).toHtmlEscaped());
  };

  QString html = QStringLiteral("<h3>%1 %2</h3><table cellspacing=4>").arg(esc(info.className), hexId(info.id));
  auto row = [&](const QString& k, const QString& v) {
    html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(k, v);
  };
  row(tr("Kind"), QString::fromUtf8(core::hprof::objectKindName(info.kind).data()));
  if (!info.heap.empty()) row(tr("Heap"), esc(info.heap));
  row(tr("Shallow"), humanBytes(info.shallowBytes));
  row(tr("Retained"), humanBytes(dom.retainedBytes(m_current)));
  const ObjectIndex idom = dom.immediateDominator(m_current);
  row(tr("Dominated by"), idom == core::hprof::kNoObject ? tr("a GC root (or unreachable)") : link(idom));
  if (!info.rootKinds.empty()) {
    QStringList kinds;
    for (const auto& k : info.rootKinds) kinds << esc(k);
    row(tr("GC root"), kinds.join(QStringLiteral(", ")));
  }
  row(tr("Record offset"), QString::number(info.recordOffset));
  if (info.stringValue) row(tr("Value"), esc(*info.stringValue));
  if (info.arrayLength) row(tr("Length"), QString::number(*info.arrayLength));
  html += QStringLiteral("</table>");

  auto valueTable = [&](const QString& title, const std::vector<core::analysis::InspectedValue>& values) {
    html += QStringLiteral("<h4>%1</h4><table cellspacing=2>").arg(title);
    for (const auto& v : values) {
      const QString text = v.target == core::hprof::kNoObject ? esc(v.text) : objectLink(v.target, esc(v.text));
      html += QStringLiteral("<tr><td>%1</td><td><i>%2</i></td><td>%3</td></tr>").arg(esc(v.name), esc(v.type), text);
    }
    html += QStringLiteral("</table>");
  };
  if (info.kind == core::hprof::ObjectKind::kClass) {
    valueTable(tr("Static fields (%1)").arg(info.fields.size()), info.fields);
  } else if (info.kind == core::hprof::ObjectKind::kInstance) {
    valueTable(tr("Fields (%1)").arg(info.fields.size()), info.fields);
  } else if (info.arrayLength) {
    const QString title = info.elements.size() < *info.arrayLength
                              ? tr("Elements (first %1 of %2)").arg(info.elements.size()).arg(*info.arrayLength)
                              : tr("Elements (%1)").arg(info.elements.size());
    if (info.elements.empty() && *info.arrayLength > 0) {
      html += tr("<h4>Elements</h4><p>This dump carries no contents for this array.</p>");
    } else {
      valueTable(title, info.elements);
    }
  }

  if (!m_extras) {
    html += tr("<h4>Referrers</h4><p><i>searching…</i></p><h4>Path from a GC root</h4><p><i>searching…</i></p>");
  } else if (!m_extras->error.isEmpty()) {
    html += tr("<p><b>Could not finish:</b> %1</p>").arg(m_extras->error.toHtmlEscaped());
  } else {
    const auto& r = m_extras->referrers;
    html += tr("<h4>Referrers (%1)</h4>").arg(r.total);
    if (r.referrers.size() < r.total) html += tr("<p>The first %1:</p>").arg(r.referrers.size());
    html += QStringLiteral("<ul>");
    for (const auto& ref : r.referrers) {
      html += QStringLiteral("<li>%1 <i>via %2</i></li>")
                  .arg(link(ref.from), esc(std::string(core::analysis::referenceTypeName(ref.reference.type)) + " " +
                                           ref.reference.name));
    }
    html += QStringLiteral("</ul><h4>%1</h4>").arg(tr("Path from a GC root"));
    if (m_extras->path.empty()) {
      html += tr("<p>No strong path: the object is only weakly reachable or unreachable.</p>");
    } else {
      html += QStringLiteral("<ol>");
      for (size_t i = 0; i < m_extras->path.size(); ++i) {
        const auto& node = m_extras->path[i];
        QString how = esc(node.reference.name);
        if (node.reference.type == core::analysis::ReferenceName::Type::kRoot && !node.rootThread.empty()) {
          how += QStringLiteral(" (thread %1)").arg(esc(node.rootThread));
        }
        html += QStringLiteral("<li><i>%1</i> → %2</li>").arg(how, link(m_extras->pathObjects[i]));
      }
      html += QStringLiteral("</ol>");
      if (!m_extras->pathNote.isEmpty())
        html += QStringLiteral("<p><i>%1</i></p>").arg(m_extras->pathNote.toHtmlEscaped());
    }
    if (info.kind == core::hprof::ObjectKind::kClass) {
      html += tr("<h4>Instances (%1)</h4>").arg(m_extras->instanceCount);
      if (m_extras->instances.size() < m_extras->instanceCount) {
        html += tr("<p>The %1 biggest by retained size:</p>").arg(m_extras->instances.size());
      }
      html += QStringLiteral("<ul>");
      for (const ObjectIndex o : m_extras->instances) {
        html += QStringLiteral("<li>%1 — %2 retained</li>").arg(link(o), humanBytes(dom.retainedBytes(o)));
      }
      html += QStringLiteral("</ul>");
    }
  }
  m_page->setHtml(html);
}

}  // namespace mxi::gui
