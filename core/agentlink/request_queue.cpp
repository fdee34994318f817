#include "core/agentlink/request_queue.h"

namespace mxi::core::agentlink {

void RequestQueue::addMark(std::string label) {
  std::lock_guard lock(m_mutex);
  m_marks.push_back(std::move(label));
}

void RequestQueue::addTransfer(HeapDumpOrder order) {
  std::lock_guard lock(m_mutex);
  m_transfers.push_back(std::move(order));
}

void RequestQueue::putBack(HeapDumpOrder order) {
  std::lock_guard lock(m_mutex);
  m_transfers.push_front(std::move(order));
}

std::vector<std::string> RequestQueue::takeMarks() {
  std::vector<std::string> marks;
  std::lock_guard lock(m_mutex);
  marks.swap(m_marks);
  return marks;
}

std::optional<HeapDumpOrder> RequestQueue::takeTransfer(bool appRuns) {
  std::lock_guard lock(m_mutex);
  if (m_transfers.empty()) return std::nullopt;
  const HeapDumpOrder& next = m_transfers.front();
  if (!appRuns && !(next.methodTrace && next.methodTrace->launch)) return std::nullopt;
  HeapDumpOrder order = std::move(m_transfers.front());
  m_transfers.pop_front();
  return order;
}

}  // namespace mxi::core::agentlink
