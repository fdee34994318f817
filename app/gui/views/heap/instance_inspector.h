// The instance inspector: one object at a time — header (class, heap, shallow and retained
// bytes, immediate dominator, GC roots), fields or array elements with values, the objects that
// reference it, the shortest strong path from a GC root, and for a class object its instances
// by retained size. Every object id is a link; Back/Forward walk the history. Referrers, path
// and instances are computed off the UI thread (they scan the whole heap) and are cancelled when
// the user moves on.
#pragma once

#include <QWidget>
#include <memory>
#include <vector>

#include "app/gui/jobs/heap/inspector_extras_job.h"
#include "app/gui/models/heap/heap_document.h"

class QLabel;
class QLineEdit;
class QTextBrowser;
class QToolButton;

namespace mxi::gui {

class InstanceInspector : public QWidget {
  Q_OBJECT
 public:
  explicit InstanceInspector(std::shared_ptr<HeapDocument> doc, QWidget* parent = nullptr);
  ~InstanceInspector() override;

  // Shows an object (pushes it on the history). Returns false when the id is not in the dump.
  bool inspectId(core::hprof::ObjectId id);
  void inspect(core::hprof::ObjectIndex object);
  core::hprof::ObjectIndex current() const { return m_current; }
  // The page as shown (for tests and copy).
  QString pageHtml() const;
  QString pageText() const;

 signals:
  void extrasLoaded();  // referrers, path and instances of the current object are shown

 private:
  void show(core::hprof::ObjectIndex object);
  void render();
  void goToTyped();
  void navigate(int delta);
  void startExtras();

  std::shared_ptr<HeapDocument> m_doc;
  QToolButton* m_back;
  QToolButton* m_forward;
  QLineEdit* m_idEdit;
  QLabel* m_status;
  QTextBrowser* m_page;
  std::vector<core::hprof::ObjectIndex> m_history;
  int m_position = -1;
  core::hprof::ObjectIndex m_current = core::hprof::kNoObject;
  std::unique_ptr<InspectorExtrasJob> m_extrasJob;
  std::shared_ptr<const InspectorExtras> m_extras;
};

}  // namespace mxi::gui
