# The memory allocator linked into the galias executable.
#
# GALIAS_ALLOCATOR=jemalloc (the default) links Debian's jemalloc (libjemalloc-dev) in
# statically, so the executable needs nothing more at run time; =system keeps glibc's
# malloc. The frontend and the worklist solvers make and free tens of millions of small
# blocks (translation-unit summaries, sparse bit vectors of points-to sets), where glibc's
# malloc spends a fifth of the time merging freed chunks; docs/BENCHMARKS.md, "Allocator",
# has the measurement. Without the library, or with the sanitizers (which replace malloc
# themselves), the system allocator is used and CMake says so.
set(GALIAS_ALLOCATOR "jemalloc" CACHE STRING "Allocator of the galias executable: jemalloc or system")
set_property(CACHE GALIAS_ALLOCATOR PROPERTY STRINGS jemalloc system)

# Links the chosen allocator into `target`; sets GALIAS_ALLOCATOR_USED (for --version) and
# the global property of that name (for the package).
function(galias_link_allocator target)
  set(used "system")
  if(GALIAS_ALLOCATOR STREQUAL "jemalloc" AND NOT GALIAS_SANITIZE)
    # The position-independent archive: the executable is built as PIE.
    find_library(GALIAS_JEMALLOC_ARCHIVE NAMES libjemalloc_pic.a)
    if(GALIAS_JEMALLOC_ARCHIVE)
      find_package(Threads REQUIRED)
      target_link_libraries(${target} PRIVATE ${GALIAS_JEMALLOC_ARCHIVE} Threads::Threads ${CMAKE_DL_LIBS})
      set(used "jemalloc")
    else()
      message(STATUS "galias: libjemalloc_pic.a not found (Debian: libjemalloc-dev); using the system allocator")
    endif()
  elseif(NOT GALIAS_ALLOCATOR STREQUAL "system" AND NOT GALIAS_ALLOCATOR STREQUAL "jemalloc")
    message(FATAL_ERROR "GALIAS_ALLOCATOR must be jemalloc or system, not '${GALIAS_ALLOCATOR}'")
  endif()
  set(GALIAS_ALLOCATOR_USED "${used}" PARENT_SCOPE)
  # For the package's copyright file (GaliasPackage.cmake).
  set_property(GLOBAL PROPERTY GALIAS_ALLOCATOR_USED "${used}")
endfunction()
