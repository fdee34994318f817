# The agents for the phones' ABIs, built with the rest (one CMake build, no manual second step):
# a sub-build per ABI of this same tree with the Debian cross toolchain files (MXI_AGENT_ONLY,
# static), whose binary carries the same build hash as the host agent — the hash covers the
# sources, not the compiler. Installed as share/matrix-inspector/agent/<abi>/mxi-agent, found in a
# build tree at <build>/agents/<abi>/device-agent/mxi-agent.
# -DMXI_AGENT_ABIS="" builds none (the sanitizer suite does so: the agents are not what it tests).
include(ExternalProject)
set(MXI_AGENT_ABIS "arm64-v8a;armeabi-v7a" CACHE STRING "Android ABIs to cross-build mxi-agent for (arm64-v8a, armeabi-v7a)")

set(_mxi_abi_toolchain_arm64-v8a aarch64-linux-gnu)
set(_mxi_abi_toolchain_armeabi-v7a arm-linux-gnueabihf)
set(_mxi_abi_package_arm64-v8a g++-aarch64-linux-gnu)
set(_mxi_abi_package_armeabi-v7a g++-arm-linux-gnueabihf)

# `mxi-agents`: every agent this build makes, the host's and the cross ones.
add_custom_target(mxi-agents)
add_dependencies(mxi-agents mxi-agent)
foreach(abi IN LISTS MXI_AGENT_ABIS)
  set(triple "${_mxi_abi_toolchain_${abi}}")
  if(NOT triple)
    message(FATAL_ERROR "MXI_AGENT_ABIS: unknown ABI '${abi}' (known: arm64-v8a, armeabi-v7a)")
  endif()
  find_program(MXI_CROSS_CXX_${triple} ${triple}-g++)
  if(NOT MXI_CROSS_CXX_${triple})
    message(FATAL_ERROR "The ${abi} agent needs ${triple}-g++, which is not installed: install Debian's "
                        "${_mxi_abi_package_${abi}} (scripts/setup.sh does), or configure with "
                        "-DMXI_AGENT_ABIS=\"\" to build no agent for ${abi} phones.")
  endif()
  set(dir ${PROJECT_BINARY_DIR}/agents/${abi})
  set(args -DCMAKE_TOOLCHAIN_FILE=${PROJECT_SOURCE_DIR}/cmake/toolchains/${triple}.cmake -DMXI_AGENT_ONLY=ON
           -DMXI_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release -DMXI_WERROR=${MXI_WERROR})
  if(CMAKE_CXX_COMPILER_LAUNCHER)
    list(APPEND args -DCMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER})
  endif()
  ExternalProject_Add(mxi-agent-${abi}
    SOURCE_DIR ${PROJECT_SOURCE_DIR}
    BINARY_DIR ${dir}
    CMAKE_GENERATOR ${CMAKE_GENERATOR}
    CMAKE_ARGS ${args}
    BUILD_COMMAND ${CMAKE_COMMAND} --build ${dir} --target mxi-agent
    BUILD_ALWAYS ON  # its own build decides what changed
    INSTALL_COMMAND ""
    BUILD_BYPRODUCTS ${dir}/device-agent/mxi-agent
    USES_TERMINAL_BUILD ON)
  add_dependencies(mxi-agents mxi-agent-${abi})
  install(PROGRAMS ${dir}/device-agent/mxi-agent DESTINATION share/matrix-inspector/agent/${abi} COMPONENT agent)
endforeach()
