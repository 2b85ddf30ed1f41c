#pragma once
// The frontend's intermediate form: what one C translation unit says about pointers, in
// terms that mention nothing of Clang. The AST translator (tu_translator.cpp) produces one
// TranslationUnitIr per TU; the linker (linker.cpp) merges them into one ProgramIr; the fact
// emitter instantiates it per calling context (docs/FACTS.md, "Node model").
//
// Three layers:
//   Entity  something with storage or identity: a variable, a parameter, a function's
//           return value, a function, a string literal, a temporary.
//   Term    a node *template* of the program-expression graph: an entity (or one of its
//           field paths), the dereference `*t` of another term, a field `p->f` of such a
//           dereference, or the address `&x` of an entity or a field. A term becomes one
//           node per calling context it is instantiated in.
//
// Terms keep every field the C code names, whatever the field model: the fact emitter
// decides which terms share a node (resolved(), docs/FACTS.md "Fields through pointers").
//   Statements: value flows between terms (`dst = src`) and call sites.

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "facts/program_facts.hpp"

namespace galias::frontend {

using EntityId = std::uint32_t;
using TermId = std::uint32_t;
inline constexpr std::uint32_t kNone = 0xFFFFFFFFu;

// Entity keys that link across translation units start with "ext:" (Entity::key).
inline bool is_external_key(std::string_view key) {
    return key.starts_with("ext:");
}
// The key of the external variable `name`: what its uses and its definitions share.
inline std::string external_variable_key(std::string_view name) {
    return "ext:var:" + std::string(name);
}

struct Entity {
    facts::NodeKind kind = facts::NodeKind::Local;
    // Identity across translation units. Entities whose key starts with "ext:" are linked
    // by this key (external globals, functions, and their parameters and return values);
    // every other entity is private to its TU.
    std::string key;
    std::string name;      // printable: main::p, g, f.c::counter, str@f.c:3:9
    std::string function;  // enclosing function; empty at file scope
    facts::SourcePos pos;
    // Lives in a function's frame (locals, parameters, return values, temporaries): one
    // copy per calling context of the function.
    bool per_context = false;
    // A string literal passed directly to a restrict-qualified parameter: an object of its
    // own even when string literals are merged (FrontendOptions::merge_string_literals).
    bool restrict_argument = false;
    // A variable of struct or union type, or an array of them (facts::Node::compound).
    bool compound = false;
    bool constant = false;  // const-qualified (facts::Node::constant)
    // A variable's size in bytes when its type is complete and of constant size; 0 otherwise
    // (facts::Node::bytes).
    std::uint64_t bytes = 0;
};

enum class TermKind : std::uint8_t {
    Entity,  // the entity, or the field path `path` inside it
    Deref,   // *operand
    AddrOf,  // &entity.path, or &operand when operand is a Member term (&p->f)
    Member,  // the field `field` of the location operand (a Deref term): p->f, (*p).f, p[i].f
};

struct Term {
    TermKind kind = TermKind::Entity;
    EntityId entity = kNone;  // Entity, AddrOf of an entity
    std::string path;         // Entity, AddrOf: field path "f" or "f.g"; "" = the whole entity
    TermId operand = kNone;   // Deref; Member (its Deref base); AddrOf of a Member
    // The field (a Field entity, one per declared struct or union member) that the term
    // names last, when that field may hold a pointer: Member terms, and Entity and AddrOf
    // terms whose path ends in such a field or that are such a union member (union members
    // share their union's path). kNone otherwise: a field that holds no pointer is part of
    // its object (p->count is *p).
    EntityId field = kNone;
    facts::SourcePos pos;  // where the term first appears

    friend bool operator==(const Term& a, const Term& b) {
        return a.kind == b.kind && a.entity == b.entity && a.path == b.path && a.operand == b.operand &&
               a.field == b.field;
    }
};

// A pointer-holding part of an aggregate: its path below the aggregate ("a", "in.p"; ""
// for a member of a union, which shares the union's storage) and the declared field it is
// (kNone for the aggregate itself, when it is not split).
struct Leaf {
    std::string path;
    EntityId field = kNone;
};

// Hash-conses terms: the same (kind, entity, path, operand) always gets the same id.
class TermTable {
public:
    TermId intern(const Term& term);
    [[nodiscard]] const Term& operator[](TermId id) const { return terms_[id]; }
    [[nodiscard]] std::size_t size() const { return terms_.size(); }
    [[nodiscard]] const std::vector<Term>& terms() const { return terms_; }

    // Convenience constructors (they intern).
    TermId entity(EntityId entity, std::string path, const facts::SourcePos& pos, EntityId field = kNone);
    TermId deref(TermId operand, const facts::SourcePos& pos);
    TermId addr_of(EntityId entity, std::string path, const facts::SourcePos& pos, EntityId field = kNone);
    // &location for a location term (Entity or Member); `*&x` gives x back (deref()).
    TermId address_of_location(TermId location);
    TermId member(TermId base, EntityId field, const facts::SourcePos& pos);
    // The term for `leaf` inside the location `base`: a longer path inside an entity, or
    // the Member term of the leaf's field under a dereference.
    TermId extend(TermId base, const Leaf& leaf);

private:
    struct Key {
        TermKind kind;
        EntityId entity;
        std::string path;
        TermId operand;
        EntityId field;
        friend bool operator==(const Key&, const Key&) = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const;
    };
    std::vector<Term> terms_;
    std::unordered_map<Key, TermId, KeyHash> ids_;
};

// `dst = src`: the value of term `src` flows into term `dst`.
struct Assign {
    TermId src = kNone;
    TermId dst = kNone;
    facts::SourcePos pos;
};

// A value passed to or returned from a call. Scalars (pointers) have no leaves; an
// aggregate (struct or union passed by value) lists the field paths inside it that may
// hold pointers, and `term` is the location holding the whole aggregate.
struct CallValue {
    TermId term = kNone;  // kNone: holds no pointer (an int, a null pointer constant)
    bool aggregate = false;
    std::vector<Leaf> leaves;
    // Arguments only: where a pointer points relative to the caller's values, and an
    // integer's value when constant (translator_arguments.cpp). `address.call` and `.arg`
    // are set when facts are emitted. Some of it holds only if certain calls of the caller
    // (indices into its calls) return fresh memory, which is known once call targets are:
    //   `needs_fresh` for the address itself (a value read back from a field the function
    //                 stored it in, with those calls in between);
    //   `allocation`  the base is that call's result;
    //   `apart`       other arguments that cannot point into that block, each needing
    //                 `allocation` and its own further calls fresh.
    facts::ArgumentAddress address;
    std::vector<std::uint32_t> needs_fresh;
    std::uint32_t allocation = kNone;
    struct Apart {
        std::uint32_t arg = 0;
        std::vector<std::uint32_t> needs_fresh;
    };
    std::vector<Apart> apart;
    // A released pointer (free(p)): the objects a guard of the caller shows it cannot point to
    // (`if (p != buf)`), as the terms of those objects (facts::ArgumentAddress::excluded).
    std::vector<TermId> excluded;
    // Where a pointer argument comes from in the calling function, for release summaries: the
    // value of its parameter `param` on entry, or (field >= 0) the pointer stored at that
    // byte offset of what the parameter points to; param -1: neither.
    std::int32_t param = -1;
    std::int64_t param_field = -1;
    bool param_some = false;  // the argument holds it on some path only (a loop's first value)
    // The function stores into that field after the call on some path (`free(*slot); *slot =
    // strdup(s);`): its caller does not find the released block there, so the release is no
    // part of the function's summary.
    bool param_field_rewritten = false;
};

// A use of a pointer value after a call that may release it: the value passed as argument
// `arg`, or (field >= 0) the pointer stored at that byte offset of what the argument points to
// (which a callee's release summary may say it releases), with nothing between that changes
// the value (a definition of a variable it is read from, a store into the memory it is read
// from). Whether the call releases it is known once the program is linked (fact_emitter.cpp).
struct LaterUse {
    enum class Kind : std::uint8_t {
        Deref,   // *p, p->f, p[i]
        Pass,    // passed to a call (a release of it again is a double release)
        Return,  // returned
    };
    std::uint32_t call = kNone;  // index into the function's calls
    std::uint32_t arg = 0;
    std::int64_t field = -1;
    Kind kind = Kind::Deref;
    std::uint32_t use_call = kNone;  // Pass: index into calls
    std::uint32_t use_arg = 0;
    bool always = false;  // every path from the call to the function's return passes the use
    facts::SourcePos pos;
};

// A store or return of the address of the function's own frame storage
// (facts::FrameStore): terms of the function, instantiated per calling context.
struct FrameStore {
    facts::FrameStore::Target target = facts::FrameStore::Target::Return;
    TermId object = kNone;              // the local variable or compound literal whose address is stored
    std::uint32_t alloca_call = kNone;  // or: the alloca call (index into calls) whose block it is
    TermId variable = kNone;            // Target::Variable: the global or static variable written
    TermId pointer = kNone;             // Target::Pointer: the pointer written through
    facts::FrameStore::Overwritten overwritten = facts::FrameStore::Overwritten::None;
    facts::SourcePos pos;
};

struct CallSite {
    std::uint32_t id = kNone;  // program-wide call-site number, set by the linker
    facts::SourcePos begin;
    facts::SourcePos end;
    facts::SourcePos macro;          // a call a macro's body spells: where (file empty otherwise)
    EntityId direct_callee = kNone;  // a Function entity, for direct calls
    TermId callee_pointer = kNone;   // for indirect calls: the term holding the function pointer
    std::vector<CallValue> args;
    CallValue result;                    // where the returned value goes (kNone if unused or no pointer)
    std::vector<bool> restrict_params;   // per declared parameter of the callee's type
    std::vector<bool> read_only_params;  // per declared parameter: a pointer to const (only read through)
    // A library copy (memcpy, strcpy, ...) between buffers whose declared types hold no
    // pointer (char, int): under the types field model it moves no pointer.
    bool copies_bytes_only = false;
    // The called function type, for type-based resolution of indirect calls.
    std::uint32_t param_count = 0;
    bool variadic = false;
    bool has_prototype = true;
    std::string signature;  // function_signature() of the called type
    // Every path from the function's entry to its return passes the call.
    bool every_path = false;
};

// A function as declared or defined in one TU. A TU records every function it defines and
// every function it calls or whose address it takes.
struct Function {
    EntityId entity = kNone;  // the Function entity
    bool has_body = false;
    // An inline definition that defines no symbol (C99 `inline` without `extern`, GNU
    // `extern inline`, as glibc's headers write atoi or getchar): every unit including the
    // header has one, and another unit (or a library) has the real definition.
    bool inline_only = false;
    std::vector<TermId> params;         // one per declared parameter; kNone if it holds no pointer
    std::vector<bool> param_aggregate;  // per parameter: passed by value as a struct/union
    TermId return_value = kNone;        // the Return entity's term; kNone if no pointer is returned
    bool return_aggregate = false;
    TermId varargs = kNone;  // the `f::...` entity's term, for variadic definitions
    std::uint32_t param_count = 0;
    bool variadic = false;
    bool has_prototype = true;
    // The function's type with every pointer type written `p` (a call through a function
    // pointer may reach a function whose pointer parameters have other pointee types):
    // "i32(p,i64,...)". Calls by type match on it.
    std::string signature;
    std::vector<bool> restrict_params;
    std::vector<bool> read_only_params;                  // a pointer to const
    std::vector<Assign> assigns;                         // the body's value flows
    std::vector<CallSite> calls;                         // the body's call sites
    std::vector<FrameStore> frame_stores;                // addresses of its frame stored to outlive it
    std::vector<LaterUse> later_uses;                    // uses of values after calls that may release them
    std::vector<facts::UnmodelledConstruct> unmodelled;  // found in the body
};

// A part of a variable whose field paths are not all kept apart per variable:
//   Escaped  the address of the aggregate at `path` (with `field`, see Term) is taken, so a
//            pointer reaches its fields. Under the variables field model its subtree is one
//            node; under the types model the fields below it are the field's nodes that
//            accesses through pointers use.
//   Union    `path` holds a union: its members (and everything inside them) share storage
//            and are one node.
enum class CollapseKind : std::uint8_t { Escaped, Union };

struct CollapsedPath {
    EntityId entity = kNone;
    std::string path;
    EntityId field = kNone;
    CollapseKind kind = CollapseKind::Escaped;
};

// Two fields whose storage overlaps (members of one union, or fields at the same offsets
// of two struct types that a pointer cast converts between): one node under the types
// field model.
struct FieldOverlap {
    EntityId a = kNone;
    EntityId b = kNone;
};

struct TranslationUnitIr {
    std::string file;
    std::vector<Entity> entities;
    TermTable terms;
    std::vector<Function> functions;
    std::vector<Assign> global_assigns;  // initializers of globals and statics
    std::vector<CollapsedPath> collapsed;
    std::vector<FieldOverlap> field_overlaps;
    std::vector<facts::UnmodelledConstruct> unmodelled;  // at file scope
    std::size_t unused_static_functions = 0;             // dropped by prune_unused_static_functions
    // Keys ("ext:var:NAME") of the external variables this TU defines (with or without an
    // initializer, tentative definitions included), which `extern` declarations elsewhere
    // refer to: what a linker resolves data symbols to (link_units.hpp).
    std::vector<std::string> defined_variables;
    // Keys of the external variables the TU's code names, whatever their type
    // (symbol_references.hpp).
    std::vector<std::string> referenced_variables;
};

// A function with a body that returns fresh memory like malloc (allocation_wrappers.hpp).
struct AllocationWrapper {
    bool reallocates = false;  // like realloc: the result may also be argument `arg`
    unsigned arg = 0;
    // The allocator whose blocks it returns, when every fresh value it returns comes from
    // one (a library allocator, a configured one, or what another wrapper returns); empty
    // when they come from several or from an allocation hook.
    std::string allocates;
};

// The whole program after linking. Terms and entities are shared by all TUs; the function
// table has one entry per function entity (definitions merged, see linker.hpp).
//
// A compilation database that builds several programs (link_units.hpp) is linked into one
// ProgramIr made of several disjoint parts, one per program: no entity, term or call edge
// joins two of them, so analysing the whole is analysing each program on its own.
struct ProgramIr {
    std::vector<Entity> entities;
    TermTable terms;
    std::vector<Function> functions;
    std::unordered_map<EntityId, std::uint32_t> function_index;  // Function entity -> functions[]
    std::vector<Assign> global_assigns;
    // Per entity, the parts whose field paths are collapsed or escaped (sorted by path).
    std::unordered_map<EntityId, std::vector<CollapsedPath>> collapsed;
    std::vector<FieldOverlap> field_overlaps;
    // Per Field entity, the representative of its overlap class (FieldOverlap); fields that
    // overlap nothing are absent. Set by the linker.
    std::unordered_map<EntityId, EntityId> field_class;
    // Call site id -> (index into functions, index into that function's calls).
    std::vector<std::pair<std::uint32_t, std::uint32_t>> call_sites;
    // The programs linked (one name each, e.g. "executable tools/a.c"), and per functions[]
    // entry the program it belongs to.
    std::vector<std::string> programs;
    std::vector<std::uint32_t> function_program;
    std::vector<facts::UnmodelledConstruct> unmodelled;
    std::vector<std::string> warnings;
    std::size_t duplicate_definitions = 0;
    std::size_t unused_static_functions = 0;
    // Entities made while emitting facts: the heap object of each allocating call site, and
    // the object an external function without a body returns (keyed by its name, with
    // "#P" added in the programs after the first).
    std::unordered_map<std::uint32_t, EntityId> heap_of_site;
    std::unordered_map<std::string, EntityId> extern_object;
    // Per heap entity, the function whose call returned it (facts::Node::allocator).
    std::unordered_map<EntityId, std::string> allocator_of;
    // Functions with a body whose calls get a heap object of their own call site, as
    // malloc's do (allocation_wrappers.hpp).
    std::unordered_map<EntityId, AllocationWrapper> allocation_wrappers;

    [[nodiscard]] const CallSite& call_site(std::uint32_t id) const {
        return functions[call_sites[id].first].calls[call_sites[id].second];
    }
    [[nodiscard]] const Function& caller_of(std::uint32_t site) const {
        return functions[call_sites[site].first];
    }
    [[nodiscard]] std::uint32_t program_of_site(std::uint32_t site) const {
        return function_program[call_sites[site].first];
    }

    // The Field entity whose node stands for `field` under the types field model.
    [[nodiscard]] EntityId field_representative(EntityId field) const {
        auto it = field_class.find(field);
        return it == field_class.end() ? field : it->second;
    }

    [[nodiscard]] const Function* function_of(EntityId entity) const {
        auto it = function_index.find(entity);
        return it == function_index.end() ? nullptr : &functions[it->second];
    }
};

}  // namespace galias::frontend
