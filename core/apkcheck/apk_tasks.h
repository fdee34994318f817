// Matrix ApkChecker's fifteen tasks (docs/APK.md "Tasks"), one function each, in one file each.
// A task fills `out`'s fields, verdict, findings and savable bytes, or its error; the catalog
// (task_catalog.h) stamps its number, name and times.
#pragma once

#include "core/apkcheck/apk_inputs.h"
#include "core/apkcheck/task_params.h"
#include "core/apkcheck/task_result.h"

namespace mxi::core::apkcheck {

void unzipTask(const ApkInputs& in, const TaskParams& params, TaskResult& out);        // unzip_task.cpp
void manifestTask(const ApkInputs& in, const TaskParams& params, TaskResult& out);     // manifest_task.cpp
void fileSizeTask(const ApkInputs& in, const TaskParams& params, TaskResult& out);     // file_size_task.cpp
void methodCountTask(const ApkInputs& in, const TaskParams& params, TaskResult& out);  // method_count_task.cpp
void resProguardTask(const ApkInputs& in, const TaskParams& params, TaskResult& out);  // res_proguard_task.cpp
void nonAlphaPngTask(const ApkInputs& in, const TaskParams& params, TaskResult& out);  // non_alpha_png_task.cpp
void multiLibTask(const ApkInputs& in, const TaskParams& params, TaskResult& out);     // multi_lib_task.cpp
void uncompressedFileTask(const ApkInputs& in, const TaskParams& params,
                          TaskResult& out);                                                // uncompressed_file_task.cpp
void countRTask(const ApkInputs& in, const TaskParams& params, TaskResult& out);           // count_r_task.cpp
void duplicateFileTask(const ApkInputs& in, const TaskParams& params, TaskResult& out);    // duplicate_file_task.cpp
void multiStlTask(const ApkInputs& in, const TaskParams& params, TaskResult& out);         // multi_stl_task.cpp
void unusedResourcesTask(const ApkInputs& in, const TaskParams& params, TaskResult& out);  // unused_resources_task.cpp
void unusedAssetsTask(const ApkInputs& in, const TaskParams& params, TaskResult& out);     // unused_assets_task.cpp
void unstrippedSoTask(const ApkInputs& in, const TaskParams& params, TaskResult& out);     // unstripped_so_task.cpp
void countClassTask(const ApkInputs& in, const TaskParams& params, TaskResult& out);       // count_class_task.cpp

}  // namespace mxi::core::apkcheck
