# armeabi-v7a agent: Debian's g++-arm-linux-gnueabihf (ARMv7, hard float), tests under qemu-arm-static.
set(CMAKE_SYSTEM_PROCESSOR armv7l)
set(MXI_CROSS_TRIPLE arm-linux-gnueabihf)
set(MXI_CROSS_DEBARCH armhf)
set(MXI_AGENT_ABI armeabi-v7a)
set(MXI_CROSS_QEMU qemu-arm-static)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross-common.cmake)
