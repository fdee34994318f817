// Item-data roles every heap model answers, so any view can open the instance inspector.
#pragma once

#include <Qt>

namespace mxi::gui {

// The object a row stands for, as a qulonglong hprof id (class rows: the class object).
inline constexpr int kObjectIdRole = Qt::UserRole + 1;
// A formatted number's exact value (format.h numberCell): what sorting compares and Ctrl+C copies.
inline constexpr int kExactRole = Qt::UserRole + 2;

}  // namespace mxi::gui
