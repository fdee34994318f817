// What the checker's tasks read, parsed once per run: the package, its manifest and resource
// table (from the base), every dex (from all splits), and the side files a user gave (R8
// mapping, R.txt). A part that cannot be read keeps its error, so only the tasks that need it
// report it and the others still run.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/androidres/binary_xml.h"
#include "core/androidres/resource_table.h"
#include "core/apkcheck/apk_package.h"
#include "core/base/status.h"
#include "core/dex/dex_file.h"
#include "core/mapping/r8_mapping.h"

namespace mxi::core::apkcheck {

struct NativeLibrary;

struct DexEntry {
  std::string name;                 // "classes2.dex" (a split's dex is named "split: classes.dex")
  const ApkEntry* entry = nullptr;  // not kept in memory: the tasks that scan its bytes read it again
  Status error;                     // why it could not be read ("classes2.dex: … (at byte offset N)")
  int parsed = -1;                  // index into ApkInputs::dexes when it was read
};

struct ApkInputs {
  const ApkPackage* package = nullptr;
  StatusOr<androidres::XmlElement> manifest = notFound("not read");
  StatusOr<androidres::ResourceTable> resources = notFound("not read");
  std::vector<DexEntry> dexFiles;
  std::vector<dex::DexFile> dexes;  // the dex files that could be read, in dexFiles' order                     //
                                    // classes.dex, classes2.dex… in that order
  std::shared_ptr<const mapping::R8Mapping> mapping;  // null: names as they are in the dex
  std::string rTxtPath;                               // empty: none given
  // lib/<abi>/*.so parsed once by readNativeLibraries (native_libraries.h) for the tasks that need
  // them; a run's tasks are sequential, so no lock.
  mutable std::shared_ptr<const std::vector<NativeLibrary>> nativeLibraries;

  // A dex file's bytes, read again (inflated) for a task that scans them: keeping every dex
  // inflated for the whole run would cost as much memory as all the app's code.
  StatusOr<zip::EntryBytes> dexBytes(const DexEntry& dex) const { return package->view(*dex.entry); }

  // The class name a person reads: deobfuscated through the mapping when there is one.
  std::string className(const std::string& descriptor) const;
};

// Reads the manifest, the resource table and the dex files of `package`. Never fails: each
// part's error stays in its StatusOr, naming the entry ("classes2.dex: …").
ApkInputs loadInputs(const ApkPackage& package);

}  // namespace mxi::core::apkcheck
