#include "core/live/live_batch.h"

#include <iterator>

namespace mxi::core::live {

void LiveBatch::append(LiveBatch&& later) {
  records += later.records;
  auto from = later.updates.begin();
  if (from != later.updates.end() && !updates.empty()) {
    auto* tail = std::get_if<update::Frames>(&updates.back());
    auto* head = std::get_if<update::Frames>(&*from);
    if (tail && head && tail->scene == head->scene) {
      tail->frames.insert(tail->frames.end(), head->frames.begin(), head->frames.end());
      ++from;
    }
  }
  updates.insert(updates.end(), std::make_move_iterator(from), std::make_move_iterator(later.updates.end()));
  later.updates.clear();
  later.records = 0;
}

}  // namespace mxi::core::live
