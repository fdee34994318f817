// The demo app's classes.dex: a small but valid dex (version 035; format from source.android.com
// "Dalvik executable format"), its header's adler32 checksum and SHA-1 signature computed, so
// `dexdump` and any reader accept it. Two classes:
//  - com.example.mxi.demo.DemoActivity extends android.app.Activity: <init>() calls the super
//    constructor; loadCatalog() returns the string "catalog.json" (const-string: the one asset
//    the code names, so an unused-asset check finds the others);
//  - com.example.mxi.demo.R$drawable: static int fields ic_banner and photo_header (an R class).
// 2 class defs, 3 method ids (one of them referenced, Activity.<init>), 2 field ids.
#pragma once

#include <cstdint>
#include <vector>

namespace mxi::sim {

std::vector<uint8_t> demoDex();

}  // namespace mxi::sim
