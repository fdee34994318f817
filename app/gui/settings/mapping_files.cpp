#include "app/gui/settings/mapping_files.h"

#include <QFile>

namespace mxi::gui {

namespace {

core::Status readFile(const QString& path, std::string& out) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return core::ioError(path.toStdString() + ": " + f.errorString().toStdString());
  out = f.readAll().toStdString();
  return core::okStatus();
}

// Out of line, like capture parsing elsewhere: GCC 12 misreads the inlined destructor of
// StatusOr<MethodMapping> (-Wfree-nonheap-object).
[[gnu::noinline]] core::Status parseMethodMapping(const QString& path, core::matrix::MethodMapping& into) {
  std::string text;
  RETURN_IF_ERROR(readFile(path, text));
  ASSIGN_OR_RETURN(into, core::withContext(core::matrix::MethodMapping::parse(text), path.toStdString()));
  return core::okStatus();
}

[[gnu::noinline]] core::Status applyProguardMapping(const QString& path, core::matrix::MethodMapping& into) {
  std::string text;
  RETURN_IF_ERROR(readFile(path, text));
  ASSIGN_OR_RETURN(auto parsed, core::withContext(core::mapping::R8Mapping::parse(text), path.toStdString()));
  into.applyProguard(parsed);
  return core::okStatus();
}

}  // namespace

core::StatusOr<std::shared_ptr<const core::matrix::MethodMapping>> loadMappingFiles(const AppMapping& files) {
  auto mapping = std::make_shared<core::matrix::MethodMapping>();
  if (!files.methodMapping.isEmpty()) RETURN_IF_ERROR(parseMethodMapping(files.methodMapping, *mapping));
  if (!files.proguardMapping.isEmpty()) RETURN_IF_ERROR(applyProguardMapping(files.proguardMapping, *mapping));
  return std::shared_ptr<const core::matrix::MethodMapping>(std::move(mapping));
}

}  // namespace mxi::gui
