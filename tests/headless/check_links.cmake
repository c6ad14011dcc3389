# Fails when BINARY needs a GUI library: ldd (the whole closure the loader
# would map, not only the NEEDED entries) must show Qt6Core and none of
# Qt6Gui, Qt6Widgets, Qt6PrintSupport, Qt6OpenGL, Qt6Svg, QCustomPlot.
#   cmake -DBINARY=build/bin/goap-sim -P tests/headless/check_links.cmake
if(NOT EXISTS "${BINARY}")
  message(FATAL_ERROR "headless-links: no binary ${BINARY}")
endif()
execute_process(COMMAND ldd "${BINARY}" OUTPUT_VARIABLE ldd ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "headless-links: ldd ${BINARY} failed (${rc}): ${err}")
endif()
if(NOT ldd MATCHES "libQt6Core")
  message(FATAL_ERROR "headless-links: ldd shows no libQt6Core, so it did not list the libraries:\n${ldd}")
endif()
string(REGEX MATCHALL "lib(Qt6(Gui|Widgets|PrintSupport|OpenGL|OpenGLWidgets|Svg)|QCustomPlot[A-Za-z0-9]*)[^ \t\n]*" gui "${ldd}")
if(gui)
  list(REMOVE_DUPLICATES gui)
  message(FATAL_ERROR "headless-links: FAIL: ${BINARY} needs GUI libraries: ${gui}")
endif()
string(REGEX MATCHALL "\n[ \t]*[^ \t\n]+" libs "${ldd}")
list(LENGTH libs count)
message(STATUS "headless-links: OK: ${BINARY} needs ${count} libraries, none of QtGui, widgets or QCustomPlot")
