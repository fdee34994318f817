// Measures how long the UI thread was unavailable: a precise timer ticking every `intervalMs`
// records the gaps between its ticks; a gap longer than the interval is a stall of the
// difference (the event loop was busy with something else). For the GUI benchmarks.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <algorithm>
#include <cstdint>

namespace mxi::bench {

class UiStallProbe : public QObject {
 public:
  explicit UiStallProbe(int intervalMs = 5) : m_intervalNs(intervalMs * 1'000'000LL) {
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(intervalMs);
    QObject::connect(&m_timer, &QTimer::timeout, this, [this] { tick(); });
  }
  void start() {
    m_clock.start();
    m_last = 0;
    m_timer.start();
  }
  // Counts the time since the last tick too (work the event loop is doing right now).
  void stop() {
    tick();
    m_timer.stop();
  }
  double maxStallMs() const { return static_cast<double>(m_maxStallNs) / 1e6; }
  uint64_t stallsOver50ms() const { return m_over50; }
  uint64_t ticks() const { return m_ticks; }

 private:
  void tick() {
    const int64_t now = m_clock.nsecsElapsed();
    const int64_t stall = std::max<int64_t>(0, now - m_last - m_intervalNs);
    m_maxStallNs = std::max(m_maxStallNs, stall);
    if (stall > 50'000'000) ++m_over50;
    m_last = now;
    ++m_ticks;
  }
  QTimer m_timer;
  QElapsedTimer m_clock;
  int64_t m_intervalNs;
  int64_t m_last = 0;
  int64_t m_maxStallNs = 0;
  uint64_t m_over50 = 0;
  uint64_t m_ticks = 0;
};

}  // namespace mxi::bench
