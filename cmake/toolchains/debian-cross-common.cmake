# Shared part of the Debian cross toolchain files. The including file sets MXI_CROSS_TRIPLE
# (aarch64-linux-gnu, arm-linux-gnueabihf), MXI_CROSS_DEBARCH (arm64, armhf), MXI_AGENT_ABI and
# MXI_CROSS_QEMU. The target's zlib comes from Debian's zlib1g-dev for that architecture,
# unpacked into build/cross-deps/<debarch> by scripts/cross-deps.sh (no multiarch setup needed).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_C_COMPILER ${MXI_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${MXI_CROSS_TRIPLE}-g++)

get_filename_component(_mxi_root "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
set(_mxi_deps "${_mxi_root}/build/cross-deps/${MXI_CROSS_DEBARCH}")
if(NOT EXISTS "${_mxi_deps}/usr/lib/${MXI_CROSS_TRIPLE}/libz.a")
  execute_process(COMMAND "${_mxi_root}/scripts/cross-deps.sh" ${MXI_CROSS_DEBARCH} "${_mxi_deps}"
                  RESULT_VARIABLE _mxi_rc)
  if(NOT _mxi_rc EQUAL 0)
    message(FATAL_ERROR "scripts/cross-deps.sh ${MXI_CROSS_DEBARCH} failed: no zlib for the target")
  endif()
endif()

set(CMAKE_FIND_ROOT_PATH "${_mxi_deps}" /usr/${MXI_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Test binaries are linked statically, so qemu-user runs them without a target sysroot.
set(CMAKE_CROSSCOMPILING_EMULATOR ${MXI_CROSS_QEMU})
set(MXI_AGENT_ABI ${MXI_AGENT_ABI} CACHE STRING "Android ABI of the agent build")
