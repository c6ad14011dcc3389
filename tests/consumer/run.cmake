# test_consumer: installs this build into a temporary prefix, then configures,
# builds and runs tests/consumer against it with find_package(GoapSim), as a
# game's build would. Run by CTest with -DBUILD_DIR -DSOURCE_DIR -DWORK_DIR
# -DGENERATOR -DC_COMPILER -DCXX_COMPILER -DBUILD_TYPE [-DSANITIZE=address;undefined].
cmake_minimum_required(VERSION 3.25)

function(run)
  cmake_parse_arguments(R "" "OUTPUT" "COMMAND" ${ARGN})
  execute_process(COMMAND ${R_COMMAND} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    list(JOIN R_COMMAND " " cmd)
    message(FATAL_ERROR "failed (${rc}): ${cmd}\n${out}\n${err}")
  endif()
  if(R_OUTPUT)
    set(${R_OUTPUT} "${out}" PARENT_SCOPE)
  endif()
endfunction()

set(prefix ${WORK_DIR}/prefix)
set(build ${WORK_DIR}/build)
file(REMOVE_RECURSE ${WORK_DIR})

run(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

# Nothing installed may point back at the source tree or the build tree:
# the package must work wherever it is unpacked. Release builds only: debug
# information and assertions name their sources by design.
# Qt keeps QStringLiterals as UTF-16, so look for both spellings.
set(installed "")
if(BUILD_TYPE MATCHES "^(Release|MinSizeRel)$")
  file(GLOB_RECURSE installed LIST_DIRECTORIES false ${prefix}/*)
endif()
foreach(f IN LISTS installed)
  foreach(encoding UTF-8 UTF-16LE)
    file(STRINGS ${f} hits REGEX "${SOURCE_DIR}|${BUILD_DIR}" ENCODING ${encoding} LIMIT_COUNT 1)
    if(hits)
      message(FATAL_ERROR "${f} names the build machine's ${SOURCE_DIR} or ${BUILD_DIR} (${encoding}): ${hits}")
    endif()
  endforeach()
endforeach()

set(flags "")
if(SANITIZE)
  # An instrumented libgoap needs an instrumented executable (the runtime first).
  list(JOIN SANITIZE "," san)
  set(flags "-DCMAKE_C_FLAGS=-fsanitize=${san}" "-DCMAKE_CXX_FLAGS=-fsanitize=${san}"
            "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=${san}")
endif()
run(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/consumer -B ${build} -G ${GENERATOR}
            -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix}
            -DCMAKE_C_COMPILER=${C_COMPILER} -DCMAKE_CXX_COMPILER=${CXX_COMPILER} ${flags})
run(COMMAND ${CMAKE_COMMAND} --build ${build})

set(town ${prefix}/share/goap-studio/scenarios/town.json)
run(COMMAND ${build}/quotas ${town} OUTPUT quotas)
message("${quotas}")
if(NOT quotas MATCHES "Town \\(libgoap [0-9.]+\\)\n" OR NOT quotas MATCHES "[1-9][0-9]* quota\\(s\\) met on day 1\n")
  message(FATAL_ERROR "quotas printed something else:\n${quotas}")
endif()

# The installed C++ engine's day equals the installed goap-sim's.
run(COMMAND ${build}/dayreport ${town} OUTPUT cxx)
run(COMMAND ${prefix}/bin/goap-sim run ${town} --report ${WORK_DIR}/report.json)
file(READ ${WORK_DIR}/report.json cli)
if(NOT cxx STREQUAL cli)
  message(FATAL_ERROR "dayreport's report differs from goap-sim run --report")
endif()
message("consumer: quotas and dayreport built against ${prefix} and ran")

# Issue #32, 2: a C game, project(X LANGUAGES C), with Qt out of sight
# (CMAKE_DISABLE_FIND_PACKAGE_Qt6: as on a machine without qt6-base-dev)
# finds GoapSim::goap; and one built by pkg-config and cc alone.
run(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/consumer/c-only -B ${WORK_DIR}/c-only -G ${GENERATOR}
            -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_DISABLE_FIND_PACKAGE_Qt6=ON
            -DCMAKE_C_COMPILER=${C_COMPILER} ${flags})
run(COMMAND ${CMAKE_COMMAND} --build ${WORK_DIR}/c-only)
run(COMMAND ${WORK_DIR}/c-only/quotas ${town} OUTPUT c_quotas)
if(NOT c_quotas STREQUAL quotas)
  message(FATAL_ERROR "the C-only build of quotas printed something else:\n${c_quotas}")
endif()
file(GLOB_RECURSE pc LIST_DIRECTORIES false ${prefix}/lib*/goap.pc)
if(NOT pc)
  message(FATAL_ERROR "no goap.pc installed under ${prefix}")
endif()
get_filename_component(pc_dir ${pc} DIRECTORY)
find_program(PKG_CONFIG pkg-config REQUIRED)
set(ENV{PKG_CONFIG_PATH} ${pc_dir})
run(COMMAND ${PKG_CONFIG} --cflags --libs goap OUTPUT pc_flags)
run(COMMAND ${PKG_CONFIG} --variable=libdir goap OUTPUT pc_libdir)
string(STRIP "${pc_libdir}" pc_libdir)
separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
set(sanflags "")
if(SANITIZE)
  set(sanflags -fsanitize=${san})
endif()
foreach(example quotas gameloop)
  run(COMMAND ${C_COMPILER} ${sanflags} ${SOURCE_DIR}/tests/consumer/${example}.c ${pc_flags} -Wl,-rpath,${pc_libdir}
              -o ${WORK_DIR}/${example}-pkg-config)
endforeach()
run(COMMAND ${WORK_DIR}/quotas-pkg-config ${town} OUTPUT pc_quotas)
if(NOT pc_quotas STREQUAL quotas)
  message(FATAL_ERROR "quotas built with pkg-config printed something else:\n${pc_quotas}")
endif()
message("consumer: a C-only CMake project without Qt, and pkg-config + cc, built quotas")

# docs/embedding.md shows quotas.c verbatim: the program the test built.
file(READ ${SOURCE_DIR}/tests/consumer/quotas.c program)
file(READ ${SOURCE_DIR}/docs/embedding.md doc)
string(FIND "${doc}" "${program}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "docs/embedding.md no longer shows tests/consumer/quotas.c as it is")
endif()

# The game loop (issue #32, "done when"): reads and writes facts, plans from
# now and owns an external action; it exits 0 only when its day went as it
# expects (run() fails otherwise). Built three ways, one output: with the C++
# consumer project, the C-only one, and pkg-config + cc.
run(COMMAND ${build}/gameloop OUTPUT gameloop)
message("${gameloop}")
foreach(line "plan from now: [1-9][0-9]* hunt\\(s\\), cost [0-9.]+\n" ": hunter starts hunt: the game plays it\n"
             ": hunt: the game says it failed\n" ": hunt completed\n" "world.meat = 4 after 4 hunt\\(s\\), 1 failed\n")
  if(NOT gameloop MATCHES "${line}")
    message(FATAL_ERROR "gameloop printed no line matching '${line}':\n${gameloop}")
  endif()
endforeach()
foreach(way c-only/gameloop gameloop-pkg-config)
  run(COMMAND ${WORK_DIR}/${way} OUTPUT other)
  if(NOT other STREQUAL gameloop)
    message(FATAL_ERROR "${way} printed something else than the C++ project's gameloop:\n${other}")
  endif()
endforeach()
message("consumer: gameloop built with CMake (C and C++ projects, C-only without Qt) and pkg-config + cc, and ran")
