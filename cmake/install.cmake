# Install rules for the engine as a library, split the way Debian packages
# are (cmake/package.cmake makes one .deb per component):
#   runtime  libgoap.so.1 alone (libgoap1), under the multiarch lib/<triplet>
#   dev      goap.h, the C++ headers, static simcore, the CMake package
#            GoapSim and goap.pc (libgoap-dev)
#   tools    goap-sim, goap-plot, the cluster scripts, man pages, completion,
#            the scenarios (goap-sim)
#   studio   the editor, its desktop entry, icon and MIME type (goap-studio)
# Relocatable: no absolute path of the build machine ends up in the installed files.
if(CMAKE_LIBRARY_ARCHITECTURE AND (NOT CMAKE_INSTALL_LIBDIR OR CMAKE_INSTALL_LIBDIR STREQUAL "lib"))
  # Debian's multiarch directory whatever the prefix (GNUInstallDirs picks it
  # only for a /usr prefix, and cpack installs under a staging prefix).
  set(CMAKE_INSTALL_LIBDIR lib/${CMAKE_LIBRARY_ARCHITECTURE})
endif()
include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

set(GOAP_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/GoapSim)
set(GOAP_SCENARIO_INSTALL_DIR share/goap-studio/scenarios)

target_compile_features(simcore PUBLIC cxx_std_20) # its headers need C++20 in the consumer too
# Two export sets, so a C project needs nothing of C++ or Qt: GoapSim::goap
# (GoapSimCTargets) links the shared library only; GoapSim::simcore
# (GoapSimCxxTargets) is loaded, with its Qt6::Core, only when asked for.
install(TARGETS goap EXPORT GoapSimCTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime NAMELINK_COMPONENT dev)
install(TARGETS simcore EXPORT GoapSimCxxTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev)
install(FILES simcore/capi/goap.h DESTINATION include/goap COMPONENT dev)
install(DIRECTORY simcore/model simcore/io simcore/planner simcore/sim simcore/space simcore/graph simcore/sweep simcore/records simcore/tool
  DESTINATION include/goap COMPONENT dev FILES_MATCHING PATTERN "*.h" PATTERN "render.h" EXCLUDE)
install(EXPORT GoapSimCTargets NAMESPACE GoapSim:: DESTINATION ${GOAP_CMAKE_INSTALL_DIR} COMPONENT dev)
install(EXPORT GoapSimCxxTargets NAMESPACE GoapSim:: DESTINATION ${GOAP_CMAKE_INSTALL_DIR} COMPONENT dev)

configure_package_config_file(cmake/GoapSimConfig.cmake.in ${CMAKE_BINARY_DIR}/GoapSimConfig.cmake
  INSTALL_DESTINATION ${GOAP_CMAKE_INSTALL_DIR}
  PATH_VARS GOAP_SCENARIO_INSTALL_DIR)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/GoapSimConfigVersion.cmake
  COMPATIBILITY SameMinorVersion) # 0.x: minor versions may break the C++ API
install(FILES ${CMAKE_BINARY_DIR}/GoapSimConfig.cmake ${CMAKE_BINARY_DIR}/GoapSimConfigVersion.cmake
  DESTINATION ${GOAP_CMAKE_INSTALL_DIR} COMPONENT dev)

# goap.pc for pkg-config (`cc game.c $(pkg-config --cflags --libs goap)`),
# relocatable: its prefix is found from where the .pc file is.
file(RELATIVE_PATH GOAP_PC_TO_PREFIX /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
string(REGEX REPLACE "/$" "" GOAP_PC_TO_PREFIX "${GOAP_PC_TO_PREFIX}")
configure_file(cmake/goap.pc.in ${CMAKE_BINARY_DIR}/goap.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/goap.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT dev)

# goap-sim and goap-studio find what they ship (scenarios, libgoap) next to themselves.
set_target_properties(goap-sim PROPERTIES INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}")
install(TARGETS goap-sim RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tools)
install(PROGRAMS tools/sweep-slurm.sh DESTINATION ${CMAKE_INSTALL_BINDIR} RENAME goap-sweep-slurm COMPONENT tools)
install(FILES docs/sweep-kubernetes.yaml docs/town.sweep.json DESTINATION share/doc/goap-sim/examples COMPONENT tools)
install(FILES resources/goap-sim.bash-completion DESTINATION share/bash-completion/completions RENAME goap-sim
  COMPONENT tools)
install(DIRECTORY scenarios/ DESTINATION ${GOAP_SCENARIO_INSTALL_DIR} COMPONENT tools FILES_MATCHING PATTERN "*.json")
if(TARGET goap-studio)
  set_target_properties(goap-studio PROPERTIES INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}")
  install(TARGETS goap-plot RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tools)
  install(TARGETS goap-studio RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT studio)
  install(FILES resources/goap-studio.desktop DESTINATION share/applications COMPONENT studio)
  install(FILES resources/icons/goap-studio.svg DESTINATION share/icons/hicolor/scalable/apps COMPONENT studio)
  install(FILES resources/goap-studio-mime.xml DESTINATION share/mime/packages RENAME goap-studio.xml COMPONENT studio)
endif()
