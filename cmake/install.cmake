# What `cmake --install` puts where (see docs/packaging.md): the tools and
# the simulation report's chart library (component `runtime`), and for C++ users (component `development`) the
# libraries' headers under include/classad_engine/, the static libraries
# with what they link privately (the generated parser classad_grammar),
# the CMake package classad_engine (imported targets classad_engine::classad,
# ::policy, ::negotiator) and the pkg-config module classad_engine.pc.
# The Python module and the manual pages add their own rules
# (python/CMakeLists.txt, cmake/man_pages.cmake).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(CLASSAD_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/classad_engine)
set(CLASSAD_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/classad_engine)

# --- tools ---------------------------------------------------------------------
foreach(tool classad_eval policy_config policy_lint userprio policy_explain negotiator_tool)
  if(TARGET ${tool})
    install(TARGETS ${tool} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)
  endif()
endforeach()

# --- the simulation report's chart library: the files of uPlot's npm package
# the reports read (negotiator/simulate/simulation_html.cc), its MIT LICENSE,
# in the package's own layout, with the tools (negotiator::ChartLibraryCandidates
# finds it there). Without it at configure time, nothing (the reports then
# need NEGOTIATOR_CHART_LIBRARY).
if(TARGET negotiator_tool)
  set(CLASSAD_CHARTS_FILES package.json LICENSE dist/uPlot.iife.min.js dist/uPlot.min.css)
  set(CLASSAD_CHARTS_MISSING "")
  foreach(file ${CLASSAD_CHARTS_FILES})
    if(NOT EXISTS ${CLASSAD_CHARTS_DIR}/${file})
      list(APPEND CLASSAD_CHARTS_MISSING ${file})
    endif()
  endforeach()
  # (tests/packaging reads CLASSAD_CHARTS_INSTALLED.)
  if(CLASSAD_CHARTS_MISSING)
    set(CLASSAD_CHARTS_INSTALLED 0)
    list(JOIN CLASSAD_CHARTS_MISSING ", " missing)
    message(WARNING "The chart library is not in ${CLASSAD_CHARTS_DIR} (no "
      "${missing}; scripts/install-deps.sh installs it): it will not be "
      "installed, and the installed negotiator writes no HTML report unless "
      "NEGOTIATOR_CHART_LIBRARY names a copy.")
  else()
    set(CLASSAD_CHARTS_INSTALLED 1)
    foreach(file ${CLASSAD_CHARTS_FILES})
      get_filename_component(subdir ${file} DIRECTORY)
      install(FILES ${CLASSAD_CHARTS_DIR}/${file}
              DESTINATION ${CLASSAD_INSTALL_CHARTSDIR}/${subdir} COMPONENT runtime)
    endforeach()
  endif()
endif()

# --- headers: every header of the three libraries (they include one another),
# and the generated classad/version.h; never the ANTLR-generated parser's.
foreach(floor classad policy negotiator)
  install(DIRECTORY ${CMAKE_SOURCE_DIR}/${floor} DESTINATION ${CLASSAD_INSTALL_INCLUDEDIR}
          COMPONENT development FILES_MATCHING PATTERN "*.h")
endforeach()
install(FILES ${CLASSAD_GENERATED_INCLUDE_DIR}/classad/version.h
        DESTINATION ${CLASSAD_INSTALL_INCLUDEDIR}/classad COMPONENT development)

# --- libraries and the CMake package --------------------------------------------
set(CLASSAD_EXPORTED_LIBRARIES classad_grammar classad policy)
if(TARGET negotiator)
  list(APPEND CLASSAD_EXPORTED_LIBRARIES negotiator)
endif()
install(TARGETS ${CLASSAD_EXPORTED_LIBRARIES} EXPORT classad_engineTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT development)
# `cmake --install --strip` (and the Debian package, CPACK_STRIP_FILES)
# strips the tools; the archives lose their debug sections too (they are
# most of their size in a RelWithDebInfo build).
foreach(lib ${CLASSAD_EXPORTED_LIBRARIES})
  install(CODE "if(CMAKE_INSTALL_DO_STRIP)
    execute_process(COMMAND \"${CMAKE_STRIP}\" -g
      \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/$<TARGET_FILE_NAME:${lib}>\")
  endif()" COMPONENT development)
endforeach()
install(EXPORT classad_engineTargets NAMESPACE classad_engine::
        DESTINATION ${CLASSAD_INSTALL_CMAKEDIR} COMPONENT development)
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/classad_engineConfig.cmake.in
  ${CMAKE_BINARY_DIR}/generated/classad_engineConfig.cmake
  INSTALL_DESTINATION ${CLASSAD_INSTALL_CMAKEDIR})
# Before 1.0 a minor version may change the interfaces.
write_basic_package_version_file(${CMAKE_BINARY_DIR}/generated/classad_engineConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/generated/classad_engineConfig.cmake
              ${CMAKE_BINARY_DIR}/generated/classad_engineConfigVersion.cmake
        DESTINATION ${CLASSAD_INSTALL_CMAKEDIR} COMPONENT development)

# --- pkg-config: relocatable (the prefix is found from the .pc file's place) ---
file(RELATIVE_PATH PC_PREFIX_FROM_PCDIR
     /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(${CMAKE_SOURCE_DIR}/cmake/classad_engine.pc.in
               ${CMAKE_BINARY_DIR}/generated/classad_engine.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/generated/classad_engine.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT development)
