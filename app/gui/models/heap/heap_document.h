// Everything the heap browser shows about one dump, computed off the UI thread by HeapLoadJob
// stage by stage (heap_load_job.h): until a stage is applied its parts are empty — no
// dominators, no leaks, zero retained sizes. Read and written on the UI thread only.
#pragma once

#include <QString>
#include <QStringList>
#include <memory>

#include "core/analysis/bitmaps.h"
#include "core/analysis/duplicate_values.h"
#include "core/analysis/heap_dominators.h"
#include "core/analysis/leak_analysis.h"
#include "core/hprof/class_histogram.h"
#include "core/hprof/heap_index.h"

namespace mxi::gui {

struct HeapDocument {
  QString path;
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
  std::vector<std::pair<std::string, double>> timingsMs;  // index, dominators, leaks, bitmaps, duplicates
};

}  // namespace mxi::gui
