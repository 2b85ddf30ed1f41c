#include "frontend/allocation_wrappers.hpp"

#include <algorithm>
#include <optional>
#include <unordered_set>

#include "frontend/library_models.hpp"

namespace galias::frontend {

namespace {

// What a call site in a candidate's body is, for the detection. Hook: a call through a
// function pointer nothing in the program sets (a library's allocation hook left to the
// application embedding it); it returns fresh memory by the hook's contract, but only
// counts next to a real allocation in the same function.
// PassThrough: a function that returns one of its parameters and allocates nothing
// (redis's extend_to_usable); its result is that argument.
enum class CallKind { Fresh, Reallocate, Hook, PassThrough, Other };

class WrapperDetector {
public:
    WrapperDetector(const ProgramIr& program, const std::vector<std::string>& allocators, FieldModel model,
                    const std::unordered_map<EntityId, AllocationWrapper>& found,
                    const std::unordered_map<EntityId, unsigned>& pass_through, const CallTargets* targets)
        : program_(program),
          allocators_(allocators.begin(), allocators.end()),
          model_(model),
          found_(found),
          pass_through_(pass_through),
          targets_(targets) {
        for (const Term& t : program.terms.terms()) {
            if (t.kind == TermKind::AddrOf && t.entity != kNone) address_taken_.insert(t.entity);
        }
    }

    // The wrapper `f` is, if it is one.
    // The wrapper `f` is, if it is one; a pass-through is reported by passes().
    std::optional<AllocationWrapper> detect(const Function& f) {
        passes_.reset();
        if (!f.has_body || f.return_value == kNone || f.return_aggregate) return std::nullopt;
        if (allocators_.count(program_.entities[f.entity].name) != 0) return std::nullopt;
        sources_.clear();
        for (const Assign& a : f.assigns) sources_[a.dst].push_back(a.src);
        // Calls: fresh results, and each realloc result's source (its argument).
        fresh_.clear();
        fresh_allocator_.clear();
        hooks_.clear();
        for (const CallSite& call : f.calls) {
            if (call.result.term == kNone || call.result.aggregate) continue;
            unsigned arg = 0;
            const CallKind kind = classify(call, arg);
            if (kind == CallKind::Fresh || kind == CallKind::Reallocate)
                fresh_allocator_[call.result.term] = allocator_of(call);
            if (kind == CallKind::Fresh) fresh_.insert(call.result.term);
            if (kind == CallKind::Hook) hooks_.insert(call.result.term);
            if (kind == CallKind::PassThrough && arg < call.args.size() && !call.args[arg].aggregate &&
                call.args[arg].term != kNone) {
                sources_[call.result.term].push_back(call.args[arg].term);
            }
            if (kind == CallKind::Reallocate) {
                fresh_.insert(call.result.term);
                if (arg < call.args.size() && !call.args[arg].aggregate && call.args[arg].term != kNone)
                    sources_[call.result.term].push_back(call.args[arg].term);
            }
        }
        // The values returned, backwards through copies: fresh results, locals and
        // temporaries all of whose sources are such values, and at most one parameter.
        std::vector<TermId> work(sources_[f.return_value].begin(), sources_[f.return_value].end());
        if (work.empty()) return std::nullopt;
        std::unordered_set<TermId> returned;
        bool allocates = false;
        TermId parameter = kNone;
        std::optional<std::string> allocator;  // of the fresh values returned, while all agree
        while (!work.empty()) {
            const TermId t = work.back();
            work.pop_back();
            if (!returned.insert(t).second) continue;
            const bool is_hook = hooks_.count(t) != 0;
            const bool is_fresh = fresh_.count(t) != 0 || is_hook;
            allocates = allocates || (is_fresh && !is_hook);
            if (is_fresh) {
                const auto named = fresh_allocator_.find(t);
                const std::string name = is_hook || named == fresh_allocator_.end() ? "" : named->second;
                allocator = !allocator || *allocator == name ? name : "";
            }
            const bool is_param = std::find(f.params.begin(), f.params.end(), t) != f.params.end();
            if (is_param) {
                if (parameter != kNone && parameter != t) return std::nullopt;
                parameter = t;
            } else if (!is_fresh && !is_private_variable(t)) {
                return std::nullopt;
            }
            auto it = sources_.find(t);
            if (it == sources_.end()) {
                if (!is_fresh && !is_param) return std::nullopt;  // a local nothing assigns
                continue;
            }
            for (TermId s : it->second) work.push_back(s);
        }
        if (escapes(f, returned)) return std::nullopt;
        if (!allocates) {
            // Returns one of its parameters, allocating nothing: a pass-through.
            if (parameter != kNone) {
                passes_ = static_cast<unsigned>(std::find(f.params.begin(), f.params.end(), parameter) -
                                                f.params.begin());
            }
            return std::nullopt;
        }
        AllocationWrapper wrapper;
        wrapper.allocates = allocator.value_or("");
        if (parameter != kNone) {
            wrapper.reallocates = true;
            wrapper.arg = static_cast<unsigned>(std::find(f.params.begin(), f.params.end(), parameter) -
                                                f.params.begin());
        }
        return wrapper;
    }

    // After detect(): the parameter a pass-through function returns.
    [[nodiscard]] std::optional<unsigned> passes() const { return passes_; }

private:
    CallKind classify(const CallSite& call, unsigned& arg) const {
        if (call.direct_callee != kNone)
            return given_null(call, classify_target(call.direct_callee, arg), arg);
        // Through a function pointer: fresh when every known target is.
        if (targets_ == nullptr || call.id >= targets_->size()) return CallKind::Other;
        if ((*targets_)[call.id].empty()) return call.result.term != kNone ? CallKind::Hook : CallKind::Other;
        // Every target allocates, or every target reallocates the same argument.
        std::optional<CallKind> all;
        for (EntityId target : (*targets_)[call.id]) {
            unsigned index = 0;
            const CallKind kind = given_null(call, classify_target(target, index), index);
            if (kind != CallKind::Fresh && kind != CallKind::Reallocate) return CallKind::Other;
            if ((all && *all != kind) || (kind == CallKind::Reallocate && all && index != arg))
                return CallKind::Other;
            all = kind;
            if (kind == CallKind::Reallocate) arg = index;
        }
        return *all;
    }

    // The allocator whose block a call that returns fresh memory returns: the library's or a
    // configured allocator's name, or what a wrapper returns; "" when not one.
    std::string allocator_of(const CallSite& call) const {
        const auto target_allocator = [&](EntityId callee) -> std::string {
            if (auto it = found_.find(callee); it != found_.end()) return it->second.allocates;
            const std::string& name = program_.entities[callee].name;
            if (allocators_.count(name) != 0) return name;
            const Function* function = program_.function_of(callee);
            if (function != nullptr && function->has_body) return "";
            return find_library_model(name) != nullptr ? without_builtin_prefix(name) : "";
        };
        if (call.direct_callee != kNone) return target_allocator(call.direct_callee);
        if (targets_ == nullptr || call.id >= targets_->size() || (*targets_)[call.id].empty()) return "";
        std::optional<std::string> all;
        for (EntityId target : (*targets_)[call.id]) {
            const std::string name = target_allocator(target);
            if (all && *all != name) return "";
            all = name;
        }
        return all.value_or("");
    }

    // realloc(NULL, n), and a reallocating wrapper or hook given a null pointer, allocate.
    static CallKind given_null(const CallSite& call, CallKind kind, unsigned arg) {
        if (kind != CallKind::Reallocate) return kind;
        const bool null = arg < call.args.size() && !call.args[arg].aggregate && call.args[arg].term == kNone;
        return null ? CallKind::Fresh : kind;
    }

    CallKind classify_target(EntityId callee, unsigned& arg) const {
        if (auto it = found_.find(callee); it != found_.end()) {
            arg = it->second.arg;
            return it->second.reallocates ? CallKind::Reallocate : CallKind::Fresh;
        }
        if (auto it = pass_through_.find(callee); it != pass_through_.end()) {
            arg = it->second;
            return CallKind::PassThrough;
        }
        const std::string& name = program_.entities[callee].name;
        if (allocators_.count(name) != 0) return CallKind::Fresh;
        const Function* function = program_.function_of(callee);
        if (function != nullptr && function->has_body) return CallKind::Other;
        const LibraryModel* model = find_library_model(name);
        if (model == nullptr) return CallKind::Other;
        if (model->kind == ModelKind::Allocate) return CallKind::Fresh;
        if (model->kind == ModelKind::Reallocate) {
            arg = model->arg;
            return CallKind::Reallocate;
        }
        return CallKind::Other;
    }

    // A local or temporary of the function's own frame, not reachable through a pointer.
    bool is_private_variable(TermId t) const {
        const Term& term = program_.terms[t];
        if (term.kind != TermKind::Entity || !term.path.empty() || term.field != kNone) return false;
        const Entity& e = program_.entities[term.entity];
        return e.per_context && (e.kind == facts::NodeKind::Local || e.kind == facts::NodeKind::Temp) &&
               address_taken_.count(term.entity) == 0;
    }

    // Does a returned value go anywhere but into other returned values and the result, or
    // does the body write into the fresh object (where the caller's own object would not
    // see it)? Under the types field model a write to a field p->f goes to the field's node,
    // which every object of the type shares, so only untyped writes (*p, p[i]) count.
    bool escapes(const Function& f, const std::unordered_set<TermId>& returned) const {
        for (const Assign& a : f.assigns) {
            if (returned.count(a.src) != 0 && a.dst != f.return_value && returned.count(a.dst) == 0)
                return true;
            if (writes_into(a.dst, returned)) return true;
        }
        for (const CallSite& call : f.calls) {
            if (call.callee_pointer != kNone && returned.count(call.callee_pointer) != 0) return true;
            for (std::size_t i = 0; i < call.args.size(); ++i) {
                if (call.args[i].aggregate || returned.count(call.args[i].term) == 0) continue;
                if (!harmless_use(call, static_cast<unsigned>(i), returned)) return true;
            }
        }
        return false;
    }

    bool writes_into(TermId location, const std::unordered_set<TermId>& returned) const {
        const Term& t = program_.terms[location];
        if (t.kind == TermKind::Deref) return returned.count(t.operand) != 0;
        if (t.kind == TermKind::Member && model_ != FieldModel::Types) {
            return writes_into(t.operand, returned);
        }
        return false;
    }

    // Passing a returned value as argument `i` of `call` moves it nowhere: a library
    // function that moves no pointer, one that returns its argument (memset) where that
    // result is unused or returned too, or the reallocated argument of a reallocation.
    bool harmless_use(const CallSite& call, unsigned i, const std::unordered_set<TermId>& returned) const {
        unsigned arg = 0;
        const CallKind kind = classify(call, arg);
        if (kind == CallKind::Reallocate && arg == i) return true;
        if (kind == CallKind::PassThrough && arg == i)
            return call.result.term == kNone || returned.count(call.result.term) != 0;
        if (call.direct_callee == kNone) return false;
        const Function* callee = program_.function_of(call.direct_callee);
        if (callee != nullptr && callee->has_body) return false;
        const LibraryModel* model = find_library_model(program_.entities[call.direct_callee].name);
        if (model == nullptr) return false;
        if (model->kind == ModelKind::NoEffect) return true;
        const bool result_kept = call.result.term == kNone || returned.count(call.result.term) != 0;
        // Bytes copied into the block (memcpy(s, init, n) into a new string) move no pointer
        // the callers' objects would miss.
        if (model->kind == ModelKind::CopyPointees && model->arg == i && call.copies_bytes_only &&
            model_ == FieldModel::Types) {
            return result_kept;
        }
        const bool returns_it = model->kind == ModelKind::ReturnArg && model->arg == i;
        return returns_it && result_kept;
    }

    const ProgramIr& program_;
    std::unordered_set<std::string> allocators_;
    FieldModel model_;
    const std::unordered_map<EntityId, AllocationWrapper>& found_;
    const std::unordered_map<EntityId, unsigned>& pass_through_;
    const CallTargets* targets_;
    std::optional<unsigned> passes_;
    std::unordered_set<EntityId> address_taken_;
    std::unordered_map<TermId, std::vector<TermId>> sources_;
    std::unordered_set<TermId> fresh_;
    std::unordered_map<TermId, std::string> fresh_allocator_;  // fresh results: their allocator
    std::unordered_set<TermId> hooks_;
};

}  // namespace

std::unordered_map<EntityId, AllocationWrapper> find_allocation_wrappers(
    const ProgramIr& program, const std::vector<std::string>& allocators, FieldModel model,
    const CallTargets* targets) {
    std::unordered_map<EntityId, AllocationWrapper> found;
    std::unordered_map<EntityId, unsigned> pass_through;
    WrapperDetector detector(program, allocators, model, found, pass_through, targets);
    // Wrappers of wrappers (and of pass-throughs): until nothing new is found.
    bool changed = true;
    while (changed) {
        changed = false;
        for (const Function& f : program.functions) {
            if (found.count(f.entity) != 0) continue;
            if (const std::optional<AllocationWrapper> wrapper = detector.detect(f)) {
                found.emplace(f.entity, *wrapper);
                pass_through.erase(f.entity);
                changed = true;
            } else if (const std::optional<unsigned> arg = detector.passes();
                       arg && pass_through.count(f.entity) == 0) {
                pass_through.emplace(f.entity, *arg);
                changed = true;
            }
        }
    }
    return found;
}

}  // namespace galias::frontend
