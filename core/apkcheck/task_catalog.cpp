#include "core/apkcheck/task_catalog.h"

namespace mxi::core::apkcheck {

const std::vector<TaskSpec>& taskCatalog() {
  static const std::vector<TaskSpec> kTasks = {
      {1, "-unzip", "Unzip the apk file to dest path.", {}, unzipTask},
      {2, "-manifest", "Read package info from the AndroidManifest.xml.", {}, manifestTask},
      {3,
       "-fileSize",
       "Show files whose size exceed limit size in order.",
       {"--min", "--order", "--suffix"},
       fileSizeTask},
      {4,
       "-countMethod",
       "Count methods in dex file, output results group by class name or package name.",
       {"--group"},
       methodCountTask},
      {5, "-checkResProguard", "Check if the apk handled by resguard.", {}, resProguardTask},
      {6,
       "-findNonAlphaPng",
       "Find out the non-alpha png-format files whose size exceed limit size in desc order.",
       {"--min"},
       nonAlphaPngTask},
      {7, "-checkMultiLibrary", "Check if there are more than one library dir in the 'lib'.", {}, multiLibTask},
      {8, "-uncompressedFile", "Show uncompressed file types.", {"--suffix"}, uncompressedFileTask},
      {9, "-countR", "Count the R class.", {}, countRTask},
      {10, "-duplicatedFile", "Find out the duplicated files.", {}, duplicateFileTask},
      {11,
       "-checkMultiSTL",
       "Check if there are more than one shared library statically linked the STL.",
       {"--toolnm"},
       multiStlTask},
      {12, "-unusedResources", "Find out the unused resources.", {"--rTxt", "--ignoreResources"}, unusedResourcesTask},
      {13, "-unusedAssets", "Find out the unused assets.", {"--ignoreAssets"}, unusedAssetsTask},
      {14, "-unstrippedSo", "Find out the unstripped shared library files.", {"--toolnm"}, unstrippedSoTask},
      {15,
       "-countClass",
       "Count classes in dex file, output results group by package name.",
       {"--group"},
       countClassTask},
  };
  return kTasks;
}

const TaskSpec* findTask(std::string_view option) {
  for (const TaskSpec& spec : taskCatalog()) {
    if (spec.option == option) return &spec;
  }
  return nullptr;
}

TaskResult runTask(const TaskSpec& spec, const ApkInputs& in, const TaskParams& params) {
  TaskResult result;
  result.taskType = spec.type;
  result.option = spec.option;
  result.description = spec.description;
  result.startMs = nowMs();
  spec.run(in, params, result);
  result.endMs = nowMs();
  return result;
}

}  // namespace mxi::core::apkcheck
