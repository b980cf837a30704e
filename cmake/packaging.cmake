# The Debian packages, through CPack (`cd build && cpack -G DEB`; see
# docs/packaging.md): from the components cmake/install.cmake,
# cmake/man_pages.cmake and python/CMakeLists.txt install,
#   classad-engine      the tools, their manual pages, the simulation
#                       reports' chart library (uPlot), the Python module
#                       (component `runtime`);
#   classad-engine-dev  headers, static libraries, the CMake and pkg-config
#                       packages (component `development`).
# Run after a build: the package takes the built tree as it is.
set(CPACK_PACKAGE_NAME classad-engine)
set(CPACK_PACKAGE_VENDOR "classad_engine")
set(CPACK_PACKAGE_CONTACT "classad_engine developers <classad-engine@localhost>")
# Each package's description: its first line is the synopsis (so no
# CPACK_PACKAGE_DESCRIPTION_SUMMARY, which CPack would put before it), the
# others the long description (CPack indents them).
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL runtime development)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)

# classad-engine: shared-library dependencies from dpkg-shlibdeps (dpkg-dev,
# which build-essential brings), and the Python the module was built for.
set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME classad-engine)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SHLIBDEPS ON)
if(TARGET classad_engine_core)
  math(EXPR CLASSAD_NEXT_PYTHON_MINOR "${Python3_VERSION_MINOR} + 1")
  set(CPACK_DEBIAN_RUNTIME_PACKAGE_DEPENDS "python3 (>= ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}~), python3 (<< ${Python3_VERSION_MAJOR}.${CLASSAD_NEXT_PYTHON_MINOR})")
endif()
set(CPACK_DEBIAN_RUNTIME_DESCRIPTION
"ClassAd engine: tools and Python module
classad_eval, policy_config, policy_lint, policy_explain, userprio and
negotiator (HTCondor's ClassAd language, configuration and negotiator on
files), their manual pages, the chart library (uPlot, MIT) the
simulation reports inline, and the Python module classad_engine, a
drop-in for HTCondor's classad2.")

# classad-engine-dev: what a consumer's build needs besides these files:
# the libraries the static archives link and the packages
# classad_engineConfig.cmake and classad_engine.pc ask for.
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_NAME classad-engine-dev)
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_DEPENDS
    "libantlr4-runtime-dev, uuid-dev, libre2-dev, libsqlite3-dev, libpq-dev, pkg-config")
set(CPACK_DEBIAN_DEVELOPMENT_DESCRIPTION
"ClassAd engine: C++ headers and static libraries
The classad, policy and negotiator libraries with their headers, for
find_package(classad_engine CONFIG) (targets classad_engine::classad,
::policy, ::negotiator) or pkg-config --static classad_engine.")

include(CPack)
