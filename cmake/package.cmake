# cpack -G DEB (tools/dev.sh package): four packages, split the Debian way
# (the components of cmake/install.cmake):
#   libgoap1     libgoap.so.1, the C API's shared library, alone
#   libgoap-dev  goap.h, the C++ headers and static simcore, the CMake package, goap.pc
#   goap-sim     goap-sim (headless: Qt6::Core only), goap-plot, the cluster
#                scripts, man pages, bash completion, the scenarios
#   goap-studio  the editor, its desktop entry, icon and scenario MIME type
set(CPACK_PACKAGE_NAME goap-studio)
set(CPACK_PACKAGE_VENDOR "GOAP Studio")
set(CPACK_PACKAGE_CONTACT "GOAP Studio maintainers <goap-studio@example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL runtime dev tools)
if(TARGET goap-studio)
  list(APPEND CPACK_COMPONENTS_ALL studio)
endif()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # libgoap1_0.1.0_amd64.deb, ...
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://github.com/goap-studio/goap-studio")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON) # Qt, QCustomPlot, libc: from the binaries' own needs
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME libgoap1)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_DEV_PACKAGE_NAME libgoap-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_SUGGESTS "qt6-base-dev, libbliss-dev, pkg-config, cmake") # the C++ engine needs Qt's (and bliss's)
set(CPACK_DEBIAN_TOOLS_PACKAGE_NAME goap-sim)
set(CPACK_DEBIAN_TOOLS_PACKAGE_SECTION science)
set(CPACK_DEBIAN_STUDIO_PACKAGE_NAME goap-studio)
set(CPACK_DEBIAN_STUDIO_PACKAGE_SECTION science)
set(CPACK_DEBIAN_STUDIO_PACKAGE_RECOMMENDS "shared-mime-info, desktop-file-utils")
# libgoap1's shlibs file: dpkg-shlibdeps of the games that link it finds it.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY "=")
# ...and the ldconfig trigger lintian wants of a package with a public library.
file(WRITE ${CMAKE_BINARY_DIR}/debian/libgoap1/triggers "activate-noawait ldconfig\n")
set(CPACK_DEBIAN_RUNTIME_PACKAGE_CONTROL_EXTRA ${CMAKE_BINARY_DIR}/debian/libgoap1/triggers)

# What lintian asks of every package: /usr/share/doc/<package>/copyright and,
# a native package, changelog.gz (gzip -n: the same bytes on every build).
find_program(GZIP gzip REQUIRED)
set(_docs ${CMAKE_BINARY_DIR}/debian)
file(MAKE_DIRECTORY ${_docs})
string(TIMESTAMP _date "%a, %d %b %Y %H:%M:%S +0000" UTC) # honours SOURCE_DATE_EPOCH
foreach(_component IN LISTS CPACK_COMPONENTS_ALL)
  string(TOUPPER ${_component} _upper)
  set(_package ${CPACK_DEBIAN_${_upper}_PACKAGE_NAME})
  file(WRITE ${_docs}/${_package}.changelog
    "${_package} (${PROJECT_VERSION}) unstable; urgency=medium\n\n"
    "  * Release ${PROJECT_VERSION}.\n\n -- ${CPACK_PACKAGE_CONTACT}  ${_date}\n")
  execute_process(COMMAND ${GZIP} -9nf ${_docs}/${_package}.changelog)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/debian-copyright.in ${_docs}/${_package}.copyright @ONLY)
  install(FILES ${_docs}/${_package}.changelog.gz DESTINATION share/doc/${_package} RENAME changelog.gz
    COMPONENT ${_component})
  install(FILES ${_docs}/${_package}.copyright DESTINATION share/doc/${_package} RENAME copyright
    COMPONENT ${_component})
endforeach()

set(CPACK_GENERATOR DEB)
include(CPack)
cpack_add_component(runtime DISPLAY_NAME "libgoap1"
  DESCRIPTION "GOAP Studio's simulation engine as a C library (runtime)
 libgoap runs GOAP Studio scenarios from a game or any language with a C
 foreign function interface: load a scenario, step the simulation, poll its
 events and read its reports. This package holds the shared library alone.")
cpack_add_component(dev DISPLAY_NAME "libgoap-dev" DEPENDS runtime
  DESCRIPTION "GOAP Studio's simulation engine (development files)
 goap.h for the C API, the CMake package (find_package(GoapSim)) and goap.pc
 for pkg-config, and the C++ engine's headers and static library (which needs
 Qt 6 Core's development files).")
cpack_add_component(tools DISPLAY_NAME "goap-sim"
  DESCRIPTION "GOAP Studio's simulator on the command line
 goap-sim validates, plans, runs, formats, diffs and sweeps Goal-Oriented
 Action Planning scenarios without a display; goap-plot charts a run as a PNG
 or PDF. With the sample scenarios, man pages, bash completion and the
 scripts that run a sweep on Slurm or Kubernetes.")
cpack_add_component(studio DISPLAY_NAME "goap-studio" DEPENDS tools
  DESCRIPTION "GOAP Studio, the editor and live simulator of GOAP scenarios
 GOAP Studio designs and simulates goal-driven characters: a map, the
 characters' actions and goals, a live run with its charts, sweeps and
 comparisons of runs.")
