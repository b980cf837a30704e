# The tools' manual pages, generated at build time from each tool's own
# -help output (the one source of their documentation) by
# scripts/help-to-man.py into ${CMAKE_BINARY_DIR}/man/NAME.1, gzipped
# for installing under share/man/man1 (component `runtime`).
find_package(Python3 REQUIRED COMPONENTS Interpreter)
find_program(GZIP_PROGRAM gzip REQUIRED)

set(CLASSAD_MAN_DIR ${CMAKE_BINARY_DIR}/man)
# tool name, its target, the argument that prints its help
set(CLASSAD_MAN_TOOLS
  "classad_eval|classad_eval|-help" "policy_config|policy_config|-help"
  "policy_lint|policy_lint|--help" "policy_explain|policy_explain|--help"
  "userprio|userprio|-help" "negotiator|negotiator_tool|-help")
set(CLASSAD_MAN_NAMES)
foreach(entry ${CLASSAD_MAN_TOOLS})
  string(REPLACE "|" ";" entry "${entry}")
  list(GET entry 1 target)
  if(TARGET ${target})
    list(GET entry 0 name)
    list(APPEND CLASSAD_MAN_NAMES ${name})
  endif()
endforeach()
string(REPLACE ";" "," CLASSAD_MAN_SEE_ALSO "${CLASSAD_MAN_NAMES}")

set(CLASSAD_MAN_PAGES)
foreach(entry ${CLASSAD_MAN_TOOLS})
  string(REPLACE "|" ";" entry "${entry}")
  list(GET entry 0 name)
  list(GET entry 1 target)
  list(GET entry 2 help_arg)
  if(NOT TARGET ${target})
    continue()
  endif()
  set(page ${CLASSAD_MAN_DIR}/${name}.1)
  add_custom_command(OUTPUT ${page} ${page}.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CLASSAD_MAN_DIR}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/help-to-man.py
            --name ${name} --version ${PROJECT_VERSION} --program $<TARGET_FILE:${target}>
            --help-arg=${help_arg} --see-also ${CLASSAD_MAN_SEE_ALSO} --output ${page}
    COMMAND ${GZIP_PROGRAM} -9nf -k ${page}
    DEPENDS ${target} ${CMAKE_SOURCE_DIR}/scripts/help-to-man.py
    COMMENT "Writing the manual page ${name}(1)" VERBATIM)
  list(APPEND CLASSAD_MAN_PAGES ${page})
  install(FILES ${page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT runtime)
endforeach()
add_custom_target(man_pages ALL DEPENDS ${CLASSAD_MAN_PAGES})
