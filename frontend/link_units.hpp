#pragma once
// Finds the programs a compilation database builds, so that each is analysed as the program
// it is. A database often builds several: a library and the tools that use it, test
// programs, a file compiled once for a static and once for a shared library. Analysed as one
// program, they would share what the linker keeps apart (two `main`s, two copies of a
// library's globals), and pointers would flow between programs that never run together.
//
// The database says what is compiled, not what is linked, so the programs are found the
// way a linker resolves symbols:
//   - each translation unit that defines `main` roots an executable, which takes in the
//     units that define the external symbols (functions and variables) it references, and
//     theirs in turn, as a linker pulls members out of archives. A symbol defined by several
//     units is taken from one that defines nothing the program already has: the first, in
//     database order, compiled with the root's flags, else the first; a unit defining
//     another `main` is never taken in;
//   - with a single executable, every other unit that fits (defines nothing it already
//     has) is linked into it as well: a one-program build links every object it compiles;
//   - the units left over form library programs, one per flag set (a static and a shared
//     library's objects differ by -fPIC -DPIC), again without two definitions of one
//     symbol in one program, each with the units it needs.
// A unit can belong to several programs (a library's units to every tool using them); it
// is then analysed in each. A database with at most one `main` and no file compiled twice is
// one program of every unit, whatever the symbols say.
//
// Symbols are the entity keys of program_ir.hpp: "ext:NAME:fn" for functions, "ext:var:NAME"
// for variables.

#include <cstddef>
#include <string>
#include <vector>

#include "frontend/program_ir.hpp"

namespace galias::frontend {

struct LinkUnit {
    std::string name;                // "executable tools/a.c", "library", "library 2", or "program"
    std::vector<std::size_t> units;  // indices into the units, ascending (database order)
};

// `flag_sets` (one per unit, compile_database.hpp's flag_set, or empty for "all alike")
// tells which units were compiled alike: a symbol is taken from a unit compiled like the
// program's first unit where one fits, and each library holds one flag set's units.
std::vector<LinkUnit> find_link_units(const std::vector<TranslationUnitIr>& units,
                                      const std::vector<std::string>& flag_sets = {});

// Every unit as one program (named "program").
LinkUnit whole_database(std::size_t units);

}  // namespace galias::frontend
