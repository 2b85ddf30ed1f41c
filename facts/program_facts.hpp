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
// Every table is tab-separated with a header line starting with '#'.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "facts/linear_form.hpp"

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

struct Context {
    std::uint32_t id = 0;
    std::string call_string;  // "main@f.c:10:3 > wrap@f.c:4:9", empty for context 0
};

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
    // shows (`if (p != buf) free(p)`): their first copies (Node::origin).
    std::vector<NodeId> excluded;
};

// An argument that points into the block a call of the caller returned, where that call's
// function is not known to return fresh memory (allocation_candidates.tsv): were it an
// allocator, `apart` would be the argument's fresh_apart. The checks name such a function
// so that a user can say whether it allocates ([analysis] allocators).
struct AllocationCandidate {
    std::uint32_t call = 0;  // CallSite::id
    std::uint32_t arg = 0;   // argument index
    std::string function;
    std::vector<std::uint32_t> apart;
};

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

// Where a CSPA assign(src, dst) edge comes from (one row per edge the frontend emitted).
struct AssignSite {
    NodeId src = kNoNode;
    NodeId dst = kNoNode;
    SourcePos pos;
};

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

// A construct the frontend saw but does not model (inline assembly, an integer cast to a
// pointer, a call to an external function without a model, ...). Listed one per occurrence
// so nothing is dropped silently; stats.tsv has the counts per category.
struct UnmodelledConstruct {
    std::string category;  // "int-to-pointer-cast", "external-call", ...
    SourcePos pos;
    std::string detail;  // e.g. the callee's name
};

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
    std::vector<std::pair<std::string, std::uint64_t>> counters;  // stats.tsv
    std::vector<UnmodelledConstruct> unmodelled;                  // unmodelled.tsv
    std::vector<Allocator> allocators;                            // allocators.tsv
    std::vector<AllocationCandidate> allocation_candidates;       // sorted by (call, arg)
    std::vector<FrameStore> frame_stores;                         // frame_stores.tsv
    std::vector<ReleaseSummary> release_summaries;                // release_summaries.tsv
    std::vector<ReleasedUse> released_uses;                       // released_uses.tsv
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
