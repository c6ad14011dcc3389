# cpack -G DEB (tools/dev.sh package): one goap-studio package with the
# editor, goap-sim (headless: Qt6::Core only), goap-plot (a run's charts as
# a picture), libgoap and its development files, the scenarios, the
# desktop file, the icon and the scenario MIME type.
set(CPACK_PACKAGE_NAME goap-studio)
set(CPACK_PACKAGE_VENDOR "GOAP Studio")
set(CPACK_PACKAGE_CONTACT "GOAP Studio maintainers <goap-studio@example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # goap-studio_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://github.com/goap-studio/goap-studio")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON) # Qt, QCustomPlot: from the binaries' own needs
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "shared-mime-info, desktop-file-utils")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "${PROJECT_DESCRIPTION}
 GOAP Studio designs and simulates goal-driven characters: the goap-studio
 editor, the goap-sim command line (no GUI libraries), goap-plot (a run's
 charts as a PNG or PDF, without a display), and libgoap, the engine as a C library
 (goap.h) with a CMake package (find_package(GoapSim)) for games.")
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB)
include(CPack)
