#pragma once
// Instantiates the linked program into nodes and facts: every function once per calling
// context (context_table.hpp), parameters and return values connected along the call
// targets, library calls replaced by their models (library_models.hpp). Writes the CSPA and
// Andersen relations and the side tables into an ExtractResult (docs/FACTS.md).

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "frontend/call_graph.hpp"
#include "frontend/context_table.hpp"
#include "frontend/extract_result.hpp"
#include "frontend/frontend_options.hpp"
#include "frontend/program_ir.hpp"

namespace galias::frontend {

struct EmitOptions {
    FieldModel field_model = FieldModel::Types;
    bool merge_string_literals = true;
    std::vector<std::string> allocators;         // functions treated as malloc, body or not
    std::vector<std::string> release_functions;  // FrontendOptions::release_functions
};

class FactEmitter {
public:
    // `contexts` may be null: everything is then emitted in context 0 (context-insensitive).
    FactEmitter(ProgramIr& program, const CallTargets& targets, const ContextTable* contexts,
                const EmitOptions& options, ExtractResult& out);

    // Everything: global initializers, then each function in each of its contexts.
    void emit_program();
    void emit_globals();
    void emit_instance(std::uint32_t function_index, ContextId context);
    // The value flows of `call` (in its caller's `context`) reaching one `target`.
    void emit_call_target(const CallSite& call, ContextId context, EntityId target);
    // Counters, contexts and unmodelled constructs into out.program.
    void finish();

    facts::NodeId node(TermId term, ContextId context);
    // The Function entity a node stands for, or kNone.
    [[nodiscard]] EntityId function_of_node(facts::NodeId node) const;

private:
    void grow_term_tables();
    TermId resolved(TermId term);
    facts::NodeId new_node(TermId term, facts::NodeKind kind, const std::string& function);
    TermId field_address(TermId object, EntityId field, const facts::SourcePos& pos);
    EntityId literal_object(EntityId entity);
    bool per_context(TermId term);
    std::string term_name(TermId term);
    void emit_assign(TermId src, ContextId src_context, TermId dst, ContextId dst_context,
                     const facts::SourcePos& pos);
    void emit_value(const CallValue& from, ContextId from_context, TermId to, bool to_aggregate,
                    ContextId to_context, const facts::SourcePos& pos);
    void emit_call(const CallSite& call, ContextId context);
    void emit_frame_store(const Function& f, const FrameStore& store, ContextId context);
    facts::NodeId field_owner(TermId term, ContextId context);
    [[nodiscard]] std::vector<EntityId> targets_in(const CallSite& call, ContextId context) const;
    void emit_library_call(const CallSite& call, ContextId context, const std::string& callee);
    void emit_argument_addresses();
    // release_summaries.tsv and released_uses.tsv (release_summaries.hpp).
    void emit_released_uses();
    void emit_caller_objects();
    [[nodiscard]] bool returns_fresh_memory(const CallSite& call) const;
    [[nodiscard]] std::string allocation_candidate(const CallSite& call) const;
    // The object allocated at `call` by `allocator` (the function called): one per calling
    // context of the caller (heap cloning) unless `per_context` is false.
    TermId heap_object(const CallSite& call, const std::string& caller, std::string_view allocator,
                       bool per_context = true);
    TermId extern_object(const CallSite& call, const std::string& function);
    TermId arg_term(const CallSite& call, unsigned index) const;
    void report(const std::string& category, const facts::SourcePos& pos, std::string detail);

    ProgramIr& program_;
    const CallTargets& targets_;
    const ContextTable* contexts_;
    EmitOptions options_;
    ExtractResult& out_;
    std::unordered_set<std::string> allocators_;

    std::unordered_map<std::uint64_t, facts::NodeId> nodes_;  // (term, context) -> node
    std::vector<TermId> node_term_;                           // node -> its (resolved) term
    std::vector<TermId> resolved_;                            // term -> resolved term (kNone: not yet)
    std::vector<std::int8_t> per_context_;                    // term -> -1 unknown, 0, 1
    std::vector<facts::NodeId> first_node_;                   // term -> its first node (the origin)
    std::unordered_set<std::uint64_t> assigns_;               // CSPA assign facts emitted
    std::unordered_set<std::string> reported_;                // (category, site) reported once
    std::vector<facts::UnmodelledConstruct> emit_unmodelled_;
    std::uint64_t call_rows_ = 0;
    EntityId merged_literals_ = kNone;  // the "str@*" entity, once made
    // Andersen only: a parameter nothing calls points to the object of its caller's.
    struct EntryObject {
        facts::NodeId param;
        facts::NodeId address;
        facts::NodeId object;
    };
    std::vector<EntryObject> entry_objects_;
};

}  // namespace galias::frontend
