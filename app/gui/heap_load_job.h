// Opens, indexes and analyses a dump on a worker thread, reporting progress to the UI thread
// and stopping when cancelled; the finished HeapDocument is handed over in one piece.
#pragma once

#include <memory>
#include <string>
#include <vector>
#include <QObject>
#include <QString>
#include <QThread>

#include "app/gui/heap_document.h"
#include "core/base/cancel_token.h"

namespace mxi::gui {

struct HeapLoadOptions {
  // Heaps whose objects count in no retained size and no class histogram row (Settings; e.g.
  // Android's image and zygote). Names the dump does not have are ignored.
  std::vector<std::string> excludedHeaps;
};

class HeapLoadJob : public QObject {
  Q_OBJECT
 public:
  explicit HeapLoadJob(QString path, HeapLoadOptions options = {}, QObject* parent = nullptr);
  ~HeapLoadJob() override;
  void start();
  void cancel() { m_cancel.cancel(); }

 signals:
  void progress(const QString& phase, int permille);
  void finished(std::shared_ptr<mxi::gui::HeapDocument> document);
  void failed(const QString& message);

 private:
  void run();
  QString m_path;
  HeapLoadOptions m_options;
  core::CancelToken m_cancel;
  QThread* m_thread = nullptr;
};

}  // namespace mxi::gui
