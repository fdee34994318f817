# arm64-v8a agent: Debian's g++-aarch64-linux-gnu, tests under qemu-aarch64-static.
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(MXI_CROSS_TRIPLE aarch64-linux-gnu)
set(MXI_CROSS_DEBARCH arm64)
set(MXI_AGENT_ABI arm64-v8a)
set(MXI_CROSS_QEMU qemu-aarch64-static)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross-common.cmake)
