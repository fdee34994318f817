// Everything the heap browser shows about one dump, computed off the UI thread by HeapLoadJob
// stage by stage (heap_load_job.h): until a stage is applied its parts are empty — no
// dominators, no leaks, zero retained sizes. Read and written on the UI thread only.
#pragma once

#include <QString>
#include <QStringList>
#include <memory>

#include "app/gui/settings/settings.h"
#include "core/analysis/bitmaps.h"
#include "core/analysis/duplicate_values.h"
#include "core/analysis/heap_dominators.h"
#include "core/analysis/leak_analysis.h"
#include "core/hprof/class_histogram.h"
#include "core/hprof/heap_index.h"
#include "core/mapping/r8_mapping.h"

namespace mxi::gui {

struct HeapDocument {
  QString path;
  // The app the dump came from (core::triage::readAppIdentity: its BuildConfig, ActivityThread, a
  // Matrix zip's result.info); empty when the dump does not say.
  QString appPackage, appVersionCode;
  // The R8/ProGuard mapping.txt the index's class and field names went through (Settings for the
  // app and version, or Apply mapping…); empty: the names as the dump has them. A mapping that
  // could not be used leaves the names minified and says why in `mappingError`.
  QString mappingPath, mappingError;
  std::shared_ptr<const core::mapping::R8Mapping> mapping;  // for "(was a.b)" hints; null without
  // Settings' mappings when the dump was opened: a baseline compared with it goes through its own.
  QList<AppMapping> appMappings;
  QStringList excludedHeaps;  // of the dump's heaps, those left out of retained sizes and the histogram
  std::shared_ptr<const core::hprof::HeapIndex> index;
  std::shared_ptr<core::analysis::HeapGraph> graph;            // null until HeapStage::kRetained
  std::shared_ptr<core::analysis::HeapDominators> dominators;  // null until HeapStage::kRetained
  core::analysis::LeakReport leaks;
  core::analysis::BitmapReport bitmaps;
  core::analysis::DuplicateReport duplicates;
  std::vector<core::hprof::ObjectIndex> dominatorTops;  // children of the super root, biggest first
  std::vector<core::hprof::HistogramRow> histogram;     // by shallow bytes
  std::vector<uint64_t> classRetained;                  // by ClassIndex
  double loadSeconds = 0;
  // Steps and their milliseconds: index then dominators; leaks, bitmaps and duplicates are in
  // alongsideMs when they ran beside the tree (on the second core), else here too.
  std::vector<std::pair<std::string, double>> timingsMs;
  std::vector<std::pair<std::string, double>> alongsideMs;
};

}  // namespace mxi::gui
