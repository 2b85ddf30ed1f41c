# Decides whether the Clang frontend is built. Sets GALIAS_HAVE_FRONTEND.
# Debian's clang-14 ships ClangConfig.cmake; libclang-14-dev and libclang-cpp14-dev are needed too.
set(GALIAS_HAVE_FRONTEND OFF)
if(NOT GALIAS_FRONTEND STREQUAL "OFF")
  find_package(Clang CONFIG QUIET HINTS /usr/lib/llvm-14/lib/cmake/clang)
  find_package(Boost 1.74 QUIET)
  if(Clang_FOUND AND Boost_FOUND)
    set(GALIAS_HAVE_FRONTEND ON)
  elseif(GALIAS_FRONTEND STREQUAL "ON")
    message(FATAL_ERROR "GALIAS_FRONTEND=ON but Clang 14 (libclang-14-dev, libclang-cpp14-dev, clang-14) or Boost was not found")
  else()
    message(STATUS "galias: Clang 14 libTooling not found; building without the frontend")
  endif()
endif()
