// Item-data roles every heap model answers, so any view can open the instance inspector.
#pragma once

#include <Qt>

namespace mxi::gui {

// The object a row stands for, as a qulonglong hprof id (class rows: the class object).
inline constexpr int kObjectIdRole = Qt::UserRole + 1;

}  // namespace mxi::gui
