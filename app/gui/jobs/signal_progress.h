// Forwards core progress from a worker thread to a QObject's `progress(QString, int)` signal as
// queued calls, so the UI thread only ever sees events.
#pragma once

#include <QMetaObject>
#include <QObject>
#include <QString>

#include "core/base/progress.h"

namespace mxi::gui {

class SignalProgress final : public core::ProgressSink {
 public:
  SignalProgress(QObject* target, const char* signal) : m_target(target), m_signal(signal) {}
  bool report(std::string_view phase, int permille) override {
    QMetaObject::invokeMethod(m_target, m_signal, Qt::QueuedConnection,
                              Q_ARG(QString, QString::fromUtf8(phase.data(), static_cast<int>(phase.size()))),
                              Q_ARG(int, permille));
    return true;
  }

 private:
  QObject* m_target;
  const char* m_signal;
};

}  // namespace mxi::gui
