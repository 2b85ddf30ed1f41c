# The Debian package (`cpack -G DEB`, or scripts/build-deb.sh): what cmake/GaliasInstall.cmake
# installs, under /usr, for Debian 12 (bookworm).
#
# Two packages, one per build: `galias` (the CPU backend) from a build without CUDA, and
# `galias-cuda` (the CPU and CUDA backends) from one with it. Both install /usr/bin/galias,
# so galias-cuda Provides, Conflicts with and Replaces galias: installing one removes the
# other, and whatever needs galias is content with either.
#
# Dependencies: dpkg-shlibdeps reads the libraries galias is linked against (libc, libstdc++,
# oneTBB, Clang 14, LLVM 14, fmt, toml++) and names their packages. What it cannot see is
# listed by hand:
#   libclang-common-14-dev  Clang's built-in headers (stddef.h, stdarg.h, ...): the frontend
#                           passes their directory to Clang, and no C file parses without it
#   libc6-dev (Recommends)  the C library's headers: any project whose compilation database
#                           galias reads was built against them, so they are normally there
#   libcuda1 (>= 580) (Recommends, galias-cuda)
#                           the NVIDIA driver's libcuda.so.1, which the statically linked CUDA
#                           runtime (CUDA::cudart_static) opens when galias first asks for a
#                           GPU. Only a recommendation: without it galias runs on the CPU, and
#                           `--backend cuda` says what is missing. Version 580 is the first
#                           driver for CUDA 13; Debian 12's own libcuda1 (535, non-free) is
#                           older, so apt leaves it out, and NVIDIA's repository has newer ones.
#
# /usr/share/doc/<package>/copyright (Debian's machine-readable format) is cmake/deb/copyright,
# plus cmake/deb/copyright-cuda when the CUDA runtime and CCCL are compiled in. It is installed
# by the `deb` component, which only the package installs (CPACK_INSTALL_CMAKE_PROJECTS).
set(GALIAS_PACKAGE_MAINTAINER "galias developers <https://github.com/galias/galias/issues>"
    CACHE STRING "Maintainer field of the Debian package")

if(GALIAS_HAVE_CUDA)
  set(GALIAS_PACKAGE_NAME galias-cuda)
else()
  set(GALIAS_PACKAGE_NAME galias)
endif()

set(CPACK_PACKAGE_NAME ${GALIAS_PACKAGE_NAME})
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "galias")
set(CPACK_PACKAGE_CONTACT "${GALIAS_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
    "galias reads a compile_commands.json, extracts pointer facts from the C sources with Clang, "
    "solves Andersen and CSPA points-to analyses with a Datalog engine on a CUDA GPU or on the CPU, "
    "and reports aliasing bugs (overlapping copies, restrict violations, must-not-alias pairs) "
    "as text, JSON or SARIF for code scanning.")
if(GALIAS_HAVE_CUDA)
  list(APPEND CPACK_PACKAGE_DESCRIPTION
       " This package has the CPU and the CUDA backends. The GPU needs the NVIDIA driver 580 or newer "
       "(libcuda.so.1). Without one galias runs on the CPU.")
else()
  list(APPEND CPACK_PACKAGE_DESCRIPTION " This package has the CPU backend. galias-cuda adds the CUDA one.")
endif()
# No semicolon in the parts: they are a CMake list.
string(JOIN "" CPACK_PACKAGE_DESCRIPTION ${CPACK_PACKAGE_DESCRIPTION})
set(CPACK_PACKAGE_HOMEPAGE_URL "${PROJECT_HOMEPAGE_URL}")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # <package>_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(GALIAS_PACKAGE_RECOMMENDS)
if(GALIAS_HAVE_FRONTEND)  # without the frontend galias parses no C
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "libclang-common-14-dev")
  list(APPEND GALIAS_PACKAGE_RECOMMENDS "libc6-dev")
endif()
if(GALIAS_HAVE_CUDA)
  list(APPEND GALIAS_PACKAGE_RECOMMENDS "libcuda1 (>= 580)")
  set(CPACK_DEBIAN_PACKAGE_PROVIDES galias)
  set(CPACK_DEBIAN_PACKAGE_CONFLICTS galias)
  set(CPACK_DEBIAN_PACKAGE_REPLACES galias)
endif()
string(JOIN ", " CPACK_DEBIAN_PACKAGE_RECOMMENDS ${GALIAS_PACKAGE_RECOMMENDS})

# The copyright file, composed at configure time.
set(GALIAS_COPYRIGHT_PARTS ${PROJECT_SOURCE_DIR}/cmake/deb/copyright)
if(GALIAS_HAVE_CUDA)
  list(APPEND GALIAS_COPYRIGHT_PARTS ${PROJECT_SOURCE_DIR}/cmake/deb/copyright-cuda)
endif()
get_property(GALIAS_PACKAGE_ALLOCATOR GLOBAL PROPERTY GALIAS_ALLOCATOR_USED)
if(GALIAS_PACKAGE_ALLOCATOR STREQUAL "jemalloc")
  list(APPEND GALIAS_COPYRIGHT_PARTS ${PROJECT_SOURCE_DIR}/cmake/deb/copyright-jemalloc)
endif()
set(GALIAS_COPYRIGHT_TEXT "")
foreach(part IN LISTS GALIAS_COPYRIGHT_PARTS)
  file(READ ${part} text)
  string(APPEND GALIAS_COPYRIGHT_TEXT "${text}")
endforeach()
file(CONFIGURE OUTPUT ${PROJECT_BINARY_DIR}/deb/copyright CONTENT "${GALIAS_COPYRIGHT_TEXT}" @ONLY)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${GALIAS_COPYRIGHT_PARTS})
install(FILES ${PROJECT_BINARY_DIR}/deb/copyright DESTINATION share/doc/${GALIAS_PACKAGE_NAME}
        COMPONENT deb EXCLUDE_FROM_ALL)
# Everything a plain `cmake --install` installs, then the package's own files.
set(CPACK_INSTALL_CMAKE_PROJECTS "${PROJECT_BINARY_DIR};${PROJECT_NAME};ALL;/"
                                 "${PROJECT_BINARY_DIR};${PROJECT_NAME};deb;/")

include(CPack)
