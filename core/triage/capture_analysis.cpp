#include "core/triage/capture_analysis.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "core/analysis/heap_names.h"
#include "core/analysis/leak_trace_text.h"
#include "core/anr/anr_trace.h"
#include "core/hprof/dump_source.h"
#include "core/image/png_codec.h"
#include "core/json/json_reader.h"
#include "core/session/session_reader.h"
#include "core/sessionimport/session_import.h"
#include "core/strictmode/strictmode_issues.h"

namespace mxi::core::triage {
namespace {

std::optional<std::string> staticString(const hprof::HeapIndex& ix, hprof::ClassIndex cls, std::string_view name) {
  const auto v = ix.staticField(cls, name);
  if (!v || v->type != hprof::BasicType::kObject || !v->raw) return std::nullopt;
  const auto object = ix.find(v->asObjectId());
  if (!object) return std::nullopt;
  return ix.stringValue(*object);
}

// An integral field's value as text ("" when absent or not integral).
std::string integerText(const std::optional<hprof::Value>& v) {
  if (!v || v->type == hprof::BasicType::kObject || v->type == hprof::BasicType::kFloat ||
      v->type == hprof::BasicType::kDouble || v->type == hprof::BasicType::kBoolean) {
    return {};
  }
  return std::to_string(v->asLong());
}

std::optional<hprof::ObjectIndex> objectField(const hprof::HeapIndex& ix, hprof::ObjectIndex object,
                                              std::string_view name) {
  const auto v = ix.field(object, name);
  if (!v || v->type != hprof::BasicType::kObject || !v->raw) return std::nullopt;
  return ix.find(v->asObjectId());
}

// A thumbnail at most 24 px on its longer side, 4 bits per channel (nearest pixel: the point is
// recognising the picture; a store keeps one per bitmap signature and must stay small).
std::string thumbnailOf(const analysis::BitmapRecord& bitmap) {
  StatusOr<image::RgbaImage> picture = invalidInput("no pixels");
  if (bitmap.format == analysis::PixelFormat::kRaw) {
    picture = analysis::decodeRawBitmap(bitmap);
  } else if (bitmap.format == analysis::PixelFormat::kPng) {
    picture = image::decodePng(bitmap.pixels);
  }
  if (!picture.ok() || picture->width == 0 || picture->height == 0) return {};
  const image::RgbaImage& full = *picture;
  const double scale = std::min(1.0, 24.0 / std::max(full.width, full.height));
  image::RgbaImage small;
  small.width = std::max<uint32_t>(1, static_cast<uint32_t>(full.width * scale));
  small.height = std::max<uint32_t>(1, static_cast<uint32_t>(full.height * scale));
  small.rgba.resize(size_t{small.width} * small.height * 4);
  for (uint32_t y = 0; y < small.height; ++y) {
    const uint32_t sy = std::min(full.height - 1, static_cast<uint32_t>(y / scale));
    for (uint32_t x = 0; x < small.width; ++x) {
      const uint32_t sx = std::min(full.width - 1, static_cast<uint32_t>(x / scale));
      for (size_t c = 0; c < 4; ++c) {
        const uint8_t v = full.rgba[(size_t{sy} * full.width + sx) * 4 + c];
        small.rgba[(size_t{y} * small.width + x) * 4 + c] = static_cast<uint8_t>((v & 0xf0) | (v >> 4));
      }
    }
  }
  auto png = image::encodePng(small);
  return png.ok() ? std::string(png->begin(), png->end()) : std::string();
}

StatusOr<std::string> readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return ioError(path + ": cannot read");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// ANR thread dumps by the main thread's top frame: how many, and the first one's top frames.
struct AnrStack {
  uint64_t count = 0;
  std::string frames;
};
std::map<std::string, AnrStack> anrStacks(const session::SessionData& data) {
  std::map<std::string, AnrStack> out;
  for (const auto& anr : data.anrs) {
    const anr::AnrThread* main = anr.report ? anr.report->mainThread() : nullptr;
    if (!main || main->frames.empty()) continue;
    AnrStack& s = out[main->frames.front()];
    if (s.count++ == 0) {
      for (size_t i = 0; i < main->frames.size() && i < 12; ++i) s.frames += "  at " + main->frames[i] + "\n";
    }
  }
  return out;
}

}  // namespace

std::string objectIdText(uint64_t id) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(id));
  return text;
}

AppIdentity readAppIdentity(const hprof::HeapIndex& ix) {
  AppIdentity app;
  // The app's BuildConfig: the one whose APPLICATION_ID is its own package comes first (library
  // modules have their own BuildConfig, but not an application id naming their package).
  for (uint32_t c = 0; c < ix.classCount(); ++c) {
    const std::string& name = ix.classInfo(hprof::ClassIndex{c}).name;
    if (!name.ends_with(".BuildConfig")) continue;
    const auto id = staticString(ix, hprof::ClassIndex{c}, "APPLICATION_ID");
    if (!id || id->empty()) continue;
    const bool own = name == *id + ".BuildConfig";
    if (app.package.empty() || own) {
      app.package = *id;
      app.version = staticString(ix, hprof::ClassIndex{c}, "VERSION_NAME").value_or("");
      app.versionCode = integerText(ix.staticField(hprof::ClassIndex{c}, "VERSION_CODE"));
      if (own) break;
    }
  }
  // ActivityThread.sCurrentActivityThread.mBoundApplication.appInfo: the framework's record of
  // the running app, never minified. ApplicationInfo holds the versionCode as `longVersionCode`
  // since Android 9 and as `versionCode` before (AOSP ApplicationInfo.java).
  if (const auto at = ix.findClass("android.app.ActivityThread")) {
    const auto v = ix.staticField(*at, "sCurrentActivityThread");
    if (v && v->type == hprof::BasicType::kObject && v->raw) {
      if (const auto thread = ix.find(v->asObjectId())) {
        if (const auto bound = objectField(ix, *thread, "mBoundApplication")) {
          if (const auto info = objectField(ix, *bound, "appInfo")) {
            std::string package;
            if (const auto pkg = objectField(ix, *info, "packageName")) package = ix.stringValue(*pkg).value_or("");
            if (app.package.empty()) app.package = package;
            std::string code = integerText(ix.field(*info, "longVersionCode"));
            if (code.empty() || code == "0") code = integerText(ix.field(*info, "versionCode"));
            if (app.package == package && !code.empty()) app.versionCode = code;
          }
        }
      }
    }
  }
  if (const auto build = ix.findClass("android.os.Build")) {
    const std::string maker = staticString(ix, *build, "MANUFACTURER").value_or("");
    const std::string model = staticString(ix, *build, "MODEL").value_or("");
    app.device = maker.empty() || model.starts_with(maker) ? model : model.empty() ? maker : maker + " " + model;
  }
  if (const auto* info = ix.source().matrixInfo()) {
    auto fill = [&](std::string& into, std::initializer_list<const char*> keys) {
      for (const char* key : keys) {
        if (!into.empty()) return;
        if (const auto it = info->all.find(key); it != info->all.end()) into = it->second;
      }
    };
    fill(app.package, {"packageName", "package"});
    fill(app.version, {"versionName", "appVersion"});
    fill(app.versionCode, {"versionCode", "appVersionCode"});
    fill(app.device, {"model", "manufacturer"});
  }
  return app;
}

StatusOr<CaptureResult> analyseHeapDump(const CaptureFile& file, const std::string& hash,
                                        const HeapTriageOptions& options, ProgressSink& progress,
                                        const CancelToken& cancel, CaptureMapping* mappingUsed) {
  hprof::OpenOptions open;
  open.maxDecompressedBytes = options.maxInflateBytes;
  open.tempDir = options.tempDir;
  ASSIGN_OR_RETURN(auto source, hprof::openDump(file.path, open, progress, cancel));
  hprof::IndexOptions indexOptions;
  indexOptions.threads = options.threads;
  ASSIGN_OR_RETURN(auto index, hprof::HeapIndex::build(std::move(source), indexOptions, progress, cancel));
  // The identity first: its package and versionCode pick the mapping (the framework's classes
  // that name them are never minified), then every analysis reads the original names.
  const AppIdentity app = readAppIdentity(*index);
  CaptureMapping mapping;
  if (options.mappings) mapping = options.mappings->find(file.path, app.package, app.versionCode);
  if (mapping.mapping) analysis::applyMapping(*index, *mapping.mapping);
  if (mappingUsed) *mappingUsed = mapping;
  const std::shared_ptr<const hprof::HeapIndex> shared = std::move(index);
  const hprof::HeapIndex& ix = *shared;

  analysis::LeakOptions leakOptions = options.leaks;
  if (const auto* info = ix.source().matrixInfo(); info && !info->leakedActivityKey.empty()) {
    leakOptions.finders.matrixKey = info->leakedActivityKey;
  }
  ASSIGN_OR_RETURN(auto leaks, analysis::analyzeLeaks(ix, leakOptions, progress, cancel));
  ASSIGN_OR_RETURN(auto bitmaps, analysis::findDuplicateBitmaps(ix, options.bitmaps, progress, cancel));

  CaptureResult result;
  CaptureInfo& info = result.info;
  info.path = file.path;
  info.hash = hash;
  info.sizeBytes = file.sizeBytes;
  info.kind = captureTypeName(file.type);
  info.capturedAtMs = ix.stats().timestampMs ? static_cast<int64_t>(ix.stats().timestampMs) : file.modifiedMs;
  info.appPackage = app.package;
  info.appVersion = app.version;
  info.versionCode = app.versionCode;
  info.device = app.device;
  info.mapping = mapping.fingerprint;

  for (const auto* list : {&leaks.leaks, &leaks.libraryLeaks}) {
    for (const analysis::Leak& leak : *list) {
      Finding f;
      f.signature = leak.signature;
      f.kind = list == &leaks.leaks ? SignatureKind::kLeak : SignatureKind::kLibraryLeak;
      f.className = leak.className;
      f.count = leak.leakingObjectIds.size();
      f.retainedBytes = leak.retainedBytes;
      f.chainText = analysis::leakTraceText(leak.chain);
      if (!leak.leakingObjectIds.empty()) f.objectId = objectIdText(leak.leakingObjectIds.front().value);
      result.findings.push_back(std::move(f));
    }
  }
  for (const analysis::BitmapGroup& group : bitmaps.groups) {
    const analysis::BitmapRecord& first = bitmaps.scan.bitmaps[group.members.front()];
    Finding f;
    f.signature = group.hash;
    f.kind = SignatureKind::kBitmap;
    f.className = std::to_string(group.width) + "×" + std::to_string(group.height) + " " +
                  std::string(analysis::bitmapConfigName(group.config));
    f.count = group.members.size();
    f.retainedBytes = group.wastedBytes;
    if (!group.chains.empty()) f.chainText = analysis::leakTraceText(group.chains.front());
    f.objectId = objectIdText(ix.idOf(first.object).value);
    f.thumbnailPng = thumbnailOf(first);
    result.findings.push_back(std::move(f));
  }
  return result;
}

StatusOr<std::shared_ptr<const session::SessionData>> loadSessionCapture(const CaptureFile& file,
                                                                         const std::string& tempDir,
                                                                         const CancelToken& cancel) {
  NullProgress progress;
  std::string sessionPath = file.path;
  std::filesystem::path imported;
  if (file.type != CaptureType::kSession) {
    ASSIGN_OR_RETURN(const std::string text, readText(file.path));
    sessionimport::ImportInputs inputs;
    const std::string name = std::filesystem::path(file.path).filename().string();
    if (file.type == CaptureType::kFramestats) {
      inputs.framestatsTexts.push_back(text);
      inputs.framestatsNames.push_back(name);
    } else if (file.type == CaptureType::kAnrTrace) {
      inputs.anrTexts.push_back(text);
      inputs.anrNames.push_back(name);
    } else {
      inputs.issueTexts.push_back(text);
      inputs.issueNames.push_back(name);
    }
    const std::filesystem::path dir =
        tempDir.empty() ? std::filesystem::temp_directory_path() : std::filesystem::path(tempDir);
    imported = dir / ("mxi-triage-" + hashText(file.path) + ".mxs");
    session::SessionHeader header;
    header.device = "imported captures";
    header.startTimeUnixMs = file.modifiedMs;
    auto report = sessionimport::importCaptures(inputs, imported.string(), header);
    if (!report.ok()) {
      std::filesystem::remove(imported);
      return report.status();
    }
    sessionPath = imported.string();
  }
  auto reader = session::SessionReader::open(sessionPath);
  StatusOr<std::shared_ptr<const session::SessionData>> data =
      reader.ok() ? session::loadSession(**reader, progress, cancel)
                  : StatusOr<std::shared_ptr<const session::SessionData>>(reader.status());
  if (!imported.empty()) std::filesystem::remove(imported);
  return data;
}

CaptureInfo sessionCaptureInfo(const CaptureFile& file, const std::string& hash, const session::SessionData& data) {
  CaptureInfo info;
  info.path = file.path;
  info.hash = hash;
  info.sizeBytes = file.sizeBytes;
  info.kind = captureTypeName(file.type);
  info.capturedAtMs = data.header.startTimeUnixMs ? data.header.startTimeUnixMs : file.modifiedMs;
  info.appPackage = data.header.app;
  info.device = data.header.device == "imported captures" ? "" : data.header.device;
  for (const auto& [key, value] : data.header.extras) {
    if (key == "appVersion") info.appVersion = value;
    if (key == "versionCode") info.versionCode = value;
  }
  return info;
}

std::vector<Finding> strictModeFindings(const session::SessionData& data, const std::string& app) {
  std::map<std::string, Finding> bySignature;
  for (const auto& si : data.issues) {
    const matrix::MatrixIssue& i = si.issue;
    if (i.source != strictmode::kStrictModeSource || i.key.empty()) continue;
    Finding& f = bySignature[i.key];
    if (f.count++ == 0) {
      f.signature = hashText("strictMode\n" + app + "\n" + i.key);
      f.kind = SignatureKind::kStrictMode;
      // A leak by its resource, main-thread IO by its caller, another violation by its type.
      f.className = i.io && !i.io->caller.empty() ? i.io->caller : i.key;
      if (i.kind == matrix::IssueKind::kIo && i.type == static_cast<int32_t>(matrix::IoIssueType::kCloseableLeak)) {
        // The resource as the key names it ("closeableLeak|RESOURCE|frame"): retraced with the key.
        constexpr std::string_view kLeak = "closeableLeak|";
        if (i.key.starts_with(kLeak)) {
          f.className = i.key.substr(kLeak.size(), i.key.find('|', kLeak.size()) - kLeak.size());
        } else if (const auto content = json::parseJson(i.contentJson); content.ok()) {
          f.className = json::jsonString(*content, "resource");
        }
      }
      f.chainText = i.key + "\n" + i.threadStack;
    }
  }
  std::vector<Finding> out;
  for (auto& [key, f] : bySignature) out.push_back(std::move(f));
  return out;
}

std::vector<Finding> sqliteLintFindings(const session::SessionData& data, const std::string& app) {
  std::map<std::string, Finding> bySignature;
  for (const auto& si : data.issues) {
    const matrix::MatrixIssue& i = si.issue;
    if (i.kind != matrix::IssueKind::kSqliteLint || i.key.empty()) continue;
    Finding& f = bySignature[i.key];
    if (f.count++ == 0) {
      f.signature = hashText("sqliteLint\n" + app + "\n" + i.key);
      f.kind = SignatureKind::kSqliteLint;
      std::string shape, desc, advice;
      if (const auto content = json::parseJson(i.contentJson); content.ok()) {
        f.className = json::jsonString(*content, "table");
        shape = json::jsonString(*content, "shape");
        if (shape.empty()) shape = json::jsonString(*content, "sql");
        desc = json::jsonString(*content, "desc");
        advice = json::jsonString(*content, "advice");
      }
      if (f.className.empty()) f.className = shape.empty() ? i.key : shape;
      f.chainText = desc + "\n" + shape + "\n" + advice;
    }
  }
  std::vector<Finding> out;
  for (auto& [key, f] : bySignature) out.push_back(std::move(f));
  return out;
}

std::vector<Finding> regressionFindings(const sessioncompare::SessionComparison& c, const session::SessionData& base,
                                        const session::SessionData& next, const std::string& app) {
  std::vector<Finding> out;
  auto add = [&](std::string key, std::string what, uint64_t count, std::string line) {
    Finding f;
    f.signature = hashText("regression\n" + app + "\n" + key);
    f.kind = SignatureKind::kRegression;
    f.className = std::move(what);
    f.count = count;
    f.chainText = std::move(line);
    out.push_back(std::move(f));
  };
  char line[512];
  for (const auto& s : c.scenes) {
    if (s.verdict != sessioncompare::Verdict::kRegression) continue;
    std::snprintf(line, sizeof line, "scene %s: median frame time %.1f → %.1f ms (%+.0f%%, p = %.2g)", s.scene.c_str(),
                  s.base.p50Ms, s.next.p50Ms, s.medianChangePct, s.test.pGreater);
    add("scene\n" + s.scene, s.scene, s.next.frames, line);
  }
  for (const auto& e : c.evilMethods) {
    if (!e.regression) continue;
    const std::string name = e.methodName.empty() ? "stackKey " + e.stackKey : e.methodName;
    std::snprintf(line, sizeof line, "evil method %s (%s): %s, %llu → %llu times, median %lld → %lld ms", name.c_str(),
                  e.stackKey.c_str(), std::string(sessioncompare::verdictName(e.verdict)).c_str(),
                  static_cast<unsigned long long>(e.baseCount), static_cast<unsigned long long>(e.nextCount),
                  static_cast<long long>(e.baseMedianMs), static_cast<long long>(e.nextMedianMs));
    add("evil\n" + e.stackKey, name, e.nextCount, line);
  }
  if (c.nextAnrs > c.baseAnrs) {
    // By where the main thread was stuck: each stack seen more often than in the base is one.
    const auto baseStacks = anrStacks(base), nextStacks = anrStacks(next);
    bool any = false;
    for (const auto& [top, seen] : nextStacks) {
      const auto was = baseStacks.find(top);
      const uint64_t before = was == baseStacks.end() ? 0 : was->second.count;
      if (seen.count <= before) continue;
      any = true;
      std::snprintf(line, sizeof line, "ANR in %s: %llu → %llu\n", top.c_str(), static_cast<unsigned long long>(before),
                    static_cast<unsigned long long>(seen.count));
      add("anr\n" + top, top, seen.count, line + seen.frames);
    }
    if (!any) {  // Matrix ANR issues without a thread dump
      std::snprintf(line, sizeof line, "ANRs: %llu → %llu", static_cast<unsigned long long>(c.baseAnrs),
                    static_cast<unsigned long long>(c.nextAnrs));
      add("anr", "ANRs", c.nextAnrs, line);
    }
  }
  for (const auto& io : c.io) {
    if (!io.regression) continue;
    std::snprintf(line, sizeof line, "IO issue type %d on %s: %s, %llu → %llu times", io.type,
                  (io.path.empty() ? io.key : io.path).c_str(),
                  std::string(sessioncompare::verdictName(io.verdict)).c_str(),
                  static_cast<unsigned long long>(io.baseCount), static_cast<unsigned long long>(io.nextCount));
    // The key only when there is one, so Matrix's file IO keeps the signatures stores hold.
    add("io\n" + std::to_string(io.type) + "\n" + io.path + (io.key.empty() ? "" : "\n" + io.key),
        io.path.empty() ? io.key : io.path, io.nextCount, line);
  }
  for (const auto& s : c.startup) {
    if (!s.regression) continue;
    std::snprintf(line, sizeof line, "startup %s: %.0f → %.0f ms", s.metric.c_str(), s.baseMs, s.nextMs);
    add("startup\n" + s.metric, s.metric, s.nextCount, line);
  }
  return out;
}

}  // namespace mxi::core::triage
