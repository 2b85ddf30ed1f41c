#include "frontend/fact_emitter.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <tuple>

#include "facts/predicates.hpp"
#include "frontend/field_model.hpp"
#include "frontend/library_models.hpp"
#include "frontend/release_summaries.hpp"

namespace galias::frontend {

using facts::NodeId;
using facts::NodeKind;

namespace {

std::uint64_t pair_key(std::uint32_t a, std::uint32_t b) {
    return (static_cast<std::uint64_t>(a) << 32) | b;
}

std::string position_text(const facts::SourcePos& pos) {
    return std::filesystem::path(pos.file).filename().string() + ":" + std::to_string(pos.line) + ":" +
           std::to_string(pos.column);
}

}  // namespace

FactEmitter::FactEmitter(ProgramIr& program, const CallTargets& targets, const ContextTable* contexts,
                         const EmitOptions& options, ExtractResult& out)
    : program_(program),
      targets_(targets),
      contexts_(contexts),
      options_(options),
      out_(out),
      allocators_(options.allocators.begin(), options.allocators.end()) {}

// ------------------------------------------------------------------------------- nodes

void FactEmitter::grow_term_tables() {
    const std::size_t n = program_.terms.size();
    if (resolved_.size() < n) resolved_.resize(n, kNone);
    if (per_context_.size() < n) per_context_.resize(n, -1);
    if (first_node_.size() < n) first_node_.resize(n, facts::kNoNode);
}

// The term that stands for `term` under the field model (field_model.hpp): field paths cut
// back to what is distinguished, fields through pointers to their field's node or to the
// dereference, field parts dropped from the key. Resolved terms resolve to themselves.
TermId FactEmitter::resolved(TermId term) {
    grow_term_tables();
    if (resolved_[term] != kNone) return resolved_[term];
    const Term t = program_.terms[term];  // a copy: interning below may move the table
    const FieldModel model = options_.field_model;
    TermId result = term;
    switch (t.kind) {
        case TermKind::Entity: {
            FieldLocation at = resolve_entity_field(program_, t.entity, t.path, t.field, model);
            result = program_.terms.entity(literal_object(at.entity), std::move(at.path), t.pos);
            break;
        }
        case TermKind::AddrOf:
            if (t.operand != kNone) {  // &p->f
                const Term member = program_.terms[t.operand];
                if (model == FieldModel::Types) {
                    result = field_address(resolved(member.operand), member.field, t.pos);
                } else {
                    result = resolved(program_.terms[member.operand].operand);  // &*p is p
                }
            } else {
                FieldLocation at = resolve_entity_field(program_, t.entity, t.path, t.field, model);
                result = at.field_node
                             ? field_address(program_.terms.entity(t.entity, "", t.pos), t.field, t.pos)
                             : program_.terms.addr_of(literal_object(at.entity), std::move(at.path), t.pos);
            }
            break;
        case TermKind::Member:
            if (model == FieldModel::Types) {
                const FieldLocation at = member_field(program_, t.field);
                result = program_.terms.entity(at.entity, at.path, t.pos);
            } else {
                result = resolved(t.operand);
            }
            break;
        case TermKind::Deref: {
            const TermId operand = resolved(t.operand);
            result = operand == t.operand ? term : program_.terms.deref(operand, t.pos);
            break;
        }
    }
    grow_term_tables();
    resolved_[term] = result;
    resolved_[result] = result;
    return result;
}

// &object.field under the types model: the address of the field's node and the address
// of the object, both (a pointer to a field is a pointer into its object: to its first
// byte for the first field). The term is an AddrOf of a Member whose base is the resolved
// object location; node() gives it the two values.
TermId FactEmitter::field_address(TermId object, EntityId field, const facts::SourcePos& pos) {
    const TermId member = program_.terms.member(object, program_.field_representative(field), pos);
    return program_.terms.address_of_location(member);
}

// The entity a string literal's node stands for: with merged literals, one object for all
// but those passed straight to a restrict parameter.
EntityId FactEmitter::literal_object(EntityId entity) {
    const Entity& e = program_.entities[entity];
    if (!options_.merge_string_literals || e.kind != NodeKind::String || e.restrict_argument) return entity;
    if (merged_literals_ == kNone) {
        program_.entities.push_back(Entity{NodeKind::String, "str:*", "str@*", "", {}, false});
        merged_literals_ = static_cast<EntityId>(program_.entities.size() - 1);
    }
    return merged_literals_;
}

bool FactEmitter::per_context(TermId term) {
    grow_term_tables();
    if (per_context_[term] >= 0) return per_context_[term] == 1;
    const Term& t = program_.terms[term];
    const bool result = t.entity == kNone ? per_context(t.operand)  // Deref, Member, &p->f
                                          : program_.entities[t.entity].per_context;
    per_context_[term] = result ? 1 : 0;
    return result;
}

std::string FactEmitter::term_name(TermId term) {
    const Term& t = program_.terms[term];
    // Built by appending: GCC 12 warns falsely (-Wrestrict) on "x" + std::string&&.
    std::string name;
    switch (t.kind) {
        case TermKind::AddrOf:
            if (t.operand != kNone) {  // field_address(): "&(*f::p).struct:node.next"
                const Term& member = program_.terms[t.operand];
                name = "&(";
                name += term_name(member.operand);
                name += ").";
                name += program_.entities[member.field].name;
                return name;
            }
            name = "&";
            [[fallthrough]];
        case TermKind::Entity:
            name += program_.entities[t.entity].name;
            if (!t.path.empty()) name.append(".").append(t.path);
            return name;
        case TermKind::Deref:
            name = "*";
            name += term_name(t.operand);
            return name;
        case TermKind::Member:  // never a node: resolved() replaces it
            break;
    }
    return "?";
}

NodeId FactEmitter::node(TermId term, ContextId context) {
    term = resolved(term);
    const ContextId c = per_context(term) ? context : 0;
    const std::uint64_t key = pair_key(term, c);
    if (auto it = nodes_.find(key); it != nodes_.end()) return it->second;

    const auto id = static_cast<NodeId>(out_.program.nodes.size());
    nodes_.emplace(key, id);
    node_term_.push_back(term);
    grow_term_tables();
    if (first_node_[term] == facts::kNoNode) first_node_[term] = id;

    const Term t = program_.terms[term];
    facts::Node n;
    n.id = id;
    n.name = term_name(term);
    n.context = c;
    n.origin = first_node_[term];
    n.pos = t.pos;
    switch (t.kind) {
        case TermKind::Entity: {
            const Entity& e = program_.entities[t.entity];
            n.kind = t.path.empty() ? e.kind : NodeKind::Field;
            n.function = e.function;
            if (t.path.empty()) n.pos = e.pos;
            n.compound = t.path.empty() && e.compound;
            n.constant = t.path.empty() && e.constant;
            if (t.path.empty() && !e.compound) n.bytes = e.bytes;
            if (auto it = program_.allocator_of.find(t.entity);
                t.path.empty() && it != program_.allocator_of.end())
                n.allocator = it->second;
            break;
        }
        case TermKind::AddrOf:
            if (t.operand != kNone) {  // field_address(): a value, made below
                n.kind = NodeKind::Temp;
                break;
            }
            n.kind = NodeKind::AddrOf;
            n.function = program_.entities[t.entity].function;
            break;
        case TermKind::Deref:
        case TermKind::Member:
            n.kind = NodeKind::Deref;
            break;
    }
    out_.program.nodes.push_back(std::move(n));

    // The facts that define the node: `*p` is a dereference of p (and loads from it);
    // `&x` dereferences to x (and points to it).
    if (t.kind == TermKind::Deref) {
        const NodeId pointer = node(t.operand, c);
        out_.program.nodes[id].function = out_.program.nodes[pointer].function;
        out_.cspa_dereference.add(pointer, id);
        out_.andersen_load.add(id, pointer);
    } else if (t.kind == TermKind::AddrOf && t.operand != kNone) {
        // &object.field: the object's address and the field node's address flow into it.
        const Term member = program_.terms[t.operand];
        const TermId object_address = program_.terms.address_of_location(member.operand);
        const TermId field_node_address = program_.terms.addr_of(member.field, "", t.pos);
        emit_assign(object_address, c, term, c, t.pos);
        emit_assign(field_node_address, 0, term, c, t.pos);
        out_.program.nodes[id].function = out_.program.nodes[node(object_address, c)].function;
    } else if (t.kind == TermKind::AddrOf) {
        const NodeId object = node(program_.terms.entity(t.entity, t.path, t.pos), c);
        out_.cspa_dereference.add(id, object);
        out_.andersen_address_of.add(id, object);
    }
    return id;
}

// A node of its own for `term`, without the facts node() adds for dereferences and
// addresses: the entry objects' addresses exist for Andersen only.
NodeId FactEmitter::new_node(TermId term, NodeKind kind, const std::string& function) {
    const auto id = static_cast<NodeId>(out_.program.nodes.size());
    nodes_.emplace(pair_key(term, 0), id);
    node_term_.push_back(term);
    grow_term_tables();
    if (first_node_[term] == facts::kNoNode) first_node_[term] = id;
    facts::Node n;
    n.id = id;
    n.kind = kind;
    n.name = term_name(term);
    n.function = function;
    n.origin = id;
    n.pos = program_.terms[term].pos;
    out_.program.nodes.push_back(std::move(n));
    return id;
}

EntityId FactEmitter::function_of_node(NodeId node) const {
    if (node >= node_term_.size()) return kNone;
    const Term& t = program_.terms[node_term_[node]];
    if (t.kind != TermKind::Entity || !t.path.empty()) return kNone;
    return program_.entities[t.entity].kind == NodeKind::Function ? t.entity : kNone;
}

// ------------------------------------------------------------------------------- flows

// The pointer whose objects' field a term reads or writes under the types field model:
// `p->f` is the field f of what p points to; `v.f` of a variable whose fields are the field
// nodes is the field of v, whose address &v points to it. kNoNode for other terms.
NodeId FactEmitter::field_owner(TermId term, ContextId context) {
    if (options_.field_model != FieldModel::Types || term == kNone) return facts::kNoNode;
    const Term t = program_.terms[term];
    if (t.kind == TermKind::Member) {
        const Term base = program_.terms[t.operand];
        return base.kind == TermKind::Deref ? node(base.operand, context) : facts::kNoNode;
    }
    if (t.kind == TermKind::Entity && !t.path.empty()) {
        const FieldLocation at =
            resolve_entity_field(program_, t.entity, t.path, t.field, options_.field_model);
        if (at.field_node) return node(program_.terms.addr_of(t.entity, "", t.pos), context);
    }
    return facts::kNoNode;
}

void FactEmitter::emit_assign(TermId src, ContextId src_context, TermId dst, ContextId dst_context,
                              const facts::SourcePos& pos) {
    if (src == kNone || dst == kNone) return;
    const NodeId s = node(src, src_context);
    const NodeId d = node(dst, dst_context);
    if (s != d) {
        const NodeId owner = field_owner(dst, dst_context);
        if (owner != facts::kNoNode) {
            out_.program.field_stores.push_back(
                facts::FieldStore{d, owner, s, field_owner(src, src_context)});
        }
    }
    if (s == d || !assigns_.insert(pair_key(s, d)).second) return;
    out_.cspa_assign.add(s, d);
    out_.program.assign_sites.push_back(facts::AssignSite{s, d, pos});
    // Andersen: a flow into *p is a store through p; any other is a copy.
    const Term& target = program_.terms[node_term_[d]];
    if (target.kind == TermKind::Deref) {
        const TermId pointer = target.operand;
        out_.andersen_store.add(node(pointer, dst_context), s);
    } else {
        out_.andersen_assign.add(d, s);
    }
}

// Passes a call argument or return value: field by field for aggregates.
void FactEmitter::emit_value(const CallValue& from, ContextId from_context, TermId to, bool to_aggregate,
                             ContextId to_context, const facts::SourcePos& pos) {
    if (from.term == kNone || to == kNone) return;
    if (!from.aggregate) {
        emit_assign(from.term, from_context, to, to_context, pos);
        return;
    }
    for (const Leaf& leaf : from.leaves) {
        const TermId src = program_.terms.extend(from.term, leaf);
        const TermId dst = to_aggregate ? program_.terms.extend(to, leaf) : to;
        emit_assign(src, from_context, dst, to_context, pos);
    }
}

void FactEmitter::emit_globals() {
    for (std::size_t i = 0; i < program_.global_assigns.size(); ++i) {
        const Assign a = program_.global_assigns[i];
        emit_assign(a.src, 0, a.dst, 0, a.pos);
    }
}

void FactEmitter::emit_instance(std::uint32_t function_index, ContextId context) {
    const Function& f = program_.functions[function_index];
    for (const Assign& a : f.assigns) emit_assign(a.src, context, a.dst, context, a.pos);
    for (const CallSite& call : f.calls) emit_call(call, context);
    for (const FrameStore& store : f.frame_stores) emit_frame_store(f, store, context);
}

// frame_stores.tsv: a row per store of a frame address and calling context, with the nodes
// of that context (the alloca block is the heap object its call made there).
void FactEmitter::emit_frame_store(const Function& f, const FrameStore& store, ContextId context) {
    TermId object = store.object;
    if (store.alloca_call != kNone) {
        if (store.alloca_call >= f.calls.size()) return;
        const auto heap = program_.heap_of_site.find(f.calls[store.alloca_call].id);
        if (heap == program_.heap_of_site.end()) return;
        object = program_.terms.entity(heap->second, "", program_.entities[heap->second].pos);
    }
    if (object == kNone) return;
    facts::FrameStore row;
    row.function = program_.entities[f.entity].name;
    row.target = store.target;
    row.object = node(object, context);
    row.variable = store.variable == kNone ? facts::kNoNode : node(store.variable, context);
    row.pointer = store.pointer == kNone ? facts::kNoNode : node(store.pointer, context);
    row.overwritten = store.overwritten;
    row.context = context;
    row.pos = store.pos;
    out_.program.frame_stores.push_back(std::move(row));
}

void FactEmitter::emit_program() {
    emit_globals();
    for (std::uint32_t f = 0; f < program_.functions.size(); ++f) {
        if (!program_.functions[f].has_body) continue;
        if (contexts_ == nullptr) {
            emit_instance(f, 0);
        } else {
            for (ContextId c : contexts_->contexts_of(f)) emit_instance(f, c);
        }
    }
    emit_caller_objects();
    emit_argument_addresses();
    emit_released_uses();
}

void FactEmitter::emit_released_uses() {
    const ReleaseSummaries summaries(program_, targets_, options_.release_functions);
    using Via = facts::ReleasedUse::Via;
    using Kind = facts::ReleasedUse::Kind;
    for (const auto& [entity, released] : summaries.summaries()) {
        for (const ReleaseSummaries::Released& entry : released) {
            out_.program.release_summaries.push_back(facts::ReleaseSummary{
                program_.entities[entity].name, entry.param, entry.field, entry.always});
        }
    }
    std::sort(out_.program.release_summaries.begin(), out_.program.release_summaries.end(),
              [](const facts::ReleaseSummary& a, const facts::ReleaseSummary& b) {
                  return std::tie(a.function, a.param, a.field) < std::tie(b.function, b.param, b.field);
              });
    for (const Function& f : program_.functions) {
        if (!f.has_body) continue;
        for (const LaterUse& later : f.later_uses) {
            if (later.call >= f.calls.size()) continue;
            const CallSite& call = f.calls[later.call];
            const std::optional<Via> via = summaries.releases(call, later.arg, later.field);
            if (!via) continue;
            facts::ReleasedUse row;
            row.call = call.id;
            row.arg = later.arg;
            row.field = later.field;
            row.via = *via;
            row.always = later.always;
            row.pos = later.pos;
            switch (later.kind) {
                case LaterUse::Kind::Deref:
                    row.kind = Kind::Deref;
                    break;
                case LaterUse::Kind::Return:
                    row.kind = Kind::Return;
                    break;
                case LaterUse::Kind::Pass: {
                    if (later.use_call >= f.calls.size()) continue;
                    const CallSite& use = f.calls[later.use_call];
                    row.use_call = use.id;
                    row.use_arg = later.use_arg;
                    if (const std::optional<Via> again = summaries.releases(use, later.use_arg, -1)) {
                        row.kind = Kind::Release;
                        row.again = *again;
                    } else {
                        row.kind = summaries.external(use) ? Kind::Library : Kind::Pass;
                    }
                    break;
                }
            }
            out_.program.released_uses.push_back(row);
        }
    }
}

// Parameters of the functions nothing in the program calls (a library's API, callbacks
// handed to code outside the program, main): each points to an object of its own that the
// caller made, so two of them are never one object by default (docs/FACTS.md, "Entry
// points"). Andersen facts only: CSPA already relates every node a parameter's value
// reaches through the parameter itself, and an object per parameter would add pairs for
// every node it reaches (twice the ValueAlias rows on apache2) without changing an answer.
void FactEmitter::emit_caller_objects() {
    std::unordered_set<EntityId> called;
    for (const std::vector<EntityId>& targets : targets_) called.insert(targets.begin(), targets.end());
    for (const Function& f : program_.functions) {
        if (!f.has_body || called.count(f.entity) != 0) continue;
        const std::string function = program_.entities[f.entity].name;  // a copy: entities grow below
        for (std::size_t i = 0; i < f.params.size(); ++i) {
            const TermId param = f.params[i];
            if (param == kNone || (i < f.param_aggregate.size() && f.param_aggregate[i])) continue;
            const Term term = program_.terms[param];
            if (term.kind != TermKind::Entity) continue;
            const Entity p = program_.entities[term.entity];  // a copy: entities grow below
            const std::string name =
                p.name.substr(p.name.rfind("::") == std::string::npos ? 0 : p.name.rfind("::") + 2);
            std::string display = "caller@" + function;
            display += "::";
            display += name;
            program_.entities.push_back(
                Entity{NodeKind::Unknown, "caller:" + p.key, std::move(display), function, p.pos, false});
            const auto object = static_cast<EntityId>(program_.entities.size() - 1);
            const NodeId target = node(program_.terms.entity(object, "", p.pos), 0);
            const NodeId address =
                new_node(program_.terms.addr_of(object, "", p.pos), NodeKind::AddrOf, function);
            entry_objects_.push_back(EntryObject{node(param, 0), address, target});
        }
    }
}

// arguments.tsv: the translator's addresses of each described call's arguments, with the
// fresh-memory separations of the calls that turn out to allocate.
void FactEmitter::emit_argument_addresses() {
    for (const Function& f : program_.functions) {
        if (!f.has_body) continue;
        for (const CallSite& call : f.calls) {
            for (std::uint32_t i = 0; i < call.args.size(); ++i) {
                const CallValue& arg = call.args[i];
                const facts::ArgumentAddress& a = arg.address;
                if (a.base_kind == facts::ArgumentAddress::Base::Unknown && !a.constant && !a.linear &&
                    arg.allocation == kNone && a.moved_line == 0 && arg.excluded.empty())
                    continue;
                const auto fresh = [&](std::uint32_t index) {
                    return index < f.calls.size() && returns_fresh_memory(f.calls[index]);
                };
                facts::ArgumentAddress row;
                if (std::all_of(arg.needs_fresh.begin(), arg.needs_fresh.end(), fresh)) {
                    row = a;
                } else {
                    // The address read back needs calls that are no allocators.
                    row.constant = a.constant;
                    row.linear = row.constant ? std::nullopt : a.linear;
                }
                row.call = call.id;
                row.arg = i;
                if (arg.allocation != kNone && arg.allocation < f.calls.size() &&
                    row.base_kind != facts::ArgumentAddress::Base::Unknown)
                    row.allocation = f.calls[arg.allocation].id;
                row.moved_line = a.moved_line;
                row.moved_column = a.moved_column;
                for (TermId object : arg.excluded) {
                    const TermId resolved_object = resolved(object);
                    if (resolved_object < first_node_.size() &&
                        first_node_[resolved_object] != facts::kNoNode)
                        row.excluded.push_back(first_node_[resolved_object]);
                }
                if (arg.allocation != kNone && row.base_kind != facts::ArgumentAddress::Base::Unknown &&
                    fresh(arg.allocation)) {
                    for (const CallValue::Apart& apart : arg.apart) {
                        if (std::all_of(apart.needs_fresh.begin(), apart.needs_fresh.end(), fresh))
                            row.fresh_apart.push_back(apart.arg);
                    }
                }
                if (arg.allocation != kNone && row.base_kind != facts::ArgumentAddress::Base::Unknown &&
                    !fresh(arg.allocation)) {
                    // Which arguments would be apart if the called function allocated.
                    facts::AllocationCandidate candidate{
                        call.id, i, allocation_candidate(f.calls[arg.allocation]), {}};
                    candidate.pos = f.calls[arg.allocation].begin;
                    for (const CallValue::Apart& apart : arg.apart) {
                        if (std::all_of(
                                apart.needs_fresh.begin(), apart.needs_fresh.end(),
                                [&](std::uint32_t index) { return index == arg.allocation || fresh(index); }))
                            candidate.apart.push_back(apart.arg);
                    }
                    if (!candidate.function.empty() && !candidate.apart.empty())
                        out_.program.allocation_candidates.push_back(std::move(candidate));
                }
                if (row.base_kind == facts::ArgumentAddress::Base::Unknown && !row.constant && !row.linear &&
                    row.moved_line == 0 && row.excluded.empty())
                    continue;
                out_.program.arguments.push_back(std::move(row));
            }
        }
    }
    const auto by_call_and_argument = [](const auto& a, const auto& b) {
        return std::make_pair(a.call, a.arg) < std::make_pair(b.call, b.arg);
    };
    std::sort(out_.program.allocation_candidates.begin(), out_.program.allocation_candidates.end(),
              by_call_and_argument);
    std::sort(out_.program.arguments.begin(), out_.program.arguments.end(), by_call_and_argument);
}

// A call whose every target returns a new block: an allocator (malloc, a --allocator), an
// allocation wrapper, or realloc and its wrappers given a null pointer.
bool FactEmitter::returns_fresh_memory(const CallSite& call) const {
    const std::vector<EntityId>& targets = targets_[call.id];
    if (targets.empty() || call.result.aggregate) return false;
    const auto null_argument = [&](unsigned index) {
        return index < call.args.size() && call.args[index].term == kNone && !call.args[index].aggregate;
    };
    for (EntityId target : targets) {
        const std::string& name = program_.entities[target].name;
        if (allocators_.count(name) != 0) continue;
        const Function* f = program_.function_of(target);
        if (f != nullptr && f->has_body) {
            const auto wrapper = program_.allocation_wrappers.find(target);
            if (wrapper == program_.allocation_wrappers.end()) return false;
            if (wrapper->second.reallocates && !null_argument(wrapper->second.arg)) return false;
            continue;
        }
        const LibraryModel* model = find_library_model(name);
        if (model == nullptr) return false;
        if (model->kind == ModelKind::Allocate) continue;
        if (model->kind == ModelKind::Reallocate && null_argument(model->arg)) continue;
        return false;
    }
    return true;
}

// The function a direct call's block comes from, when a user could name it an allocator: one
// of the program's functions (a pool allocator such as palloc), or an external function the
// library models do not describe (apr_palloc); "" for a library function galias models
// (strchr returns a pointer into its argument) and for calls through pointers.
std::string FactEmitter::allocation_candidate(const CallSite& call) const {
    if (call.direct_callee == kNone) return {};
    const std::string& name = program_.entities[call.direct_callee].name;
    const Function* f = program_.function_of(call.direct_callee);
    if ((f == nullptr || !f->has_body) && find_library_model(name) != nullptr) return {};
    return name;
}

// The functions a call may reach in one context. A call through a function pointer that is
// a parameter, in a context made by a call passing a function there (a callback handed to
// a scan or sort routine), reaches that function alone: the pre-analysis, which merges all
// contexts, would bind every caller's data to every caller's callback.
std::vector<EntityId> FactEmitter::targets_in(const CallSite& call, ContextId context) const {
    const std::vector<EntityId>& all = targets_[call.id];
    if (call.direct_callee != kNone || call.callee_pointer == kNone || contexts_ == nullptr || context == 0 ||
        all.size() < 2) {
        return all;
    }
    const std::uint32_t site = contexts_->last_site(context);
    if (site == kNone) return all;
    const Function& caller = program_.caller_of(call.id);
    const CallSite& outer = program_.call_site(site);
    const std::vector<EntityId>& outer_targets = targets_[site];
    if (std::find(outer_targets.begin(), outer_targets.end(), caller.entity) == outer_targets.end())
        return all;
    const auto param = std::find(caller.params.begin(), caller.params.end(), call.callee_pointer);
    if (param == caller.params.end()) return all;
    const auto index = static_cast<std::size_t>(param - caller.params.begin());
    if (index >= outer.args.size() || outer.args[index].term == kNone) return all;
    const Term& passed = program_.terms[outer.args[index].term];
    if (passed.kind != TermKind::AddrOf || passed.entity == kNone ||
        program_.entities[passed.entity].kind != NodeKind::Function ||
        std::find(all.begin(), all.end(), passed.entity) == all.end()) {
        return all;
    }
    return {passed.entity};
}

void FactEmitter::emit_call(const CallSite& call, ContextId context) {
    const std::vector<EntityId> targets = targets_in(call, context);
    for (EntityId target : targets) emit_call_target(call, context, target);
    if (call.direct_callee == kNone && targets.empty() && call.callee_pointer != kNone) {
        report("unresolved-indirect-call", call.begin, "no function reaches this function pointer");
    }
    // One row of calls.tsv per call site and calling context.
    facts::CallSite row;
    row.id = call.id;
    for (EntityId target : targets) {
        if (!row.callee.empty()) row.callee += '|';
        row.callee += program_.entities[target].name;
    }
    row.begin = call.begin;
    row.end = call.end;
    row.macro = call.macro;
    row.context = context;
    row.caller = program_.entities[program_.caller_of(call.id).entity].name;
    bool loads = false;
    for (const CallValue& arg : call.args) {
        row.args.push_back(arg.term == kNone ? facts::kNoNode : node(arg.term, context));
        const NodeId owner = arg.aggregate ? facts::kNoNode : field_owner(arg.term, context);
        row.arg_loads.emplace_back(owner, owner == facts::kNoNode ? facts::kNoNode : row.args.back());
        loads = loads || owner != facts::kNoNode;
    }
    if (!loads) row.arg_loads.clear();
    row.restrict_params = call.restrict_params;
    row.read_only_params = call.read_only_params;
    out_.program.calls.push_back(std::move(row));
    ++call_rows_;
}

void FactEmitter::emit_call_target(const CallSite& call, ContextId context, EntityId target) {
    const std::string& name = program_.entities[target].name;
    const Function* f = program_.function_of(target);
    if (allocators_.count(name) != 0 || f == nullptr || !f->has_body) {
        emit_library_call(call, context, name);
        return;
    }
    const ContextId callee_context =
        contexts_ == nullptr ? 0 : contexts_->callee_context(call.id, context, target);
    const auto wrapper = program_.allocation_wrappers.find(target);
    for (std::size_t i = 0; i < call.args.size(); ++i) {
        if (i < f->params.size()) {
            emit_value(call.args[i], context, f->params[i], f->param_aggregate[i], callee_context,
                       call.begin);
        } else if (f->varargs != kNone) {
            emit_value(call.args[i], context, f->varargs, false, callee_context, call.begin);
        }
    }
    if (wrapper != program_.allocation_wrappers.end() && !call.result.aggregate) {
        // The body still runs with these arguments; its result is fresh memory of this call.
        const std::string& caller = program_.entities[program_.caller_of(call.id).entity].name;
        emit_assign(heap_object(call, caller, program_.entities[target].name), context, call.result.term,
                    context, call.begin);
        if (wrapper->second.reallocates)
            emit_assign(arg_term(call, wrapper->second.arg), context, call.result.term, context, call.begin);
        return;
    }
    if (call.result.term != kNone && f->return_value != kNone) {
        CallValue returned;
        returned.term = f->return_value;
        returned.aggregate = f->return_aggregate && call.result.aggregate;
        returned.leaves = call.result.leaves;
        emit_value(returned, callee_context, call.result.term, call.result.aggregate, context, call.begin);
    }
}

TermId FactEmitter::arg_term(const CallSite& call, unsigned index) const {
    return index < call.args.size() && !call.args[index].aggregate ? call.args[index].term : kNone;
}

void FactEmitter::emit_library_call(const CallSite& call, ContextId context, const std::string& callee) {
    const std::string& caller = program_.entities[program_.caller_of(call.id).entity].name;
    const TermId result = call.result.aggregate ? kNone : call.result.term;
    if (allocators_.count(callee) != 0) {
        // One object per call site, in every context: a configured allocator is typically a
        // pool allocator called from thousands of places, and an object per site and context
        // multiplied nginx's points-to pairs by two and its CSPA time by three.
        emit_assign(heap_object(call, caller, callee, false), context, result, context, call.begin);
        return;
    }
    const LibraryModel* model = find_library_model(callee);
    if (model == nullptr) {
        report("external-call", call.begin, callee);
        emit_assign(extern_object(call, callee), context, result, context, call.begin);
        return;
    }
    switch (model->kind) {
        case ModelKind::NoEffect:
            break;
        case ModelKind::Allocate:
            emit_assign(heap_object(call, caller, callee), context, result, context, call.begin);
            break;
        case ModelKind::Reallocate:
            emit_assign(heap_object(call, caller, callee), context, result, context, call.begin);
            emit_assign(arg_term(call, model->arg), context, result, context, call.begin);
            break;
        case ModelKind::StoreAllocate: {
            const TermId pointer = arg_term(call, model->arg);
            if (pointer != kNone) {
                emit_assign(heap_object(call, caller, callee), context,
                            program_.terms.deref(pointer, call.begin), context, call.begin);
            }
            break;
        }
        case ModelKind::CopyPointees: {
            const TermId dst = arg_term(call, model->arg);
            const TermId src = arg_term(call, model->src);
            const bool moves_pointers =
                !(call.copies_bytes_only && options_.field_model == FieldModel::Types);
            if (dst != kNone && src != kNone && moves_pointers) {
                emit_assign(program_.terms.deref(src, call.begin), context,
                            program_.terms.deref(dst, call.begin), context, call.begin);
                out_.program.bulk_writes.push_back(node(dst, context));
            }
            emit_assign(dst, context, result, context, call.begin);
            break;
        }
        case ModelKind::ReturnArg:
            emit_assign(arg_term(call, model->arg), context, result, context, call.begin);
            break;
        case ModelKind::ReturnStatic:
            emit_assign(extern_object(call, callee), context, result, context, call.begin);
            break;
    }
}

// &heap@file:line:col, the object allocated at a call site; one per calling context of the
// caller (heap cloning).
TermId FactEmitter::heap_object(const CallSite& call, const std::string& caller, std::string_view allocator,
                                bool per_context) {
    auto [it, inserted] = program_.heap_of_site.try_emplace(call.id, kNone);
    if (inserted) {
        std::string name =
            without_builtin_prefix(allocator);  // before `allocator` may move with the entities
        program_.entities.push_back(Entity{NodeKind::Heap, "heap:" + std::to_string(call.id),
                                           "heap@" + position_text(call.begin), caller, call.begin,
                                           per_context});
        it->second = static_cast<EntityId>(program_.entities.size() - 1);
        program_.allocator_of.emplace(it->second, std::move(name));
    }
    return program_.terms.addr_of(it->second, "", call.begin);
}

// &heap@name(): what an external function returns (one object per function and program).
TermId FactEmitter::extern_object(const CallSite& call, const std::string& function) {
    const std::uint32_t program = program_.program_of_site(call.id);
    const std::string key = program == 0 ? function : function + '#' + std::to_string(program);
    auto [it, inserted] = program_.extern_object.try_emplace(key, kNone);
    if (inserted) {
        std::string name = without_builtin_prefix(function);  // before `function` may move with the entities
        program_.entities.push_back(
            Entity{NodeKind::Heap, "extern:" + key, "heap@" + function + "()", "", {}, false});
        it->second = static_cast<EntityId>(program_.entities.size() - 1);
        program_.allocator_of.emplace(it->second, std::move(name));
    }
    return program_.terms.addr_of(it->second, "", {});
}

void FactEmitter::report(const std::string& category, const facts::SourcePos& pos, std::string detail) {
    if (!reported_.insert(category + '\n' + position_text(pos) + '\n' + pos.file + detail).second) return;
    emit_unmodelled_.push_back(facts::UnmodelledConstruct{category, pos, std::move(detail)});
}

// ------------------------------------------------------------------------------- tables

void FactEmitter::finish() {
    // After copy reduction, which rebuilds Andersen's assign facts from CSPA's: a parameter
    // nothing calls has no incoming edge, so it is its own representative.
    for (const EntryObject& e : entry_objects_) {
        out_.andersen_address_of.add(e.address, e.object);
        out_.andersen_assign.add(e.param, e.address);
    }
    facts::ProgramFacts& p = out_.program;
    p.contexts.clear();
    const std::size_t context_count = contexts_ == nullptr ? 1 : contexts_->size();
    for (ContextId c = 0; c < context_count; ++c) {
        p.contexts.push_back(
            facts::Context{c, contexts_ == nullptr ? std::string() : contexts_->call_string(c)});
    }
    p.unmodelled = program_.unmodelled;
    p.allocators.clear();
    for (const auto& [entity, wrapper] : program_.allocation_wrappers) {
        const Entity& e = program_.entities[entity];
        p.allocators.push_back(facts::Allocator{
            e.name, wrapper.reallocates ? "reallocating-wrapper" : "wrapper", e.pos, wrapper.allocates});
    }
    for (const std::string& name : options_.allocators) {
        facts::Allocator configured;
        configured.function = name;
        configured.kind = "configured";
        configured.allocates = name;
        p.allocators.push_back(std::move(configured));
    }
    std::sort(p.allocators.begin(), p.allocators.end(),
              [](const facts::Allocator& a, const facts::Allocator& b) { return a.function < b.function; });
    p.unmodelled.insert(p.unmodelled.end(), emit_unmodelled_.begin(), emit_unmodelled_.end());

    std::size_t defined = 0;
    for (const Function& f : program_.functions) defined += f.has_body ? 1 : 0;
    auto& c = p.counters;
    c.emplace_back("nodes", p.nodes.size());
    c.emplace_back(facts::fact_counter_name(facts::predicates::kCspaAssign), out_.cspa_assign.size());
    c.emplace_back(facts::fact_counter_name(facts::predicates::kCspaDereference),
                   out_.cspa_dereference.size());
    c.emplace_back(facts::fact_counter_name(facts::predicates::kAndersenAddressOf),
                   out_.andersen_address_of.size());
    c.emplace_back(facts::fact_counter_name(facts::predicates::kAndersenAssign), out_.andersen_assign.size());
    c.emplace_back(facts::fact_counter_name(facts::predicates::kAndersenLoad), out_.andersen_load.size());
    c.emplace_back(facts::fact_counter_name(facts::predicates::kAndersenStore), out_.andersen_store.size());
    c.emplace_back("functions.defined", defined);
    c.emplace_back("call_sites", program_.call_sites.size());
    c.emplace_back("call_rows", call_rows_);
    c.emplace_back("contexts", context_count);
    c.emplace_back("function_instances", contexts_ == nullptr ? defined : contexts_->instances());
    c.emplace_back("clones", contexts_ == nullptr ? 0 : contexts_->clones());
    c.emplace_back("merged_functions", contexts_ == nullptr ? 0 : contexts_->merged_functions().size());
    c.emplace_back("duplicate_definitions", program_.duplicate_definitions);
    c.emplace_back("functions.unused_static_dropped", program_.unused_static_functions);
    std::map<std::string, std::uint64_t> per_category;
    for (const facts::UnmodelledConstruct& u : p.unmodelled) ++per_category[u.category];
    c.emplace_back("unmodelled", p.unmodelled.size());
    for (const auto& [category, count] : per_category) c.emplace_back("unmodelled." + category, count);
}

}  // namespace galias::frontend
