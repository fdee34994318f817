# For users with an Android NDK: -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/android-ndk.cmake
#   -DANDROID_NDK=/path/to/ndk -DANDROID_ABI=arm64-v8a|armeabi-v7a|x86_64 -DMXI_AGENT_ONLY=ON
# (or ANDROID_NDK_HOME in the environment). Wraps the NDK's own toolchain file; the agent is then
# linked against Bionic, statically (the NDK ships libz.a and a static libc++).
if(NOT ANDROID_NDK)
  set(ANDROID_NDK "$ENV{ANDROID_NDK_HOME}")
endif()
if(NOT ANDROID_NDK OR NOT EXISTS "${ANDROID_NDK}/build/cmake/android.toolchain.cmake")
  message(FATAL_ERROR "android-ndk.cmake: set ANDROID_NDK (or ANDROID_NDK_HOME) to an NDK directory")
endif()
if(NOT ANDROID_ABI)
  set(ANDROID_ABI arm64-v8a)
endif()
if(NOT ANDROID_PLATFORM)
  set(ANDROID_PLATFORM android-24)
endif()
set(ANDROID_STL c++_static)
set(MXI_AGENT_ABI ${ANDROID_ABI} CACHE STRING "Android ABI of the agent build")
include("${ANDROID_NDK}/build/cmake/android.toolchain.cmake")
