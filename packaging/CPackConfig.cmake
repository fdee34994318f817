# `cpack -G DEB` in a build directory makes matrix-inspector_<version>_<arch>.deb with `mxi`, the
# desktop app `matrix-inspector`, its .desktop file, icon and MIME types.
set(CPACK_PACKAGE_NAME "matrix-inspector")
set(CPACK_PACKAGE_VENDOR "Matrix Inspector")
set(CPACK_PACKAGE_CONTACT "Matrix Inspector developers <dev@matrix-inspector.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_GENERATOR "DEB")
set(CPACK_DEB_COMPONENT_INSTALL OFF)
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://github.com/matrix-inspector")
include(CPack)
