// What the Triage window shows: the store's signatures and captures (core/triage), each
// signature's occurrences, and what the latest analysis run did. Made by TriageJob, read on the
// UI thread only.
#pragma once

#include <QString>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/triage/triage_html.h"
#include "core/triage/triage_run.h"

namespace mxi::gui {

struct TriageDocument {
  QString storeLocation;
  core::triage::TriageView view;
  std::map<std::string, std::vector<core::triage::Occurrence>> occurrences;  // by signature
  std::optional<core::triage::TriageRunReport> run;                          // when captures were analysed
};

}  // namespace mxi::gui
