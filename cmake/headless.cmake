# The headless guard: simcore, goapcli, goap-sim and libgoap link simcore and
# Qt6::Core only, and no include directory of theirs is in editor/. Checked
# at configure time over the targets' whole link closure, so a link to the
# charts (or to Qt6::Gui) cannot be added without the configure failing.
# tests/headless/ checks the built goap-sim (ldd) and simcore's #includes too.

# The targets `target` links, directly and through the targets it links.
function(_goap_link_closure target out)
  set(seen "")
  set(todo ${target})
  while(todo)
    list(POP_FRONT todo t)
    if(t IN_LIST seen)
      continue()
    endif()
    list(APPEND seen ${t})
    if(NOT TARGET ${t})
      continue()
    endif()
    get_target_property(imported ${t} IMPORTED)
    if(imported)
      continue() # Qt's own links are Qt's business; Qt6::Core needs no Gui
    endif()
    foreach(prop LINK_LIBRARIES INTERFACE_LINK_LIBRARIES)
      get_target_property(libs ${t} ${prop})
      if(libs)
        foreach(lib IN LISTS libs)
          if(lib MATCHES "^::@") # marks a link made from another directory (::@(id) ... ::@)
            continue()
          endif()
          string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" lib "${lib}")
          list(APPEND todo ${lib})
        endforeach()
      endif()
    endforeach()
  endwhile()
  list(REMOVE_ITEM seen ${target})
  set(${out} ${seen} PARENT_SCOPE)
endfunction()

function(goap_require_headless)
  # goapgraph is Graphviz's layout (libgvc): no display, no Qt beyond Core.
  set(allowed simcore goapcli goapgraph PkgConfig::GVC Qt6::Core TBB::tbb # oneTBB: the parallel tick
      PkgConfig::BLISS) # bliss: the planner's symmetries (planner/symmetry.cpp)
  foreach(target IN LISTS ARGN)
    _goap_link_closure(${target} closure)
    foreach(lib IN LISTS closure)
      if(NOT lib IN_LIST allowed)
        message(FATAL_ERROR "${target} must link simcore and Qt6::Core only (it is headless), "
                            "but it links ${lib}. Charts and widgets belong in editor/ (goap-plot).")
      endif()
    endforeach()
    foreach(t IN LISTS target closure)
      if(NOT TARGET ${t})
        continue()
      endif()
      get_target_property(imported ${t} IMPORTED)
      if(imported)
        continue()
      endif()
      foreach(prop INCLUDE_DIRECTORIES INTERFACE_INCLUDE_DIRECTORIES)
        get_target_property(dirs ${t} ${prop})
        if(dirs)
          foreach(dir IN LISTS dirs)
            if(dir MATCHES "^(\\$<BUILD_INTERFACE:)?${PROJECT_SOURCE_DIR}/editor")
              message(FATAL_ERROR "${target} must not see editor/ headers, but ${t} has ${dir} in ${prop}")
            endif()
          endforeach()
        endif()
      endforeach()
    endforeach()
  endforeach()
endfunction()

# The layers: the editor and goap-plot link simcore (its sweeps, the run and
# its records) but never goapcli, goap-sim's command line alone. Checked over
# the whole link closure, like the headless rule.
function(goap_forbid_link lib)
  foreach(target IN LISTS ARGN)
    _goap_link_closure(${target} closure)
    if(lib IN_LIST closure)
      message(FATAL_ERROR "${target} must not link ${lib} (the command line): what it shares with "
                          "goap-sim belongs in simcore (sweep/, records/, tool/)")
    endif()
  endforeach()
endfunction()
