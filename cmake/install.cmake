# Install rules for the engine as a library: headers under include/goap/,
# an exported CMake package GoapSim (lib/cmake/GoapSim), relocatable: no
# absolute path of the build machine ends up in the installed files.
include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

set(GOAP_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/GoapSim)
set(GOAP_SCENARIO_INSTALL_DIR share/goap-studio/scenarios)

target_compile_features(simcore PUBLIC cxx_std_20) # its headers need C++20 in the consumer too
install(TARGETS simcore goap EXPORT GoapSimTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES simcore/capi/goap.h DESTINATION include/goap)
install(DIRECTORY simcore/model simcore/io simcore/planner simcore/sim simcore/space simcore/graph simcore/sweep simcore/records simcore/tool
  DESTINATION include/goap FILES_MATCHING PATTERN "*.h" PATTERN "render.h" EXCLUDE)
install(EXPORT GoapSimTargets NAMESPACE GoapSim:: DESTINATION ${GOAP_CMAKE_INSTALL_DIR})

configure_package_config_file(cmake/GoapSimConfig.cmake.in ${CMAKE_BINARY_DIR}/GoapSimConfig.cmake
  INSTALL_DESTINATION ${GOAP_CMAKE_INSTALL_DIR}
  PATH_VARS GOAP_SCENARIO_INSTALL_DIR)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/GoapSimConfigVersion.cmake
  COMPATIBILITY SameMinorVersion) # 0.x: minor versions may break the C++ API
install(FILES ${CMAKE_BINARY_DIR}/GoapSimConfig.cmake ${CMAKE_BINARY_DIR}/GoapSimConfigVersion.cmake
  DESTINATION ${GOAP_CMAKE_INSTALL_DIR})

# goap-sim and goap-studio find what they ship (scenarios, libgoap) next to themselves.
set_target_properties(goap-sim PROPERTIES INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}")
if(TARGET goap-studio)
  set_target_properties(goap-studio PROPERTIES INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}")
  install(FILES resources/goap-studio-mime.xml DESTINATION share/mime/packages RENAME goap-studio.xml)
endif()
