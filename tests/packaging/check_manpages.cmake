# man_pages: the generated goap-sim.1 names every subcommand with its own
# synopsis and goap-studio.1 every option, as their --help do (cmake/manpages.cmake).
# Run with -DMAN_DIR=<build>/man -DGOAP_SIM=<goap-sim>.
foreach(page goap-sim goap-studio)
  if(NOT EXISTS ${MAN_DIR}/${page}.1)
    message(FATAL_ERROR "no man page ${MAN_DIR}/${page}.1")
  endif()
endforeach()
file(READ ${MAN_DIR}/goap-sim.1 sim)
string(REGEX REPLACE "\\\\f[BIR]" "" sim "${sim}") # roff's fonts
string(REPLACE "\\-" "-" sim "${sim}") # and escaped hyphens
foreach(command validate plan run format sweep sweep-merge diff graph)
  execute_process(COMMAND ${GOAP_SIM} ${command} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
  string(REGEX MATCH "usage: goap-sim ([^\n]*)" _ "${help}")
  string(FIND "${sim}" "\n${CMAKE_MATCH_1}" at)
  if(NOT rc EQUAL 0 OR at EQUAL -1)
    message(FATAL_ERROR "goap-sim.1 lacks '${command}' as its --help says it (${rc}): ${CMAKE_MATCH_1}")
  endif()
endforeach()
file(READ ${MAN_DIR}/goap-studio.1 studio)
string(REPLACE "\\-" "-" studio "${studio}")
foreach(option --screenshot --run-for --raise --maximize --break --sweep --compare --beside --version)
  if(NOT studio MATCHES "${option}")
    message(FATAL_ERROR "goap-studio.1 lacks ${option}")
  endif()
endforeach()
message("man pages: goap-sim.1 and goap-studio.1 say what --help says")
