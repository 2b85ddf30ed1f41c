#pragma once
// What the memory checks (free-nonheap, free-offset, mismatched-release,
// stack-address-escape) share: what storage an object of the points-to analysis stands for,
// which family of allocation and release functions a heap object and a release call belong
// to, how strongly the program's own assignments show that an object's address reaches a
// pointer, and the finding at a release with its code flow.

#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "facts/memory_functions.hpp"
#include "reports/checks/check.hpp"

namespace galias::reports {

// The storage an object of the points-to analysis stands for.
enum class Storage : std::uint8_t {
    Frame,            // a local variable or a parameter's variable of a function
    CompoundLiteral,  // a compound literal in a function (automatic storage)
    Global,           // a variable of external linkage
    Static,           // a file- or function-static variable
    String,           // a string literal
    Function,         // a function's code
    Heap,             // a block of an allocator (its family, when known: MemoryModel::family)
    Unknown,          // anything else: a field node, the object of an API parameter, ...
};

// The allocation family of a heap object or a release function: a family of the C library
// (facts::MemoryFamily) or an allocator the configuration names with its release functions
// ([analysis] allocators, `{ name = "g_malloc", release = ["g_free"] }`).
struct Family {
    std::optional<facts::MemoryFamily> library;
    std::string configured;  // the configured allocator's name
    [[nodiscard]] bool known() const { return library.has_value() || !configured.empty(); }
    friend bool operator==(const Family&, const Family&) = default;
};

// A call that releases memory through one of its arguments.
struct Release {
    std::string function;          // as the program calls it (a target of the call)
    unsigned arg = 0;              // the released argument
    std::vector<Family> families;  // the families it releases; empty when not known
};

class MemoryModel {
public:
    MemoryModel(const facts::ProgramFacts& facts, const CheckOptions& options);

    [[nodiscard]] Storage storage(const facts::Node& object) const;
    // The family of a heap object (by its allocator, through the wrappers the frontend found);
    // unknown for other objects and for allocators galias knows nothing of.
    [[nodiscard]] Family family(const facts::Node& object) const;
    // The release a call makes: every target a release function that takes back the block
    // its argument points to (free, fclose, a configured one); nullopt otherwise.
    [[nodiscard]] std::optional<Release> release(const facts::CallSite& call) const;
    // The function that releases a family's memory, for messages ("" when none does).
    [[nodiscard]] std::string release_hint(const Family& family) const;
    // A name for the family's allocator, for messages: "fopen", "g_malloc", "malloc".
    [[nodiscard]] static std::string family_name(const Family& family);

    // The node of `&object` (what a pointer to it starts as), or kNoNode.
    [[nodiscard]] NodeId address_of(NodeId object) const;
    // The function a call site calls ("" when unknown or through a pointer to several).
    [[nodiscard]] const std::string& callee_of(std::uint32_t call_id) const;
    // Whether a call through a function pointer that may reach several functions is at `pos`:
    // its arguments reach every target's parameters, every caller's data each callback's.
    [[nodiscard]] bool wide_call_at(const facts::SourcePos& pos) const;
    // The family of the block a call to `function` returns, when it is an allocator: the
    // library's, a configured one, or a wrapper of one (allocators.tsv).
    [[nodiscard]] Family allocator_family(const std::string& function) const;
    // Whether a call to `function` returns the start of a block that a release function takes
    // back: a library allocator of the heap, a wrapper of one, or a configured allocator.
    [[nodiscard]] bool is_allocator(const std::string& function) const;

private:
    const facts::ProgramFacts& facts_;
    std::unordered_map<std::string, std::string> wrapper_allocates_;  // allocators.tsv
    std::unordered_map<std::string, bool> listed_allocators_;         // allocators.tsv, every kind
    // [analysis] allocators with their release functions.
    std::unordered_map<std::string, std::vector<std::string>> configured_releases_;
    std::unordered_map<std::string, std::vector<std::string>> released_by_;  // release -> allocators
    std::unordered_map<std::string, NodeId> address_;         // "name\ncontext" of an object -> &object
    std::unordered_map<std::uint32_t, std::string> callees_;  // call site id -> callee
    std::unordered_set<std::string> wide_calls_;              // "file\nline\ncolumn" of those calls
    // Each node's storage and each heap object's family, worked out once: the checks ask them
    // for every object of every points-to set they walk (libxml2: millions of times), and a
    // family is a chain of lookups by the allocator's name.
    [[nodiscard]] Storage storage_of(const facts::Node& object) const;
    // Whether `object` is the facts' node of its id (the tables above are by id).
    [[nodiscard]] bool in_facts(const facts::Node& object) const;
    std::vector<Storage> storage_;
    std::vector<Family> families_;             // the distinct families of the heap objects
    std::vector<std::uint32_t> family_index_;  // node id -> families_, for heap objects
};

// How a message names the released pointer: "`p`" for a variable, "`->buf`" for a field read
// through a pointer, "the pointer" otherwise.
std::string pointer_label(const CheckContext& context, NodeId pointer);

// How the points-to analysis' evidence that a pointer may point to an object comes to it:
//   Direct   the object's address reaches the pointer through assignments between the
//            program's variables, parameters and results alone (a path of assign_sites.tsv
//            that passes through no field node of a struct type and no `*p`, and no argument
//            of a call through a function pointer that may reach several functions);
//   Summary  only through such memory: the field of every object of a type, what a pointer
//            points to (a `void *` slot, a container).
enum class Flow : std::uint8_t { Summary, Direct };

// Memory that stands for many objects: the field node of a struct or union type (that field of
// every instance), or a dereference `*p`.
bool is_summary_memory(const facts::Node& node);

// Whether the address node `address` reaches `pointer` directly, within `max_steps` assignments,
// not through the arguments of a call through a pointer to several functions.
Flow flow_of(const CheckContext& context, const MemoryModel& model, NodeId address, NodeId pointer,
             std::size_t max_steps);

// The objects argument `index` of `call` may point to (sorted): for a field read through a
// pointer (`p->buf`), what was stored into that field of p's objects (field_contents.hpp).
std::vector<NodeId> argument_objects(const CheckContext& context, const facts::CallSite& call,
                                     std::size_t index);

// "buf (a local variable of `f`)", "a string literal", "the global variable g": the object
// for a message, with a link to its declaration added to `finding`.
std::string describe_object(const CheckContext& context, const MemoryModel& model, NodeId object,
                            Finding& finding);

// The code flow of a finding: from where `object`'s address is taken to `pointer`, as the
// witness path shows it; nothing when no path is found within the bound.
void attach_address_flow(const CheckContext& context, const MemoryModel& model, NodeId object, NodeId pointer,
                         Finding& finding);

// A finding of `rule` at the call, in its calling context.
Finding finding_at_call(const CheckContext& context, const RuleInfo& rule, const facts::CallSite& call,
                        Level level, std::string key);

}  // namespace galias::reports
