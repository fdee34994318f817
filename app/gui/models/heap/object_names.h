// How the heap views name an object: "com.example.Foo 0x12ab", "class com.example.Foo 0x12ab"
// for class objects, "?" for a class the dump lacks.
#pragma once

#include <QString>

#include "app/gui/models/format.h"
#include "core/hprof/heap_index.h"

namespace mxi::gui {

// The object's class name ("class X" for a class object).
inline QString classNameOf(const core::hprof::HeapIndex& ix, core::hprof::ObjectIndex o) {
  if (ix.kindOf(o) == core::hprof::ObjectKind::kClass) {
    const auto cls = ix.classForObject(o);
    return QStringLiteral("class %1").arg(cls ? QString::fromStdString(ix.classInfo(*cls).name) : QStringLiteral("?"));
  }
  const auto cls = ix.classOf(o);
  return cls == core::hprof::kNoClass ? QStringLiteral("?") : QString::fromStdString(ix.classInfo(cls).name);
}

inline QString describeObject(const core::hprof::HeapIndex& ix, core::hprof::ObjectIndex o) {
  return QStringLiteral("%1 %2").arg(classNameOf(ix, o), hexId(ix.idOf(o)));
}

}  // namespace mxi::gui
