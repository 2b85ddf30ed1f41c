#pragma once
// The fact directory the frontend writes and the engine and reports read (docs/FACTS.md):
//
//   FACTS_DIR/cspa/assign.facts         assign(src, dst)        CSPA input
//   FACTS_DIR/cspa/dereference.facts    dereference(p, q)       CSPA input
//   FACTS_DIR/andersen/{addressOf,assign,load,store}.facts      Andersen input
//   FACTS_DIR/symbols.tsv               node id -> kind, name, function, location, context, origin
//   FACTS_DIR/contexts.tsv              context id -> call string
//   FACTS_DIR/calls.tsv                 call sites with their argument nodes (for the checks)
//   FACTS_DIR/arguments.tsv             where each call's arguments point, relative to the caller's values
//   FACTS_DIR/assign_sites.tsv          where each CSPA assign edge comes from (witness paths)
//   FACTS_DIR/value_classes.tsv         node -> the node answering for it (copy reduction)
//   FACTS_DIR/stats.tsv                 counters: facts per kind, clones, unmodelled constructs
//   FACTS_DIR/unmodelled.tsv            every construct the frontend did not model, with its place
//   FACTS_DIR/allocators.tsv            the program's functions treated as returning fresh memory
//   FACTS_DIR/allocation_candidates.tsv arguments that would be fresh memory if a function allocated
//   FACTS_DIR/frame_stores.tsv          addresses of a function's own frame stored where they outlive it
//   FACTS_DIR/release_summaries.tsv     what each function releases of its arguments
//   FACTS_DIR/released_uses.tsv         uses of values after calls that release them
//
// Every table is tab-separated with a header line starting with '#'. Each side table is
// declared once below, after the struct of its rows (kSymbolsTable, ...): its columns'
// names, types and meanings, from which ProgramFacts::read and write, the round-trip tests
// and docs/FACTS.md's "Side tables" follow (facts/side_table.hpp).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "facts/linear_form.hpp"
#include "facts/side_table.hpp"

namespace galias::facts {

using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = 0xFFFFFFFFu;

// What a node of the program-expression graph stands for.
enum class NodeKind : std::uint8_t {
    Local,     // local variable
    Param,     // function parameter
    Global,    // global variable (external linkage)
    Static,    // file- or function-static variable
    Return,    // a function's return value
    Deref,     // the expression *e
    AddrOf,    // the expression &x (Zheng-Rugina encoding)
    Field,     // a field access path s.f
    Heap,      // a heap allocation site
    String,    // a string literal
    Function,  // a function (target of function pointers)
    Temp,      // a compiler temporary (call result, compound literal, ...)
    Unknown,   // an object the program does not create: what a parameter of a function
               // that nothing in the program calls (an API entry point) points to
};
const char* node_kind_name(NodeKind kind);
std::optional<NodeKind> parse_node_kind(std::string_view name);

struct SourcePos {
    std::string file;        // as in compile_commands.json (absolute), or repository-relative
    std::uint32_t line = 0;  // 1-based; 0 = unknown
    std::uint32_t column = 0;
};

inline constexpr EnumNames<NodeKind, 13> kNodeKinds{
    "node kind",
    {"local", "param", "global", "static", "return", "deref", "addrof", "field", "heap", "string", "function",
     "temp", "unknown"},
};

// --- The cells of the side tables that are particular to the fact directory ---
// (The general ones, Text, Unsigned, ..., are in facts/side_table.hpp.)

struct Node;
struct CallSite;
struct ArgumentAddress;

// A node (a symbols.tsv id), or `-` for none.
struct NodeRef {
    static constexpr std::string_view kType = "node or -";
    static void write(NodeId node, std::string& cell);
    static void read(const Cell& cell, NodeId& node);
};

// Nodes separated by commas (`-` for none among them); empty for no nodes.
struct NodeList {
    static constexpr std::string_view kType = "nodes";
    static void write(const std::vector<NodeId>& nodes, std::string& cell);
    static void read(const Cell& cell, std::vector<NodeId>& nodes);
};

// A call site (a calls.tsv id), or `-` for none.
struct CallOrNone {
    static constexpr std::string_view kType = "call or -";
    static void write(std::uint32_t call, std::string& cell);  // kNoNode: none
    static void write(const std::optional<std::uint32_t>& call, std::string& cell);
    static void read(const Cell& cell, std::uint32_t& call);
    static void read(const Cell& cell, std::optional<std::uint32_t>& call);
};

// Per argument, `pointer:field` (two nodes) when it is a field read through a pointer and
// `-` otherwise, separated by commas; empty when no argument is one.
struct FieldLoads {
    static constexpr std::string_view kType = "loads";
    static void write(const std::vector<std::pair<NodeId, NodeId>>& loads, std::string& cell);
    static void read(const Cell& cell, std::vector<std::pair<NodeId, NodeId>>& loads);
};

// A linear form (facts/linear_form.hpp), or `-`.
struct LinearOrNone {
    static constexpr std::string_view kType = "linear form or -";
    static void write(const std::optional<LinearForm>& form, std::string& cell);
    static void read(const Cell& cell, std::optional<LinearForm>& form);
};

// symbols.tsv's traits: `-`, or `compound`, `const`, `bytes=N`, `alloc=FUNCTION` separated by
// commas (Node::compound, constant, bytes, allocator).
struct NodeTraits {
    static constexpr std::string_view kType = "traits";
    static void write(const Node& node, std::string& cell);
    static void read(const Cell& cell, Node& node);
};

// calls.tsv's restrict flags, a digit per parameter: 0 not restrict-qualified, 1 restrict, 2
// restrict and pointing to const. "0120" <-> restrict {0, 1, 1, 0}, read-only {0, 0, 1, 0}.
struct RestrictFlags {
    static constexpr std::string_view kType = "digits 0, 1, 2";
    static void write(const CallSite& call, std::string& cell);
    static void read(const Cell& cell, CallSite& call);
};

// arguments.tsv's `moved`: `LINE:COLUMN` of a step that moved the pointer, `-` for none.
struct StepPosition {
    static constexpr std::string_view kType = "LINE:COLUMN or -";
    static void write(const ArgumentAddress& address, std::string& cell);
    static void read(const Cell& cell, ArgumentAddress& address);
};

// The three columns (file, line, column) of a source position member, with one meaning.
template <auto Member>
constexpr std::array<Column<typename detail::MemberOf<decltype(Member)>::Row>, 3> position(
    std::string_view file_name, std::string_view line_name, std::string_view column_name,
    std::string_view meaning) {
    return {column<Text, Member, &SourcePos::file>(file_name, meaning),
            column<Unsigned, Member, &SourcePos::line>(line_name, meaning),
            column<Unsigned, Member, &SourcePos::column>(column_name, meaning)};
}

struct Node {
    NodeId id = kNoNode;
    NodeKind kind = NodeKind::Temp;
    std::string name;      // printable: main::p, *main::p, &main::x, heap@f.c:12:7, s.f
    std::string function;  // enclosing function; empty for globals
    SourcePos pos;
    std::uint32_t context = 0;  // 0 = context-insensitive / the only copy
    NodeId origin = kNoNode;    // the source node this clone was made from; == id if not a clone
    // A variable of struct or union type, or an array of them: one object of many separate
    // parts (a table of records, an iterator struct), not one buffer.
    bool compound = false;
    // A const-qualified variable: nothing may write into it.
    bool constant = false;
    // A variable that is not compound: its size in bytes; 0 when not known (and for every
    // other node). Two accesses that each cover all of it can only meet at its start.
    std::uint64_t bytes = 0;
    // A heap node: the function whose call returned it (`malloc`, `fopen`, `alloca`, an
    // allocation wrapper such as `xmalloc`, a configured allocator, `getenv` for what the C
    // library owns, or any external function for its one unknown object); empty otherwise.
    std::string allocator = {};
};

inline constexpr auto kSymbolsTable = side_table<Node>(
    "symbols.tsv", "One line per node; `id` runs 0, 1, 2, ... in order.",
    column<Unsigned, &Node::id>("id", "the node"),
    column<Names<kNodeKinds>, &Node::kind>("kind", "what the node stands for (\"Node model\" below)"),
    column<Text, &Node::name>(
        "name", "printable: `main::p`, `*main::p`, `&main::x`, `main::s.f`, `heap@file.c:12:7`"),
    column<Text, &Node::function>("function", "the enclosing function; empty for globals"),
    position<&Node::pos>(
        "file", "line", "column",
        "where the node comes from: the declaration, or the expression for `deref`, `addrof`, "
        "`heap`, `string` and `temp` nodes"),
    column<Unsigned, &Node::context>(
        "context", "the calling context (a `contexts.tsv` id; 0: context-insensitive, the only copy)"),
    column<NodeRef, &Node::origin>("origin",
                                   "the node this one was cloned from (the copy in the first context it was "
                                   "made for); `id` itself for the first copy"),
    row_column<NodeTraits, Node>(
        "traits",
        "`-` or a comma-separated list: `compound` for a variable of struct or union type or an array of "
        "them "
        "(an object of many parts), `const` for a const-qualified variable (never written), `bytes=N` for "
        "the "
        "size of any other variable whose type has a constant size; the checks weigh their evidence by them "
        "(docs/CHECKS.md, \"When galias reports\"). A `heap` node has `alloc=F`, the function whose call "
        "returned it: `malloc`, `fopen`, `alloca` (a `__builtin_` prefix dropped), an allocation wrapper "
        "such "
        "as `xmalloc`, a configured allocator, `getenv` for what the C library owns, or the external "
        "function "
        "whose one unknown object it is; the memory checks take its family from it"));

struct Context {
    std::uint32_t id = 0;
    std::string call_string;  // "main@f.c:10:3 > wrap@f.c:4:9", empty for context 0
};

inline constexpr auto kContextsTable = side_table<Context>(
    "contexts.tsv", "One line per calling context; `id` runs 0, 1, 2, ... in order.",
    column<Unsigned, &Context::id>("id", "the context"),
    column<Text, &Context::call_string>("call_string",
                                        "the call sites from the outermost to the innermost, "
                                        "`caller@file:line:col` separated by ` > `; empty for context 0"));

// A call site, for the checks (restrict-alias, overlapping-copy, alias-assertion).
struct CallSite {
    std::uint32_t id = 0;
    std::string callee;  // the called function's name ("" if indirect and unresolved)
    SourcePos begin;     // the call expression's range (a macro's invocation, when its body spells the call)
    SourcePos end;
    SourcePos macro;  // where a macro's definition spells the call; file empty otherwise
    std::uint32_t context = 0;
    std::string caller;        // enclosing function
    std::vector<NodeId> args;  // the node holding each argument's value; kNoNode if none
    // Per argument that is a field read through a pointer (p->f): the pointer's node and the
    // field's node (kNoNode, kNoNode otherwise). Empty when no argument is one.
    std::vector<std::pair<NodeId, NodeId>> arg_loads;
    std::vector<bool> restrict_params;   // per parameter of the callee, when known
    std::vector<bool> read_only_params;  // per parameter: points to const, only read through
};

inline constexpr auto kCallsTable = side_table<CallSite>(
    "calls.tsv", "One line per call site *per calling context of the caller*.",
    column<Unsigned, &CallSite::id>("id", "the call site"),
    column<Text, &CallSite::callee>(
        "callee",
        "the called function (empty when an indirect call has no resolved target; "
        "an indirect call with several targets lists them separated by `\\|`)"),
    position<&CallSite::begin>(
        "file", "line", "column",
        "where the call starts: where it is written, also as a macro's argument; for a "
        "call a macro's body spells, the macro's invocation"),
    position<&CallSite::end>("end_file", "end_line", "end_column", "where the call ends, likewise"),
    column<Unsigned, &CallSite::context>("context", "the caller's calling context"),
    column<Text, &CallSite::caller>("caller", "the enclosing function"),
    column<NodeList, &CallSite::args>(
        "args",
        "the nodes holding each argument's value (`-` for an argument that holds "
        "no pointer, such as an integer or a null pointer constant)"),
    row_column<RestrictFlags, CallSite>(
        "restrict",
        "one digit per declared parameter of the callee: `0` not `restrict`-qualified, `1` `restrict`, `2` "
        "`restrict` and pointing to `const` (the callee only reads through it); empty when unknown"),
    position<&CallSite::macro>(
        "macro_file", "macro_line", "macro_column",
        "where a macro's body spells the call (empty and 0 otherwise), which tells two "
        "calls of one expansion apart"),
    column<FieldLoads, &CallSite::arg_loads>(
        "loads",
        "per argument, `p:f` when it is a field read through a pointer (`p->f`: the pointer's node and the "
        "field's node), `-` otherwise; empty when no argument is one (\"Whose field\" below)"));

// Where a call's argument points, relative to a value of the calling function, as far as
// that function shows it (arguments.tsv; docs/FACTS.md, "Argument addresses"). The checks
// compare two arguments of one call with it: the same base and known offsets give exact
// byte ranges; distinct variables, disjoint fields of one struct type and fresh memory
// keep arguments apart that the points-to analysis would merge.
struct ArgumentAddress {
    enum class Base : std::uint8_t {
        Unknown,  // nothing known: only the points-to analysis answers
        Object,   // the address of a named variable (or string literal, compound literal)
        Value,    // a value the function computes: a parameter, a load, a call's result
    };
    std::uint32_t call = 0;  // CallSite::id
    std::uint32_t arg = 0;   // argument index
    Base base_kind = Base::Unknown;
    // Identifies the base among the arguments of the same call: two arguments with equal
    // bases point base + offset into the same object on every execution.
    std::string base;
    std::optional<std::int64_t> offset;  // bytes from the base, when constant
    // The pointer was formed from a member (or an element of an array member) of a struct
    // or union object of type `record` that its base points to, and stays within the bytes
    // [lo, hi) of such an object; empty when it was not.
    std::string record;
    std::uint64_t lo = 0;
    std::uint64_t hi = 0;
    // An integer argument that is a constant (a copy's length).
    std::optional<std::int64_t> constant;
    // When `offset` (a pointer) or `constant` (an integer) is not known: the offset from the
    // base, or the integer, as a linear form over the values the call reads (facts/linear_form.hpp).
    std::optional<LinearForm> linear;
    // The argument is fresh memory: the result of an allocation the caller made, and these
    // other arguments of the call cannot point into it (they were computed before the
    // allocation, or the block was not stored or passed anywhere before the call).
    std::vector<std::uint32_t> fresh_apart;
    // The base is the result of this call site (CallSite::id) of the calling function:
    // what the argument points into is what that call returned.
    std::optional<std::uint32_t> allocation;
    // The argument's value may have been moved from where its base points on some path to
    // the call: a step (`p++`, `p += n`) of the variable holding it, at this line and column
    // of the calling function (0 when not); `offset` then says nothing of that path.
    std::uint32_t moved_line = 0;
    std::uint32_t moved_column = 0;
    // Objects the argument cannot point to at the call, as a guard of the calling function
    // shows (`if (p != buf) free(p)`): their first copies (Node::origin). Recorded for the
    // released argument of a release and the first pointer argument of a call of a function
    // of the program (a release wrapper: `if (p != buf) my_free(p)`).
    std::vector<NodeId> excluded;
};

inline constexpr EnumNames<ArgumentAddress::Base, 3> kBaseKinds{"base kind", {"unknown", "object", "value"}};

inline constexpr auto kArgumentsTable = side_table<ArgumentAddress>(
    "arguments.tsv",
    "One line per argument of a call site (not per context) that has two pointer arguments or more, or that "
    "releases a block (`free(p)`), or that calls through a function pointer with one pointer argument (a "
    "release hook), sorted by call and argument (\"Argument addresses\" below).",
    column<Unsigned, &ArgumentAddress::call>("call", "the call site (a `calls.tsv` id)"),
    column<Unsigned, &ArgumentAddress::arg>("arg", "the argument, from 0"),
    column<Names<kBaseKinds>, &ArgumentAddress::base_kind>(
        "base_kind",
        "`object` (the address of a named variable or compound literal), `value` (a value the function "
        "computes: a parameter on entry, a phi, a load, a call's result), `unknown`"),
    column<Text, &ArgumentAddress::base>(
        "base",
        "identifies the base among the arguments of the same call: two arguments with equal bases point "
        "`base + offset` into one object on every execution (a load is keyed by where it happens, so two "
        "reads "
        "of `s->buf` in one call's arguments are one value; none when another argument has side effects)"),
    column<IntegerOrNone, &ArgumentAddress::offset>("offset", "bytes from the base when constant, else `-`"),
    column<Text, &ArgumentAddress::record>(
        "record",
        "the pointer was formed from a member (or an element of an array member) of a struct or union object "
        "of type `record`, and stays within bytes `[lo, hi)` of it; C's rules for subobjects, as "
        "`_FORTIFY_SOURCE=2` checks them. Arithmetic by an unknown amount from a member that is not an array "
        "leaves it (`&s.f1 + i` may reach every field); empty when not"),
    column<Unsigned, &ArgumentAddress::lo>("lo", "the first byte of that range"),
    column<Unsigned, &ArgumentAddress::hi>("hi", "the byte after it"),
    column<IntegerOrNone, &ArgumentAddress::constant>(
        "constant", "an integer argument's value when constant (a copy's length)"),
    column<UnsignedList, &ArgumentAddress::fresh_apart>(
        "fresh_apart",
        "the argument is a block the caller allocated (the callee returns fresh memory, `allocators.tsv`) "
        "and "
        "these other arguments cannot point into it: their value was computed before the allocation on every "
        "path to the call, or the block was not stored or passed anywhere before the call but into the "
        "function's own copies, or only into fields of another new object that the other argument was not "
        "read from"),
    column<LinearOrNone, &ArgumentAddress::linear>(
        "linear",
        "when `offset` (a pointer) or `constant` (an integer) is `-`: the offset, or the integer, as a sum "
        "`c + a1*v1 + ...` over the values the call reads, e.g. `16+28*v0-4*u1` (below); `-` when it is not "
        "such a sum"),
    column<CallOrNone, &ArgumentAddress::allocation>(
        "allocation",
        "the base is the result of this call site of the calling function (a `calls.tsv` id): what the "
        "argument points into is what that call returned; `-` otherwise"),
    row_column<StepPosition, ArgumentAddress>("moved",
                                              "a released pointer: `LINE:COL` of a step of its variable "
                                              "(`s++`, `s += n`, `s = s + n`) that reaches "
                                              "the call on some path, where the read joins the value before "
                                              "and after it (a loop that advanced it); "
                                              "`-` otherwise"),
    column<NodeList, &ArgumentAddress::excluded>(
        "excluded",
        "a released pointer, or the first pointer argument of a call of a function of the program (which "
        "may release it): the objects (their first copies, `symbols.tsv` `origin`) a guard of the caller "
        "keeps it from (below)"));

// An argument that points into the block a call of the caller returned, where that call's
// function is not known to return fresh memory (allocation_candidates.tsv): were it an
// allocator, `apart` would be the argument's fresh_apart. The checks name such a function
// so that a user can say whether it allocates ([analysis] allocators).
struct AllocationCandidate {
    std::uint32_t call = 0;  // CallSite::id
    std::uint32_t arg = 0;   // argument index
    std::string function;
    std::vector<std::uint32_t> apart;
    SourcePos pos = {};  // where the call that returned the block starts
};

inline constexpr auto kAllocationCandidatesTable = side_table<AllocationCandidate>(
    "allocation_candidates.tsv",
    "One line per argument of a call site that points into the block a direct call of the caller returned, "
    "where that call's function is neither an allocator nor a C library function galias models (a pool "
    "allocator such as `palloc`, or an external function like `apr_palloc`), sorted by call and argument. "
    "The "
    "checks name the function in such a finding (docs/CHECKS.md, \"Allocators\").",
    column<Unsigned, &AllocationCandidate::call>("call", "the call site (a `calls.tsv` id)"),
    column<Unsigned, &AllocationCandidate::arg>("arg", "the argument, from 0"),
    column<Text, &AllocationCandidate::function>("function", "the function whose call returned the block"),
    column<UnsignedList, &AllocationCandidate::apart>(
        "apart",
        "the other arguments that could not point into the block if it were new (`fresh_apart` of "
        "`arguments.tsv`)"),
    position<&AllocationCandidate::pos>("file", "line", "column",
                                        "the call that returned the block (a finding links the function's "
                                        "name to it)"));

// A store into a field of the objects a pointer points to, `pointer->f = value` (for a
// variable whose fields are the field nodes, `v.f = value` with the pointer `&v`):
// field_stores.tsv. Under the types field model the field's node holds what every object's
// field holds; these stores tell whose field (docs/FACTS.md, "Whose field").
struct FieldStore {
    NodeId field = kNoNode;
    NodeId pointer = kNoNode;
    NodeId value = kNoNode;
    // When the value is itself a field read through a pointer (`p->f = q->g`): q's node, so
    // that a store of one field of an object into another of the same object is visible.
    NodeId value_pointer = kNoNode;
};

inline constexpr auto kFieldStoresTable = side_table<FieldStore>(
    "field_stores.tsv", "One line per store `p->f = v` into a field (\"Whose field\" below).",
    column<NodeRef, &FieldStore::field>("field", "the field's node"),
    column<NodeRef, &FieldStore::pointer>(
        "pointer", "`p`; for `v.f` of a variable whose fields are the type's field nodes, `&v`"),
    column<NodeRef, &FieldStore::value>("value", "`v`"),
    column<NodeRef, &FieldStore::value_pointer>(
        "value_pointer", "`q` when the value is itself a field read `q->g`, `-` otherwise"));

// bulk_writes.tsv's rows are nodes (ProgramFacts::bulk_writes).
inline constexpr auto kBulkWritesTable = side_table<NodeId>(
    "bulk_writes.tsv",
    "One line per pointer into whose objects whole objects with pointers in them are copied (`memcpy` of "
    "structs), so that any field may receive what any field of its type holds (\"Whose field\" below).",
    row_column<NodeRef, NodeId>("pointer", "the destination pointer"));

// Where a CSPA assign(src, dst) edge comes from (one row per edge the frontend emitted).
struct AssignSite {
    NodeId src = kNoNode;
    NodeId dst = kNoNode;
    SourcePos pos;
};

inline constexpr auto kAssignSitesTable = side_table<AssignSite>(
    "assign_sites.tsv", "One line per CSPA `assign` fact, for the witness paths of reports.",
    column<NodeRef, &AssignSite::src>("src", "the fact `assign(src, dst)`"),
    column<NodeRef, &AssignSite::dst>("dst", "the fact `assign(src, dst)`"),
    position<&AssignSite::pos>("file", "line", "column", "the statement that made it"));

// A line of value_classes.tsv (ProgramFacts::value_class holds them as one vector).
struct ValueClass {
    NodeId node = kNoNode;
    NodeId representative = kNoNode;
};

inline constexpr auto kValueClassesTable = side_table<ValueClass>(
    "value_classes.tsv",
    "One line per node another node answers for (copy reduction, \"Value classes\" below); only the header "
    "when every node answers for itself.",
    column<NodeRef, &ValueClass::node>("node", "the node"),
    column<NodeRef, &ValueClass::representative>(
        "representative", "the node whose `ValueAlias` and `PointsTo` rows hold its answers"));

// A line of stats.tsv.
using Counter = std::pair<std::string, std::uint64_t>;

inline constexpr auto kStatsTable = side_table<Counter>(
    "stats.tsv",
    "One line per counter: `nodes`, `cspa.assign`, ..., `contexts`, `clones`, `unmodelled.<category>`, "
    "`tu.ok`, `tu.failed`, ...",
    column<Text, &Counter::first>("name", "the counter"),
    column<Unsigned, &Counter::second>("value", "its value"));

// A store or return of the address of storage in a function's own frame (a local or a
// parameter's variable, a compound literal, `alloca` memory) where it outlives the frame
// unless written again: into a global or static variable, through a pointer, or as the
// function's result (frame_stores.tsv; one row per calling context of the function).
struct FrameStore {
    enum class Target : std::uint8_t {
        Return,    // `return &x;`
        Variable,  // `g = &x;`, `g.f = buf;`: a global or static variable (a part of it)
        Pointer,   // `*p = &x;`, `p->f = buf;`, `p[i] = &x;`
    };
    // Whether the cell is written again (or, through a pointer, its object released) before
    // the function returns: on no path, and no call on the way may write it (None); on some
    // paths, or a call on the way may write it (Some); on every path (All).
    enum class Overwritten : std::uint8_t { None, Some, All };
    std::string function;
    Target target = Target::Return;
    NodeId object = kNoNode;    // the frame object whose address is stored
    NodeId variable = kNoNode;  // Variable: the variable written
    NodeId pointer = kNoNode;   // Pointer: the node holding the pointer written through
    Overwritten overwritten = Overwritten::None;
    std::uint32_t context = 0;
    SourcePos pos;  // the store or the return statement
};

inline constexpr EnumNames<FrameStore::Target, 3> kFrameTargets{"frame store target",
                                                                {"return", "variable", "pointer"}};
inline constexpr EnumNames<FrameStore::Overwritten, 3> kOverwrittenNames{"overwritten value",
                                                                         {"none", "some", "all"}};

inline constexpr auto kFrameStoresTable = side_table<FrameStore>(
    "frame_stores.tsv",
    "One line per store or return of the address of a function's own frame storage where it outlives the "
    "frame, per calling context of the function (\"Frame stores\" below).",
    column<Text, &FrameStore::function>("function", "the function whose frame it is"),
    column<Names<kFrameTargets>, &FrameStore::target>(
        "target",
        "`return` (`return &x;`), `variable` (a global or static variable or a part of it: `g = &x`, `g.f = "
        "buf`, `table[i] = &x`), `pointer` (through a pointer: `*p = &x`, `p->f = buf`, `p[i] = &x`)"),
    column<NodeRef, &FrameStore::object>(
        "object",
        "the frame object (its node in this context; for `alloca` memory, the heap node of the call)"),
    column<NodeRef, &FrameStore::variable>("variable", "the variable written; `-` otherwise"),
    column<NodeRef, &FrameStore::pointer>("pointer",
                                          "the node of the pointer written through; `-` otherwise"),
    column<Names<kOverwrittenNames>, &FrameStore::overwritten>(
        "overwritten",
        "whether the cell is written again before the function returns: `all` on every path (by another "
        "store "
        "to the same address, or, through a pointer, a release of the block it is in), `some` on some paths "
        "only, or when a call of the program's (or an unknown) function on the way may write it, or when the "
        "cell's address is not known exactly (`table[i]`), `none` otherwise; always `none` for a return"),
    column<Unsigned, &FrameStore::context>("context", "the calling context"),
    position<&FrameStore::pos>("file", "line", "column", "the store or return statement"));

// What a function releases of its arguments on some path or on every path (a release
// summary, release_summaries.tsv): the block parameter `param` points to, or (field >= 0) the
// block whose pointer is stored at that byte offset of what it points to. Computed bottom-up
// over the call graph from the C library's and the configuration's release functions.
struct ReleaseSummary {
    std::string function;
    std::uint32_t param = 0;
    std::int64_t field = -1;
    bool always = false;  // on every path from the function's entry to its return
};

inline constexpr auto kReleaseSummariesTable = side_table<ReleaseSummary>(
    "release_summaries.tsv",
    "One line per function of the program and parameter it releases (\"Released values\" below).",
    column<Text, &ReleaseSummary::function>("function", "the function"),
    column<Unsigned, &ReleaseSummary::param>("param", "the parameter, from 0"),
    column<OffsetOrNone, &ReleaseSummary::field>("field",
                                                 "`-` when it releases the block the parameter points to; "
                                                 "else the byte offset of the pointer field of "
                                                 "that block whose block it releases"),
    column<Flag, &ReleaseSummary::always>(
        "always", "`1` when every path through the function releases it, `0` when some path does"));

// A use of a value after a call that releases it (released_uses.tsv; one row per call site,
// every calling context): the value passed as argument `arg` (or, field >= 0, the pointer at
// that byte offset of what it points to), with nothing between that changes it.
struct ReleasedUse {
    enum class Via : std::uint8_t {
        Library,      // a release function of the C library or the configuration
        Summary,      // a function of the program whose summary releases it on every path
        SummarySome,  // ... on some path
    };
    enum class Kind : std::uint8_t {
        Deref,    // *p, p->f, p[i]
        Pass,     // passed to a function of the program
        Library,  // passed to a C library function, which accesses it
        Return,   // returned
        Release,  // released again (Via of that release in `again`)
    };
    std::uint32_t call = 0;  // CallSite::id of the release
    std::uint32_t arg = 0;
    std::int64_t field = -1;
    Via via = Via::Library;
    Kind kind = Kind::Deref;
    std::uint32_t use_call = 0xFFFFFFFFu;  // Pass, Library, Release: the call (CallSite::id)
    std::uint32_t use_arg = 0;
    Via again = Via::Library;  // Release: how that call releases it
    bool always = false;       // every path from the release to the function's return passes the use
    SourcePos pos;             // the use
};

inline constexpr EnumNames<ReleasedUse::Via, 3> kReleaseVias{"release kind",
                                                             {"library", "summary", "summary-some"}};
inline constexpr EnumNames<ReleasedUse::Kind, 5> kUseKinds{"use kind",
                                                           {"deref", "pass", "library", "return", "release"}};

inline constexpr auto kReleasedUsesTable = side_table<ReleasedUse>(
    "released_uses.tsv",
    "One line per use of a released value and call site, every calling context (\"Released values\" below).",
    column<Unsigned, &ReleasedUse::call>("call", "the releasing call (a `calls.tsv` id)"),
    column<Unsigned, &ReleasedUse::arg>("arg", "its argument, from 0"),
    column<OffsetOrNone, &ReleasedUse::field>(
        "field",
        "`-`: the block the argument points to; else the byte offset of the field of what it points to whose "
        "block is released"),
    column<Names<kReleaseVias>, &ReleasedUse::via>(
        "via",
        "how the call releases it: `library` (a release function), `summary` (a summary on every path), "
        "`summary-some` (a summary on some path)"),
    column<Names<kUseKinds>, &ReleasedUse::kind>(
        "kind",
        "the use: `deref` (`*p`, `p->f`, `p[i]`), `library` (passed to a C library function that accesses "
        "it), "
        "`pass` (passed to a function of the program), `return`, `release` (released again)"),
    column<CallOrNone, &ReleasedUse::use_call>(
        "use_call", "for `pass`, `library` and `release`: the call of the use; `-` otherwise"),
    column<Unsigned, &ReleasedUse::use_arg>(
        "use_arg", "for `pass`, `library` and `release`: the argument of the use; 0 otherwise"),
    column<Names<kReleaseVias>, &ReleasedUse::again>(
        "again", "for `release`: how the second call releases it (as `via`)"),
    column<Flag, &ReleasedUse::always>("always",
                                       "`1` when the release comes before the use on every path to the use "
                                       "and the use follows the release on "
                                       "every path from it; `0` when on some path"),
    position<&ReleasedUse::pos>("file", "line", "column", "the use"));

// A construct the frontend saw but does not model (inline assembly, an integer cast to a
// pointer, a call to an external function without a model, ...). Listed one per occurrence
// so nothing is dropped silently; stats.tsv has the counts per category.
struct UnmodelledConstruct {
    std::string category;  // "int-to-pointer-cast", "external-call", ...
    SourcePos pos;
    std::string detail;  // e.g. the callee's name
};

inline constexpr auto kUnmodelledTable = side_table<UnmodelledConstruct>(
    "unmodelled.tsv",
    "One line per occurrence of a construct the frontend does not model, so that nothing is dropped "
    "silently; `stats.tsv` has the count per category.",
    column<Text, &UnmodelledConstruct::category>("category",
                                                 "`inline-asm`, `int-to-pointer-cast`, `external-call`, ..."),
    position<&UnmodelledConstruct::pos>("file", "line", "column", "where it is"),
    column<Text, &UnmodelledConstruct::detail>("detail", "what it is, e.g. the callee's name"));

// A function of the program whose calls return fresh memory, like malloc's: an allocation
// wrapper the frontend found, or one the configuration names (allocators.tsv).
struct Allocator {
    std::string function;
    std::string kind;  // "wrapper", "reallocating-wrapper", "configured"
    SourcePos pos;     // the definition; line 0 when it has none in the program
    // A wrapper: the allocator whose blocks it returns (`malloc` for git's xmalloc, `fopen`
    // for a function returning fopen's stream), when all come from one; empty otherwise.
    // A configured allocator: its own name.
    std::string allocates;
};

inline constexpr auto kAllocatorsTable = side_table<Allocator>(
    "allocators.tsv", "One line per function whose calls get a fresh heap object of their own call site.",
    column<Text, &Allocator::function>("function", "the function"),
    column<Text, &Allocator::kind>(
        "kind",
        "`wrapper` and `reallocating-wrapper` (found by the frontend, \"Allocation "
        "wrappers\" below), `configured` (`--allocator`, `[analysis] allocators`)"),
    position<&Allocator::pos>("file", "line", "column",
                              "the function's definition; line 0 when it has none in the program"),
    column<Text, &Allocator::allocates>(
        "allocates",
        "the allocator whose blocks a wrapper returns when all come from one (`malloc` for git's `xmalloc`, "
        "`fopen` for a function returning a stream it opened; a wrapper of a wrapper names the inner one's), "
        "empty otherwise; a configured allocator's own name"));

// Calls `visit(table)` for each side table, in docs/FACTS.md's order.
template <typename Visit>
void for_each_side_table(Visit&& visit) {
    visit(kSymbolsTable);
    visit(kContextsTable);
    visit(kCallsTable);
    visit(kArgumentsTable);
    visit(kAllocatorsTable);
    visit(kAllocationCandidatesTable);
    visit(kFieldStoresTable);
    visit(kBulkWritesTable);
    visit(kAssignSitesTable);
    visit(kValueClassesTable);
    visit(kStatsTable);
    visit(kUnmodelledTable);
    visit(kFrameStoresTable);
    visit(kReleaseSummariesTable);
    visit(kReleasedUsesTable);
}

// docs/FACTS.md's "Side tables": a section per table with its columns (markdown()).
std::string side_tables_markdown();

class ProgramFacts {
public:
    std::vector<Node> nodes;        // indexed by id (nodes[i].id == i)
    std::vector<Context> contexts;  // indexed by id
    std::vector<CallSite> calls;
    std::vector<ArgumentAddress> arguments;  // sorted by (call, arg); pointer and constant arguments only
    std::vector<FieldStore> field_stores;    // field_stores.tsv
    // Pointers into whose objects whole objects are copied with pointers in them (memcpy of
    // structs), so any field may receive what any field of its type holds: bulk_writes.tsv.
    std::vector<NodeId> bulk_writes;
    std::vector<AssignSite> assign_sites;
    std::vector<Counter> counters;                           // stats.tsv
    std::vector<UnmodelledConstruct> unmodelled;             // unmodelled.tsv
    std::vector<Allocator> allocators;                       // allocators.tsv
    std::vector<AllocationCandidate> allocation_candidates;  // sorted by (call, arg)
    std::vector<FrameStore> frame_stores;                    // frame_stores.tsv
    std::vector<ReleaseSummary> release_summaries;           // release_summaries.tsv
    std::vector<ReleasedUse> released_uses;                  // released_uses.tsv
    // value_classes.tsv: the node whose analysis results answer for each node (copy
    // reduction, docs/FACTS.md "Value classes"); empty when every node answers for itself.
    std::vector<NodeId> value_class;

    [[nodiscard]] const Node* node(NodeId id) const;
    // All nodes (every context) with this printable name.
    [[nodiscard]] std::vector<NodeId> find_by_name(std::string_view name) const;
    // The node whose ValueAlias and PointsTo rows hold `id`'s answers (`id` itself unless
    // copy reduction dropped it as a copy of another node).
    [[nodiscard]] NodeId value_representative(NodeId id) const;
    // The address facts of argument `arg` of call site `call`, or nullptr.
    [[nodiscard]] const ArgumentAddress* argument(std::uint32_t call, std::uint32_t arg) const;
    // The allocation candidate of argument `arg` of call site `call`, or nullptr.
    [[nodiscard]] const AllocationCandidate* allocation_candidate(std::uint32_t call,
                                                                  std::uint32_t arg) const;
    // The value of a stats.tsv counter; 0 if absent.
    [[nodiscard]] std::uint64_t counter(std::string_view name) const;

    // Which side tables read() fills: every one, or those an alias query needs (symbols,
    // contexts, assign_sites and value_classes; the others are left empty), so that
    // `galias query --db` does not parse the call tables the checks read.
    enum class Tables : std::uint8_t { All, Queries };
    // Whether a table (a file name such as "calls.tsv") is one of Tables::Queries.
    [[nodiscard]] static bool query_table(std::string_view file_name);

    // Reads the side tables (symbols, contexts, calls, assign_sites, stats, unmodelled) of a
    // fact directory. symbols.tsv is required; the other tables are optional and left empty
    // when missing. Throws DiagnosticError on malformed lines (file:line) and when the
    // directory or symbols.tsv does not exist.
    static ProgramFacts read(const std::filesystem::path& facts_dir, Tables tables = Tables::All);
    // Writes them (atomically, each file via temp + rename).
    void write(const std::filesystem::path& facts_dir) const;
};

}  // namespace galias::facts
