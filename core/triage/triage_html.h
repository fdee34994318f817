// The triage as one self-contained HTML page for the team: the signatures by impact, each with
// its chain, its bitmap's thumbnail and its trend across app versions, the captures that could
// not be analysed and those analysed without their R8/ProGuard mapping. No scripts, no external files: it opens
// anywhere and mails as is.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/triage/triage_store.h"

namespace mxi::core::triage {

struct TriageView {
  std::string storeLocation;
  std::vector<StoredCapture> captures;
  std::vector<SignatureSummary> signatures;                 // by impact
  std::map<std::string, std::vector<VersionTrend>> trends;  // by signature
  std::set<std::string> newInThisRun;                       // signatures to flag as new
  // Mappings: a run that looked for them says so and why each capture got none (by hash).
  bool mappingsUsed = false;
  std::map<std::string, std::string> noMappingReasons;
  // The stored captures analysed without a mapping (failures aside), listed when any capture
  // has one or the run looked for them: those are the ones whose signatures are minified names.
  std::vector<const StoredCapture*> withoutMapping() const;
};

// Everything a page, a table or a JSON report shows, read from the store in one go; with the
// signatures a run began with, those it added are marked new.
StatusOr<TriageView> readTriageView(TriageStore& store, const std::set<std::string>* signaturesBefore = nullptr);

std::string triageHtml(const TriageView& view);

// "2026-11-25 17:51" (UTC).
std::string timeText(int64_t unixMs);

}  // namespace mxi::core::triage
