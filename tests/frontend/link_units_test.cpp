// find_link_units: the programs of a compilation database, found from the symbols each unit
// defines and references (units built by hand here; the C end of it is
// tests/checks/precision/link-units).

#include "frontend/link_units.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace galias::frontend {
namespace {

// A unit defining the functions `defines` ("main" among them, maybe) and the variables
// `variables`, and referring to the functions and variables `calls` and `uses`.
TranslationUnitIr unit(std::string file, const std::vector<std::string>& defines,
                       const std::vector<std::string>& calls = {},
                       const std::vector<std::string>& variables = {},
                       const std::vector<std::string>& uses = {}) {
    TranslationUnitIr ir;
    ir.file = std::move(file);
    const auto add = [&](facts::NodeKind kind, std::string key, const std::string& name) {
        ir.entities.push_back(Entity{kind, std::move(key), name, "", {}, false});
        return static_cast<EntityId>(ir.entities.size() - 1);
    };
    for (const std::string& f : defines) {
        Function function;
        function.entity = add(facts::NodeKind::Function, "ext:" + f + ":fn", f);
        function.has_body = true;
        ir.functions.push_back(function);
    }
    for (const std::string& f : calls) {
        Function declaration;
        declaration.entity = add(facts::NodeKind::Function, "ext:" + f + ":fn", f);
        ir.functions.push_back(declaration);
    }
    for (const std::string& v : variables) ir.defined_variables.push_back("ext:var:" + v);
    for (const std::string& v : uses) add(facts::NodeKind::Global, "ext:var:" + v, v);
    return ir;
}

std::vector<std::vector<std::size_t>> members(const std::vector<LinkUnit>& programs) {
    std::vector<std::vector<std::size_t>> out;
    for (const LinkUnit& p : programs) out.push_back(p.units);
    return out;
}

using Units = std::vector<std::vector<std::size_t>>;

TEST(LinkUnits, OneMainAndNoFileTwiceIsOneProgramOfEveryUnit) {
    // c.c is referenced by nothing; a single program still links it.
    const std::vector<TranslationUnitIr> units = {unit("a.c", {"main"}, {"f"}), unit("b.c", {"f"}),
                                                  unit("c.c", {"unused"})};
    const std::vector<LinkUnit> programs = find_link_units(units);
    ASSERT_EQ(programs.size(), 1u);
    EXPECT_EQ(programs[0].name, "program");
    EXPECT_EQ(members(programs), (Units{{0, 1, 2}}));
}

TEST(LinkUnits, EachMainIsAnExecutableWithTheUnitsItsSymbolsNeed) {
    // lib.c is linked into both tools; util.c only into the second, through lib2.c.
    const std::vector<TranslationUnitIr> units = {
        unit("lib.c", {"lib_init"}),
        unit("tool_a.c", {"main"}, {"lib_init"}),
        unit("tool_b.c", {"main", "helper"}, {"lib_init", "lib2"}),
        unit("lib2.c", {"lib2"}, {"util"}),
        unit("util.c", {"util"}),
    };
    const std::vector<LinkUnit> programs = find_link_units(units);
    ASSERT_EQ(programs.size(), 2u);
    EXPECT_EQ(programs[0].name, "executable tool_a.c");
    EXPECT_EQ(programs[1].name, "executable tool_b.c");
    EXPECT_EQ(members(programs), (Units{{0, 1}, {0, 2, 3, 4}}));
}

TEST(LinkUnits, VariablesAreSymbolsToo) {
    // The table of modules is only data; a tool referring to it takes the unit in.
    const std::vector<TranslationUnitIr> units = {
        unit("modules.c", {}, {}, {"modules"}),
        unit("tool_a.c", {"main"}, {}, {}, {"modules"}),
        unit("tool_b.c", {"main"}),
    };
    EXPECT_EQ(members(find_link_units(units)), (Units{{0, 1}, {2}}));
}

TEST(LinkUnits, AVariableNamedOnlyAsNumbersIsAReferenceToo) {
    // The translator makes no entity for a table of integers; the unit still names it.
    std::vector<TranslationUnitIr> units = {
        unit("ctype.c", {}, {}, {"ctype_table"}),
        unit("tool_a.c", {"main"}),
        unit("tool_b.c", {"main"}),
    };
    units[1].referenced_variables = {"ext:var:ctype_table"};
    EXPECT_EQ(members(find_link_units(units)), (Units{{0, 1}, {2}}));
}

TEST(LinkUnits, UnitsNoExecutableTakesFormALibraryWithWhatTheyNeed) {
    const std::vector<TranslationUnitIr> units = {
        unit("core.c", {"core"}), unit("tool_a.c", {"main"}, {"core"}), unit("tool_b.c", {"main"}),
        unit("plugin.c", {"plugin_entry"}, {"core"}),  // in neither tool
    };
    const std::vector<LinkUnit> programs = find_link_units(units);
    ASSERT_EQ(programs.size(), 3u);
    EXPECT_EQ(programs[2].name, "library");
    EXPECT_EQ(members(programs), (Units{{0, 1}, {2}, {0, 3}}));
}

TEST(LinkUnits, AFileCompiledTwiceGivesEachFlagSetItsOwnProgram) {
    // A library built static and shared: a.c and b.c twice, no main. The second copies
    // define the same symbols, so they form a second library, and b.c's copy links to a.c's
    // copy of its own flag set rather than the first one.
    const std::vector<TranslationUnitIr> units = {
        unit("a.c", {"a"}),
        unit("b.c", {"b"}, {"a"}),
        unit("a.c", {"a"}),
        unit("b.c", {"b"}, {"a"}),
    };
    const std::vector<LinkUnit> programs = find_link_units(units);
    ASSERT_EQ(programs.size(), 2u);
    EXPECT_EQ(programs[0].name, "library");
    EXPECT_EQ(programs[1].name, "library 2");
    EXPECT_EQ(members(programs), (Units{{0, 1}, {2, 3}}));
}

TEST(LinkUnits, LibrariesAreOneFlagSetEachAndSymbolsComeFromTheProgramsFlagSet) {
    // libz.a (static) and libz.so (-fPIC) objects and two tools; the first uses deflate,
    // neither uses infback. The static infback.c, which no executable takes, is a library
    // with the static objects it needs, and the shared objects are another.
    const std::vector<TranslationUnitIr> units = {
        unit("zutil.c", {"zcalloc"}),
        unit("deflate.c", {"deflate"}, {"zcalloc"}),
        unit("infback.c", {"inflateBack"}, {"zcalloc"}),
        unit("zutil.c", {"zcalloc"}),
        unit("deflate.c", {"deflate"}, {"zcalloc"}),
        unit("infback.c", {"inflateBack"}, {"zcalloc"}),
        unit("tool.c", {"main"}, {"deflate"}),
        unit("tool2.c", {"main"}),
    };
    const std::vector<std::string> flags = {"static", "static", "static", "pic",
                                            "pic",    "pic",    "static", "static"};
    const std::vector<LinkUnit> programs = find_link_units(units, flags);
    ASSERT_EQ(programs.size(), 4u);
    EXPECT_EQ(programs[2].name, "library");
    EXPECT_EQ(programs[3].name, "library 2");
    EXPECT_EQ(members(programs), (Units{{0, 1, 6}, {7}, {0, 2}, {3, 4, 5}}));
    // With the shared objects first in the database, the tool still links the static ones.
    const std::vector<std::string> pic_first = {"pic",    "pic",    "pic",    "static",
                                                "static", "static", "static", "static"};
    EXPECT_EQ(find_link_units(units, pic_first)[0].units, (std::vector<std::size_t>{3, 4, 6}));
}

TEST(LinkUnits, TheOnlyExecutableLinksEveryUnitThatFitsAndLeavesTheSecondFlagSet) {
    const std::vector<TranslationUnitIr> units = {
        unit("main.c", {"main"}, {"a"}),
        unit("a.c", {"a"}),
        unit("extra.c", {"extra"}),  // referenced by nothing: linked all the same
        unit("a.c", {"a", "a_debug"}),
    };
    const std::vector<LinkUnit> programs = find_link_units(units);
    ASSERT_EQ(programs.size(), 2u);
    EXPECT_EQ(programs[0].name, "executable main.c");
    EXPECT_EQ(members(programs), (Units{{0, 1, 2}, {3}}));
}

TEST(LinkUnits, ASymbolComesFromTheFirstUnitThatDefinesNothingTheProgramHas) {
    // Both x1.c and x2.c define x; x1.c also defines y, which the tool defines itself.
    const std::vector<TranslationUnitIr> units = {
        unit("x1.c", {"x", "y"}),
        unit("x2.c", {"x"}),
        unit("tool.c", {"main", "y"}, {"x"}),
        unit("other.c", {"main"}),
    };
    // x1.c, which no executable takes in, is a library of its own.
    EXPECT_EQ(members(find_link_units(units)), (Units{{1, 2}, {3}, {0}}));
}

TEST(LinkUnits, AnotherMainIsNeverTakenIn) {
    // tool_b.c defines helper, which tool_a.c calls: a linker would not link two mains.
    const std::vector<TranslationUnitIr> units = {
        unit("tool_a.c", {"main"}, {"helper"}),
        unit("tool_b.c", {"main", "helper"}),
    };
    EXPECT_EQ(members(find_link_units(units)), (Units{{0}, {1}}));
}

TEST(LinkUnits, InlineOnlyDefinitionsDefineNoSymbol) {
    // Every unit including a header has its inline copy of `get`; the real one is in get.c.
    std::vector<TranslationUnitIr> units = {
        unit("tool_a.c", {"main", "get"}),
        unit("tool_b.c", {"main", "get"}),
        unit("get.c", {"get"}),
    };
    units[0].functions[1].inline_only = true;
    units[1].functions[1].inline_only = true;
    EXPECT_EQ(members(find_link_units(units)), (Units{{0, 2}, {1, 2}}));
}

}  // namespace
}  // namespace galias::frontend
