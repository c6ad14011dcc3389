# Man pages goap-sim.1 and goap-studio.1, made at build time by help2man from
# the programs' own --help and --version (goap-studio answers both without a
# display), so a page cannot say other than the program. Installed with the
# programs; without help2man (apt install help2man) there are none, said here.
find_program(HELP2MAN help2man)
if(NOT HELP2MAN)
  message(STATUS "help2man not found: no man pages (apt install help2man)")
  return()
endif()
include(GNUInstallDirs)
set(GOAP_MAN_DIR ${CMAKE_BINARY_DIR}/man)
function(goap_man_page target description)
  set(page ${GOAP_MAN_DIR}/${target}.1)
  add_custom_command(OUTPUT ${page} ${page}.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${GOAP_MAN_DIR}
    COMMAND ${CMAKE_COMMAND} -E env --unset=DISPLAY --unset=WAYLAND_DISPLAY
            ${HELP2MAN} --no-info --name "${description}" --output ${page} $<TARGET_FILE:${target}>
    COMMAND gzip -9nkf ${page} # installed compressed, as Debian's policy wants
    DEPENDS ${target}
    COMMENT "man page ${target}.1 from ${target} --help"
    VERBATIM)
  add_custom_target(${target}-man ALL DEPENDS ${page} ${page}.gz)
  install(FILES ${page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 ${ARGN})
endfunction()

goap_man_page(goap-sim "the GOAP Studio simulator on the command line" COMPONENT tools)
if(TARGET goap-studio)
  goap_man_page(goap-studio "the GOAP Studio scenario editor and live simulator" COMPONENT studio)
  goap_man_page(goap-plot "a GOAP Studio run's charts as a PNG or PDF" COMPONENT tools)
endif()
