// ProgramFacts: the side tables of a fact directory round-trip exactly, and malformed
// tables are rejected with the file and line.
#include "facts/program_facts.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "facts/diagnostic.hpp"
#include "facts/escapes.hpp"
#include "facts/side_table.hpp"

namespace galias::facts {
namespace {

class TempDir {
public:
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "galias-facts-XXXXXX").string();
        path_ = mkdtemp(pattern.data());
    }
    ~TempDir() { std::filesystem::remove_all(path_); }
    [[nodiscard]] const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

void write_file(const std::filesystem::path& file, const std::string& text) {
    std::ofstream(file, std::ios::binary) << text;
}

ProgramFacts sample_facts() {
    ProgramFacts facts;
    facts.nodes.push_back(Node{0, NodeKind::Local, "main::p", "main", {"/src/a.c", 3, 7}, 0, 0});
    facts.nodes.push_back(Node{1, NodeKind::Deref, "*main::p", "main", {"/src/a.c", 4, 3}, 0, 1});
    facts.nodes.push_back(Node{2, NodeKind::Heap, "heap@a.c:5:9", "id", {"/src/a.c", 5, 9}, 1, 2});
    facts.nodes.push_back(Node{3, NodeKind::Heap, "heap@a.c:5:9", "id", {"/src/a.c", 5, 9}, 2, 2});
    facts.nodes.push_back(Node{4, NodeKind::Global, "g", "", {"/src/odd\tdir/b\\c.c", 1, 1}, 0, kNoNode});
    facts.nodes[0].bytes = 8;
    facts.nodes[4].compound = true;
    facts.nodes[4].constant = true;
    facts.contexts.push_back(Context{0, ""});
    facts.contexts.push_back(Context{1, "main@a.c:10:3"});
    facts.contexts.push_back(Context{2, "main@a.c:11:3"});
    CallSite call;
    call.id = 0;
    call.callee = "memcpy";
    call.begin = {"/src/a.c", 12, 3};
    call.end = {"/src/a.c", 12, 20};
    call.caller = "main";
    call.args = {0, kNoNode, 2};
    call.restrict_params = {true, true, false};
    call.read_only_params = {false, true, false};
    facts.calls.push_back(call);
    CallSite indirect;
    indirect.id = 1;
    indirect.begin = {"/src/a.c", 13, 3};
    indirect.end = {"/src/a.c", 13, 8};
    indirect.context = 2;
    indirect.caller = "main";
    facts.calls.push_back(indirect);
    facts.assign_sites.push_back(AssignSite{2, 0, {"/src/a.c", 5, 5}});
    facts.counters.emplace_back("nodes", 5);
    facts.counters.emplace_back("#weird name", 1ULL << 40);
    UnmodelledConstruct asm_statement;
    asm_statement.category = "inline-asm";
    asm_statement.pos = {"/src/a.c", 20, 5};
    asm_statement.detail = "asm volatile";
    facts.unmodelled.push_back(asm_statement);
    facts.allocation_candidates.push_back(AllocationCandidate{0, 0, "pool_take", {2}});
    facts.allocation_candidates.push_back(AllocationCandidate{0, 2, "odd\tname", {0, 1}});
    facts.allocation_candidates.back().pos = {"/src/a.c", 11, 13};
    facts.nodes[2].allocator = "fopen";
    ArgumentAddress released;
    released.call = 1;
    released.base_kind = ArgumentAddress::Base::Value;
    released.base = "phi:0:1";
    released.allocation = 0;
    released.moved_line = 14;
    released.moved_column = 9;
    released.excluded = {0, 4};
    facts.arguments.push_back(released);
    Allocator wrapper;
    wrapper.function = "xfopen";
    wrapper.kind = "wrapper";
    wrapper.pos = {"/src/a.c", 30, 1};
    wrapper.allocates = "fopen";
    facts.allocators.push_back(wrapper);
    FrameStore escape;
    escape.function = "main";
    escape.target = FrameStore::Target::Pointer;
    escape.object = 0;
    escape.pointer = 1;
    escape.overwritten = FrameStore::Overwritten::Some;
    escape.context = 2;
    escape.pos = {"/src/a.c", 15, 8};
    facts.frame_stores.push_back(escape);
    return facts;
}

TEST(ProgramFacts, RoundTripsEveryTable) {
    TempDir dir;
    const ProgramFacts facts = sample_facts();
    facts.write(dir.path());
    for (const char* file :
         {"symbols.tsv", "contexts.tsv", "calls.tsv", "assign_sites.tsv", "stats.tsv", "unmodelled.tsv"}) {
        EXPECT_TRUE(std::filesystem::exists(dir.path() / file)) << file;
        EXPECT_FALSE(std::filesystem::exists(dir.path() / (std::string(file) + ".tmp"))) << file;
    }
    const ProgramFacts back = ProgramFacts::read(dir.path());
    ASSERT_EQ(back.nodes.size(), facts.nodes.size());
    for (std::size_t i = 0; i < facts.nodes.size(); ++i) {
        const Node& a = facts.nodes[i];
        const Node& b = back.nodes[i];
        EXPECT_EQ(a.id, b.id);
        EXPECT_EQ(a.kind, b.kind);
        EXPECT_EQ(a.name, b.name);
        EXPECT_EQ(a.function, b.function);
        EXPECT_EQ(a.pos.file, b.pos.file);
        EXPECT_EQ(a.pos.line, b.pos.line);
        EXPECT_EQ(a.pos.column, b.pos.column);
        EXPECT_EQ(a.context, b.context);
        EXPECT_EQ(a.origin, b.origin);
        EXPECT_EQ(a.compound, b.compound);
        EXPECT_EQ(a.constant, b.constant);
        EXPECT_EQ(a.bytes, b.bytes);
        EXPECT_EQ(a.allocator, b.allocator);
    }
    EXPECT_EQ(back.nodes[2].allocator, "fopen");
    const ArgumentAddress* released = back.argument(1, 0);
    ASSERT_NE(released, nullptr);
    EXPECT_EQ(released->allocation, std::optional<std::uint32_t>(0));
    EXPECT_EQ(released->moved_line, 14u);
    EXPECT_EQ(released->moved_column, 9u);
    EXPECT_EQ(released->excluded, (std::vector<NodeId>{0, 4}));
    ASSERT_EQ(back.allocators.size(), 1u);
    EXPECT_EQ(back.allocators[0].allocates, "fopen");
    ASSERT_EQ(back.frame_stores.size(), 1u);
    const FrameStore& escape = back.frame_stores[0];
    EXPECT_EQ(escape.function, "main");
    EXPECT_EQ(escape.target, FrameStore::Target::Pointer);
    EXPECT_EQ(escape.object, 0u);
    EXPECT_EQ(escape.variable, kNoNode);
    EXPECT_EQ(escape.pointer, 1u);
    EXPECT_EQ(escape.overwritten, FrameStore::Overwritten::Some);
    EXPECT_EQ(escape.context, 2u);
    EXPECT_EQ(escape.pos.line, 15u);
    ASSERT_EQ(back.contexts.size(), 3u);
    EXPECT_EQ(back.contexts[0].call_string, "");
    EXPECT_EQ(back.contexts[2].call_string, "main@a.c:11:3");
    ASSERT_EQ(back.calls.size(), 2u);
    EXPECT_EQ(back.calls[0].callee, "memcpy");
    EXPECT_EQ(back.calls[0].end.column, 20u);
    EXPECT_EQ(back.calls[0].args, (std::vector<NodeId>{0, kNoNode, 2}));
    EXPECT_EQ(back.calls[0].restrict_params, (std::vector<bool>{true, true, false}));
    EXPECT_EQ(back.calls[0].read_only_params, (std::vector<bool>{false, true, false}));
    EXPECT_EQ(back.calls[1].callee, "");
    EXPECT_TRUE(back.calls[1].args.empty());
    EXPECT_TRUE(back.calls[1].restrict_params.empty());
    EXPECT_EQ(back.calls[1].context, 2u);
    ASSERT_EQ(back.assign_sites.size(), 1u);
    EXPECT_EQ(back.assign_sites[0].src, 2u);
    EXPECT_EQ(back.assign_sites[0].pos.line, 5u);
    EXPECT_EQ(back.counter("nodes"), 5u);
    EXPECT_EQ(back.counter("#weird name"), 1ULL << 40);
    EXPECT_EQ(back.counter("absent"), 0u);
    ASSERT_EQ(back.unmodelled.size(), 1u);
    EXPECT_EQ(back.unmodelled[0].category, "inline-asm");
    EXPECT_EQ(back.unmodelled[0].detail, "asm volatile");
    ASSERT_EQ(back.allocation_candidates.size(), 2u);
    EXPECT_EQ(back.allocation_candidates[1].function, "odd\tname");
    EXPECT_EQ(back.allocation_candidates[1].apart, (std::vector<std::uint32_t>{0, 1}));
    EXPECT_EQ(back.allocation_candidates[1].pos.line, 11u);
    EXPECT_EQ(back.allocation_candidates[1].pos.column, 13u);
    ASSERT_NE(back.allocation_candidate(0, 0), nullptr);
    EXPECT_EQ(back.allocation_candidate(0, 0)->function, "pool_take");
    EXPECT_EQ(back.allocation_candidate(0, 1), nullptr);
}

TEST(ProgramFacts, PathsThatAreNotUtf8RoundTrip) {
    TempDir dir;
    ProgramFacts facts;
    const std::string latin1_path = "/src/caf\xe9/x\ny.c";
    facts.nodes.push_back(Node{0, NodeKind::Global, "g", "", {latin1_path, 2, 5}, 0, 0});
    facts.write(dir.path());
    EXPECT_EQ(ProgramFacts::read(dir.path()).nodes.at(0).pos.file, latin1_path);
}

TEST(ProgramFacts, FindsNodesByNameAcrossContexts) {
    const ProgramFacts facts = sample_facts();
    EXPECT_EQ(facts.find_by_name("heap@a.c:5:9"), (std::vector<NodeId>{2, 3}));
    EXPECT_TRUE(facts.find_by_name("nothing").empty());
    ASSERT_NE(facts.node(1), nullptr);
    EXPECT_EQ(facts.node(1)->name, "*main::p");
    EXPECT_EQ(facts.node(99), nullptr);
}

TEST(ProgramFacts, OptionalTablesMayBeMissing) {
    TempDir dir;
    write_file(dir.path() / "symbols.tsv",
               "#id\tkind\tname\tfunction\tfile\tline\tcolumn\tcontext\torigin\ttraits\n"
               "0\tlocal\tf::x\tf\ta.c\t1\t2\t0\t0\t-\r\n");
    const ProgramFacts facts = ProgramFacts::read(dir.path());
    ASSERT_EQ(facts.nodes.size(), 1u);
    EXPECT_EQ(facts.nodes[0].name, "f::x");
    EXPECT_TRUE(facts.calls.empty());
    EXPECT_TRUE(facts.contexts.empty());
}

// The message of the DiagnosticError thrown by reading `dir`.
std::string read_error(const std::filesystem::path& dir) {
    try {
        (void)ProgramFacts::read(dir);
    } catch (const DiagnosticError& e) {
        return e.diagnostic().str();
    }
    return "no error";
}

TEST(ProgramFacts, RejectsMissingDirectoryAndSymbols) {
    TempDir dir;
    EXPECT_NE(read_error(dir.path() / "nope").find("fact directory not found"), std::string::npos);
    EXPECT_NE(read_error(dir.path()).find("symbols.tsv: error: symbol table not found"), std::string::npos);
}

TEST(ProgramFacts, ReportsMalformedLinesWithFileAndLine) {
    TempDir dir;
    const std::string header = "#id\tkind\tname\tfunction\tfile\tline\tcolumn\tcontext\torigin\ttraits\n";
    const std::string good = "0\tlocal\tf::x\tf\ta.c\t1\t2\t0\t0\t-\n";
    write_file(dir.path() / "symbols.tsv", header + good + "1\tlocal\tf::y\tf\ta.c\t1\n");
    EXPECT_NE(read_error(dir.path()).find("symbols.tsv:3: error: expected 10 columns, found 6"),
              std::string::npos);

    write_file(dir.path() / "symbols.tsv", header + good + "1\tgadget\tf::y\tf\ta.c\t1\t2\t0\t1\t-\n");
    EXPECT_NE(
        read_error(dir.path()).find("symbols.tsv:3: error: column 2 (kind): unknown node kind 'gadget'"),
        std::string::npos);

    write_file(dir.path() / "symbols.tsv",
               header + good + "1\tlocal\tf::y\tf\ta.c\t1\t2\t0\t1\tcompound,shiny\n");
    EXPECT_NE(
        read_error(dir.path())
            .find(
                "symbols.tsv:3: error: column 10 (traits): unknown trait 'shiny' (expected compound, const, "
                "bytes=N or alloc=FUNCTION)"),
        std::string::npos);

    write_file(dir.path() / "symbols.tsv", header + good);
    write_file(
        dir.path() / "allocation_candidates.tsv",
        "#call\targ\tfunction\tapart\tfile\tline\tcolumn\n3\t1\tf\t0\ta.c\t4\t9\n3\t0\tf\t1\ta.c\t4\t9\n");
    EXPECT_NE(read_error(dir.path())
                  .find("allocation_candidates.tsv:3: error: rows must be sorted by call and argument"),
              std::string::npos);
    write_file(dir.path() / "allocation_candidates.tsv", "3\t1\t\t0\ta.c\t4\t9\n");
    EXPECT_NE(read_error(dir.path()).find("allocation_candidates.tsv:1: error: empty function name"),
              std::string::npos);
    std::filesystem::remove(dir.path() / "allocation_candidates.tsv");

    for (const char* size : {"bytes=", "bytes=0", "bytes=1x", "bytes=-4", "bytes=99999999999999999999"}) {
        write_file(dir.path() / "symbols.tsv",
                   header + good + "1\tlocal\tf::y\tf\ta.c\t1\t2\t0\t1\tconst," + size + "\n");
        EXPECT_NE(read_error(dir.path())
                      .find("symbols.tsv:3: error: column 10 (traits): bad size '" + std::string(size) + "'"),
                  std::string::npos)
            << size;
    }

    write_file(dir.path() / "symbols.tsv", header + "\n" + good + "5\tlocal\tf::y\tf\ta.c\t1\t2\t0\t5\t-\n");
    EXPECT_NE(read_error(dir.path()).find("symbols.tsv:4: error: node ids must be 0, 1, 2"),
              std::string::npos);

    write_file(dir.path() / "symbols.tsv", header + "0\tlocal\tf::x\tf\ta.c\tx1\t2\t0\t0\t-\n");
    EXPECT_NE(
        read_error(dir.path()).find("symbols.tsv:2: error: column 6 (line): 'x1' is not an unsigned integer"),
        std::string::npos);

    write_file(dir.path() / "symbols.tsv", header + good);
    write_file(dir.path() / "calls.tsv", "#header\n0\tf\ta.c\t1\t1\ta.c\t1\t5\t0\tmain\t1,x\t\t\t0\t0\t\n");
    EXPECT_NE(read_error(dir.path()).find("calls.tsv:2: error: column 11 (args): bad node id 'x'"),
              std::string::npos);

    write_file(dir.path() / "calls.tsv", "0\tf\ta.c\t1\t1\ta.c\t1\t5\t0\tmain\t1\t013\t\t0\t0\t\n");
    EXPECT_NE(read_error(dir.path()).find("calls.tsv:1: error: column 12 (restrict): restrict flags"),
              std::string::npos);

    write_file(dir.path() / "calls.tsv", "0\tf\ta.c\t1\t1\ta.c\t1\t5\t99999999999\tmain\t1\t0\t\t0\t0\t\n");
    EXPECT_NE(read_error(dir.path())
                  .find("calls.tsv:1: error: column 9 (context): 99999999999 does not fit in 32 bits"),
              std::string::npos);
    std::filesystem::remove(dir.path() / "calls.tsv");

    // The columns of released pointers, and the frame stores.
    const std::string arguments_header =
        "#call\targ\tbase_kind\tbase\toffset\trecord\tlo\thi\tconstant\t"
        "fresh_apart\tlinear\tallocation\tmoved\texcluded\n";
    for (const char* moved : {"12", "12:", ":4", "0:3", "x:1"}) {
        write_file(dir.path() / "arguments.tsv",
                   arguments_header + "0\t0\tvalue\tp\t0\t\t0\t0\t-\t\t-\t-\t" + moved + "\t\n");
        EXPECT_NE(
            read_error(dir.path())
                .find("arguments.tsv:2: error: column 13 (moved): bad step position '" + std::string(moved)),
            std::string::npos)
            << moved;
    }
    write_file(dir.path() / "arguments.tsv",
               arguments_header + "0\t0\tvalue\tp\t0\t\t0\t0\t-\t\t-\t-7\t-\t\n");
    EXPECT_NE(read_error(dir.path()).find("arguments.tsv:2: error: column 12 (allocation): bad call id '-7'"),
              std::string::npos);
    write_file(dir.path() / "arguments.tsv",
               arguments_header + "0\t0\tvalue\tp\t0\t\t0\t0\t-\t\t-\t-\t-\t1,y\n");
    EXPECT_NE(read_error(dir.path()).find("arguments.tsv:2: error: column 14 (excluded): bad node id 'y'"),
              std::string::npos);
    std::filesystem::remove(dir.path() / "arguments.tsv");

    const std::string frame_header =
        "#function\ttarget\tobject\tvariable\tpointer\toverwritten\tcontext\tfile\tline\tcolumn\n";
    write_file(dir.path() / "frame_stores.tsv", frame_header + "f\tthrown\t0\t-\t-\tnone\t0\ta.c\t1\t1\n");
    EXPECT_NE(read_error(dir.path())
                  .find("frame_stores.tsv:2: error: column 2 (target): unknown frame store target 'thrown'"),
              std::string::npos);
    write_file(dir.path() / "frame_stores.tsv",
               frame_header + "f\treturn\t0\t-\t-\tsometimes\t0\ta.c\t1\t1\n");
    EXPECT_NE(
        read_error(dir.path())
            .find("frame_stores.tsv:2: error: column 6 (overwritten): unknown overwritten value 'sometimes'"),
        std::string::npos);
    write_file(dir.path() / "frame_stores.tsv", frame_header + "f\treturn\t-\t-\t-\tnone\t0\ta.c\t1\t1\n");
    EXPECT_NE(read_error(dir.path()).find("frame_stores.tsv:2: error: a frame store needs the object"),
              std::string::npos);
    std::filesystem::remove(dir.path() / "frame_stores.tsv");

    write_file(dir.path() / "symbols.tsv", header + good + "1\theap\th\tf\ta.c\t1\t2\t0\t1\talloc=\n");
    EXPECT_NE(read_error(dir.path()).find("symbols.tsv:3: error: column 10 (traits): unknown trait 'alloc='"),
              std::string::npos);
}

TEST(SideTable, EscapesRoundTrip) {
    for (const std::string text :
         {"plain", "a\tb", "line\nbreak\r", "back\\slash", "#lead", "mid#dle", "\\t", "\\x41"}) {
        const std::string cell = escaped(text, kSideTableEscapes);
        EXPECT_EQ(cell.find('\t'), std::string::npos);
        EXPECT_EQ(cell.find('\n'), std::string::npos);
        EXPECT_NE(cell.front(), '#');
        EXPECT_EQ(unescaped(cell, kSideTableEscapes), text);
    }
}

// The relation files' symbols: another delimiter is written \xNN; '#' is no comment there.
TEST(SideTable, RelationFileEscapesRoundTrip) {
    const Escapes commas{',', false};
    for (const std::string text : {"a,b", "#lead", "tab\there", "\\#"}) {
        const std::string cell = escaped(text, commas);
        EXPECT_EQ(cell.find(','), std::string::npos) << cell;
        EXPECT_EQ(unescaped(cell, commas), text);
    }
    EXPECT_EQ(escaped("a,b", commas), "a\\x2cb");
    EXPECT_EQ(escaped("#lead", commas), "#lead");
    EXPECT_EQ(unescaped("\\#lead", commas), "\\#lead");
}

}  // namespace
}  // namespace galias::facts
