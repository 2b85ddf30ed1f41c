# What `cmake --install` (and so the .deb of cmake/GaliasPackage.cmake) puts where, in the
# GNU layout under CMAKE_INSTALL_PREFIX:
#   bin/galias                               the tool; the built-in rule sets (analyses/*.dl)
#                                            and the checks' help pages are compiled into it,
#                                            so it reads nothing from the prefix at run time
#   share/doc/galias/README.md, docs/        the documentation, in the source tree's layout so
#                                            the README's links to docs/*.md still resolve
#   share/doc/galias/LICENSE                 the Apache License 2.0 galias is distributed under
#   share/doc/galias/examples/alias-demo/    the bundled example (a C program and .galias.toml)
#   share/galias/analyses/*.dl               the built-in rule sets as text: the starting point
#                                            for a custom program (`galias run my.dl`)
# Only the tool is installed: the libraries are static and internal, tests and benchmarks
# stay in the build tree.
include(GNUInstallDirs)

install(TARGETS galias RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
        FILES_MATCHING PATTERN "*.md")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/alias-demo DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/analyses/ DESTINATION ${CMAKE_INSTALL_DATADIR}/galias/analyses
        FILES_MATCHING PATTERN "*.dl")
