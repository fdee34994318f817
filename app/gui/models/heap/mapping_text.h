// How the heap browser says which names a dump shows: the R8/ProGuard mapping applied (and for
// which app build), why none was (no entry in Settings, a file that could not be used), and the
// "(was a.b)" hint of a class the mapping renamed. Shared by the Summary, the page's header line
// and the class histogram's tooltips.
#pragma once

#include <QString>

#include "app/gui/models/heap/heap_document.h"

namespace mxi::gui {

// "com.example.app 13" (package and versionCode as the dump records them); empty when unknown.
QString appBuildText(const HeapDocument& doc);
// One line: "Original names from mapping.txt (com.example.app 13)", "Minified names: the mapping
// could not be used: …", "Names as in the dump (no mapping in Settings for com.example.app 13)".
QString mappingStatusText(const HeapDocument& doc);
// "was a.b" for a name the applied mapping renamed (ClassInfo/FieldInfo::dumpName, the name in the
// dump); empty when it kept its name.
QString minifiedHint(std::string_view dumpName);

}  // namespace mxi::gui
