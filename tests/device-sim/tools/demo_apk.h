// The demo app's APK (issue 44: what `mxi apk pull --package com.example.mxi.demo` copies from the
// demo phone and `mxi apk check` examines): an APK-shaped zip with planted problems for the APK
// checker, each listed in tests/device-sim/README.md "The demo app's APK" with the ApkChecker
// task that finds it. The same inputs give the same bytes (fixed entry times, fixed pictures).
//  - AndroidManifest.xml: binary XML (demo_apk_manifest.h), com.example.mxi.demo 42 "4.2.0", SDK 24/34;
//  - classes.dex (demo_apk_dex.h);
//  - res/: PNGs made with core/image: RGBA ones, two opaque RGB ones of a few KB, one pair identical
//    in two density folders;
//  - assets/: catalog.json (named by the code), a notice nobody names, a large stored dictionary;
//  - lib/arm64-v8a and lib/armeabi-v7a: libmxidemo.so, the given unstripped and stripped builds of
//    one tiny library (this computer's ELF, built with the project: an x86-64 file in arm folders,
//    which only its machine field betrays);
//  - META-INF/MANIFEST.MF (unsigned: no signature files).
#pragma once

#include <string>

#include "core/base/status.h"

namespace mxi::sim {

struct DemoApkInputs {
  std::string unstrippedLibrary;  // a shared library with its symbol table
  std::string strippedLibrary;    // the same, stripped
};

core::Status writeDemoApk(const std::string& path, const DemoApkInputs& inputs);

}  // namespace mxi::sim
