#include "reports/checks/stack_address_escape_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>

#include "reports/checks/alias_evidence.hpp"
#include "reports/checks/argument_overlap.hpp"
#include "reports/checks/memory_objects.hpp"
#include "reports/node_names.hpp"

namespace galias::reports {

namespace {

using Target = facts::FrameStore::Target;
using Overwritten = facts::FrameStore::Overwritten;

// The frame of `function` holds the object: its locals and parameters' variables, its
// compound literals, the alloca memory of its calls.
bool in_frame_of(const MemoryModel& model, const facts::Node& object, const std::string& function) {
    if (object.function != function) return false;
    switch (model.storage(object)) {
        case Storage::Frame:
        case Storage::CompoundLiteral:
            return true;
        case Storage::Heap:
            return model.family(object).library == facts::MemoryFamily::Stack;
        default:
            return false;
    }
}

// The functions that may be on the stack below a function: its callers, their callers, and
// so on, by the program's calls (an indirect call no target is known for may call anything).
class Callers {
public:
    explicit Callers(const std::vector<facts::CallSite>& calls) {
        for (const facts::CallSite& call : calls) {
            if (call.callee.empty()) {
                callers_of_anything_.insert(call.caller);
            } else {
                direct_[call.callee].insert(call.caller);
            }
        }
    }
    // Whether `caller` may be below `function` on the stack.
    bool may_call(const std::string& caller, const std::string& function) {
        auto [it, added] = below_.try_emplace(function);
        if (added) {
            std::vector<std::string> work{function};
            for (const std::string& f : callers_of_anything_) work.push_back(f);
            it->second.insert(callers_of_anything_.begin(), callers_of_anything_.end());
            while (!work.empty()) {
                const std::string f = std::move(work.back());
                work.pop_back();
                const auto callers = direct_.find(f);
                if (callers == direct_.end()) continue;
                for (const std::string& c : callers->second) {
                    if (it->second.insert(c).second) work.push_back(c);
                }
            }
        }
        return it->second.count(caller) != 0;
    }

private:
    std::unordered_map<std::string, std::set<std::string>> direct_;  // callee -> callers
    std::set<std::string> callers_of_anything_;
    std::unordered_map<std::string, std::set<std::string>> below_;  // function -> its callers, all levels
};

// Outlives the frame of `function`: a global or static variable, a heap block, the variable
// of a function that may be below it on the stack (a caller's), the object of an entry
// point's parameter. Another function's variable that no chain of calls puts below it is
// not alive then (the points-to analysis merges list links of many frames).
bool outlives(const MemoryModel& model, const facts::Node& object, const std::string& function,
              Callers& callers) {
    if (in_frame_of(model, object, function)) return false;
    switch (model.storage(object)) {
        case Storage::Global:
        case Storage::Static:
        case Storage::Heap:
            return true;
        case Storage::Frame:
        case Storage::CompoundLiteral:
            return object.function.empty() || callers.may_call(object.function, function);
        default:
            return object.kind == facts::NodeKind::Unknown;
    }
}

// Functions whose frames live as long as the program: `main`.
bool lives_forever(const std::string& function) {
    return function == "main";
}

// How strongly a frame store's address outlives its function, and the object that holds it
// (Target::Pointer only: an object that outlives the function).
struct StoreEvidence {
    Level level = Level::None;
    NodeId held_by = facts::kNoNode;
};

// A store through a pointer: the pointer's targets that outlive the function hold the address.
StoreEvidence pointer_store_evidence(const CheckContext& context, const MemoryModel& model, Callers& callers,
                                     const facts::FrameStore& store) {
    StoreEvidence evidence;
    const facts::Node* pointer = context.facts.node(store.pointer);
    if (pointer == nullptr) return evidence;
    bool held_by_heap = false;
    bool every = true;
    // A heap allocation site stands for many blocks, which the program may release or unlink
    // before the function returns (a job handed to a worker it waits for, a ring spliced
    // back): only named objects (a caller's variable, a global, an entry point's caller
    // object) make the evidence more than a note.
    bool heap_only = true;
    const std::vector<NodeId> targets = context.oracle.points_to(store.pointer);
    bool summary = targets.size() > kImpreciseSet || is_summary_memory(*pointer);
    for (NodeId t : targets) {
        const facts::Node* n = context.facts.node(t);
        if (n == nullptr || n->kind == facts::NodeKind::Field) continue;
        if (!outlives(model, *n, store.function, callers)) {
            every = false;
            continue;
        }
        const bool heap = model.storage(*n) == Storage::Heap;
        if (heap) every = false;  // a block may be released first
        heap_only = heap_only && heap;
        if (evidence.held_by == facts::kNoNode || (!heap && held_by_heap)) {
            evidence.held_by = t;
            held_by_heap = heap;
        }
    }
    summary = summary || heap_only;
    if (evidence.held_by == facts::kNoNode) return evidence;
    evidence.level = summary                                           ? context.options.summary_level
                     : every && store.overwritten == Overwritten::None ? Level::Error
                                                                       : Level::Warning;
    return evidence;
}

StoreEvidence store_evidence(const CheckContext& context, const MemoryModel& model, Callers& callers,
                             const facts::FrameStore& store) {
    switch (store.target) {
        case Target::Return:
            return {Level::Error, facts::kNoNode};
        case Target::Variable:
            if (store.overwritten == Overwritten::All || context.facts.node(store.variable) == nullptr)
                return {};
            return {store.overwritten == Overwritten::None ? Level::Error : Level::Warning, facts::kNoNode};
        case Target::Pointer:
            if (store.overwritten == Overwritten::All) return {};
            return pointer_store_evidence(context, model, callers, store);
    }
    return {};
}

Finding start_finding(const CheckContext& context, const RuleInfo& info, const facts::SourcePos& pos,
                      const facts::Node& object, Level level, const std::string& function) {
    Finding finding;
    finding.rule_id = std::string(info.id);
    finding.level = level;
    finding.region = SourceRegion::at(pos);
    finding.key = fmt::format("{}:{}", function, short_name(object));
    finding.context = context.context_label(object.context);
    return finding;
}

// The finding of a frame store the frontend saw: a return, a store into a variable or through
// a pointer.
Finding frame_store_finding(const CheckContext& context, const MemoryModel& model, const RuleInfo& info,
                            const facts::FrameStore& store, const facts::Node& object,
                            const StoreEvidence& evidence) {
    Finding finding = start_finding(context, info, store.pos, object, evidence.level, store.function);
    const std::string what = describe_object(context, model, store.object, finding);
    const std::string some =
        store.overwritten == Overwritten::Some
            ? " (it is written again on some paths only, or a call on the way may write it)"
            : "";
    std::string step = "its address is stored here";
    switch (store.target) {
        case Target::Return:
            finding.message =
                fmt::format("`{}` returns the address of {}, whose storage ends when `{}` returns",
                            store.function, what, store.function);
            step = "its address is returned here";
            break;
        case Target::Variable: {
            const std::string target = describe_object(context, model, store.variable, finding);
            finding.message = fmt::format(
                "`{}` stores the address of {} into {}, which {} it when `{}` returns{}", store.function,
                what, target, some.empty() ? "still holds" : "may still hold", store.function, some);
            break;
        }
        case Target::Pointer: {
            const std::string target = describe_object(context, model, evidence.held_by, finding);
            finding.message = fmt::format(
                "`{}` stores the address of {} through {} into memory that outlives `{}`, such as {}{}",
                store.function, what, pointer_label(context, store.pointer), store.function, target,
                evidence.level < Level::Warning ? " (only through memory many objects share)" : some);
            break;
        }
    }
    finding.witness.push_back(
        FlowStep{node_region(context, object.id), fmt::format("`{}` is declared here", short_name(object))});
    finding.witness.push_back(FlowStep{SourceRegion::at(store.pos), step});
    return finding;
}

using Place = std::tuple<std::string, std::uint32_t, std::uint32_t>;  // file, line, column

// Returns the frontend did not see as such: the address comes back through a call or a copy
// in memory (`return id(&x);`), as the points-to analysis shows.
void report_returns_through_flow(const CheckContext& context, const MemoryModel& model, const RuleInfo& info,
                                 const std::set<Place>& returns_reported, std::vector<Finding>& out) {
    for (const facts::AssignSite& site : context.facts.assign_sites) {
        const facts::Node* result = context.facts.node(site.dst);
        if (result == nullptr || result->kind != facts::NodeKind::Return || lives_forever(result->function))
            continue;
        if (returns_reported.count({site.pos.file, site.pos.line, site.pos.column}) != 0) continue;
        for (NodeId o : context.oracle.points_to(site.src)) {
            const facts::Node* object = context.facts.node(o);
            if (object == nullptr || !in_frame_of(model, *object, result->function)) continue;
            const Level level = flow_of(context, model, model.address_of(o), site.src,
                                        context.options.max_witness_steps) == Flow::Direct
                                    ? Level::Warning
                                    : context.options.summary_level;
            if (level == Level::None) continue;
            Finding finding = start_finding(context, info, site.pos, *object, level, result->function);
            const std::string what = describe_object(context, model, o, finding);
            finding.message =
                fmt::format("`{}` may return the address of {}, whose storage ends when `{}` returns{}",
                            result->function, what, result->function,
                            level < Level::Warning ? " (only through memory many objects share)" : "");
            attach_address_flow(context, model, o, site.src, finding);
            out.push_back(std::move(finding));
            break;
        }
    }
}

}  // namespace

const RuleInfo& StackAddressEscapeCheck::info() const {
    static const RuleInfo kInfo{
        "stack-address-escape",
        "StackAddressEscape",
        "Address of a function's frame outliving the function",
        "A function returns the address of its own local storage (a local variable, a parameter's "
        "variable, a compound literal, alloca memory), or stores it into a global or static variable, "
        "a heap block or memory a parameter points to, where it is still held when the function "
        "returns. Any use of it afterwards reads or writes a dead frame (CWE-562). An error when the "
        "code returns the address or leaves it in a named variable or a caller's object on every "
        "path, a warning when it may remain, a note when only memory shared by many objects holds it.",
        Level::Warning,
        "medium",
        {"security", "correctness", "reliability", "external/cwe/cwe-562"},
        "7.5",
    };
    return kInfo;
}

void StackAddressEscapeCheck::run(const CheckContext& context, std::vector<Finding>& out) const {
    const MemoryModel model(context.facts, context.options);
    Callers callers(context.facts.calls);
    std::set<Place> returns_reported;
    for (const facts::FrameStore& store : context.facts.frame_stores) {
        const facts::Node* object = context.facts.node(store.object);
        if (object == nullptr || lives_forever(store.function)) continue;
        const StoreEvidence evidence = store_evidence(context, model, callers, store);
        if (store.target == Target::Return)
            returns_reported.emplace(store.pos.file, store.pos.line, store.pos.column);
        if (evidence.level == Level::None) continue;
        out.push_back(frame_store_finding(context, model, info(), store, *object, evidence));
    }
    report_returns_through_flow(context, model, info(), returns_reported, out);
}

}  // namespace galias::reports
