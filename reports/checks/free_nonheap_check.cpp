#include "reports/checks/free_nonheap_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "reports/checks/argument_overlap.hpp"
#include "reports/checks/memory_objects.hpp"

namespace galias::reports {

namespace {

// Memory no release function may take back.
bool not_releasable(const MemoryModel& model, const facts::Node& object) {
    switch (model.storage(object)) {
        case Storage::Frame:
        case Storage::CompoundLiteral:
        case Storage::Global:
        case Storage::Static:
        case Storage::String:
        case Storage::Function:
            return true;
        case Storage::Heap: {
            const Family family = model.family(object);
            return family.library == facts::MemoryFamily::Stack ||
                   family.library == facts::MemoryFamily::Library;
        }
        case Storage::Unknown:
            break;
    }
    return false;
}

// The code itself fixes the released pointer to one such object on every path to the call:
// the address of a variable, a string literal or a function, or an alloca call's result.
bool fixed_by_code(const MemoryModel& model, const facts::ArgumentAddress* address) {
    if (address == nullptr) return false;
    if (address->base_kind == facts::ArgumentAddress::Base::Object) return true;
    if (address->base_kind != facts::ArgumentAddress::Base::Value) return false;
    if (address->base.starts_with("string:")) return true;
    if (!address->allocation) return false;
    const Family family = model.allocator_family(model.callee_of(*address->allocation));
    return family.library == facts::MemoryFamily::Stack;
}

}  // namespace

const RuleInfo& FreeNonheapCheck::info() const {
    static const RuleInfo kInfo{
        "free-nonheap",
        "FreeNonHeap",
        "Release of memory not on the heap",
        "A call to free, realloc or another release function is passed a pointer that may point to "
        "memory no allocator handed out: a local or static variable, a string literal, alloca memory "
        "or what the C library owns. Releasing it is undefined behaviour and corrupts the allocator's "
        "state (CWE-590). An error when the code fixes the pointer to such an object, a warning when "
        "the program's own assignments carry its address to the call, a note when only memory shared "
        "by many objects does.",
        Level::Warning,
        "medium",
        {"security", "correctness", "reliability", "external/cwe/cwe-590"},
        "7.5",
    };
    return kInfo;
}

namespace {

// The parameter a release inside a wrapper releases unchanged (`free(ptr)` in `my_free(ptr)`):
// its index, when the released value is the parameter's at offset 0.
std::optional<std::uint32_t> released_parameter(const facts::ArgumentAddress* address) {
    constexpr std::string_view kParam = "param#";
    if (address == nullptr || address->base_kind != facts::ArgumentAddress::Base::Value ||
        address->offset != std::int64_t{0} || !address->base.starts_with(kParam))
        return std::nullopt;
    std::uint32_t index = 0;
    for (const char c : address->base.substr(kParam.size())) {
        if (c < '0' || c > '9') return std::nullopt;
        index = index * 10 + static_cast<std::uint32_t>(c - '0');
    }
    return index;
}

// What the calls of a function pass as one pointer argument: the objects (by origin) some
// call passes without a guard against them, and those every call that passes them guards
// against (`if (threads != default_threads) my_free(threads)`). Built once per function and
// argument, from the calls' points-to sets.
class GuardedArguments {
public:
    explicit GuardedArguments(const CheckContext& context) : context_(context) {
        for (const facts::CallSite& call : context.facts.calls) {
            if (!call.callee.empty()) calls_[call.callee].push_back(&call);
        }
    }
    // Reads what the calls of `function` pass as argument `param` (before the checks run in
    // parallel: `guarded` only reads).
    void prepare(const std::string& function, std::uint32_t param) {
        auto [it, added] = passed_.try_emplace(std::make_pair(function, param));
        if (!added) return;
        const auto calls = calls_.find(function);
        if (calls == calls_.end()) return;
        for (const facts::CallSite* call : calls->second) {
            if (param >= call->args.size() || call->args[param] == facts::kNoNode) continue;
            const facts::ArgumentAddress* address = context_.facts.argument(call->id, param);
            for (const NodeId target : context_.oracle.points_to(call->args[param])) {
                const NodeId origin = context_.view.origin(target);
                const bool excluded = address != nullptr &&
                                      std::find(address->excluded.begin(), address->excluded.end(), origin) !=
                                          address->excluded.end();
                (excluded ? it->second.guarded : it->second.unguarded).insert(origin);
            }
        }
    }
    // Whether every call of `function` that may pass `origin` as argument `param` guards
    // against it, and some call does pass it (false for a pair not prepared).
    [[nodiscard]] bool guarded(const std::string& function, std::uint32_t param, NodeId origin) const {
        const auto it = passed_.find(std::make_pair(function, param));
        return it != passed_.end() && it->second.guarded.count(origin) != 0 &&
               it->second.unguarded.count(origin) == 0;
    }

private:
    struct Passed {
        std::unordered_set<NodeId> guarded;
        std::unordered_set<NodeId> unguarded;
    };

    const CheckContext& context_;
    std::unordered_map<std::string_view, std::vector<const facts::CallSite*>> calls_;
    std::map<std::pair<std::string, std::uint32_t>, Passed> passed_;
};

}  // namespace

void FreeNonheapCheck::run(const CheckContext& context, std::vector<Finding>& out) const {
    const MemoryModel model(context.facts, context.options);
    GuardedArguments wrapper_calls(context);
    for (const facts::CallSite& call : context.facts.calls) {
        const std::optional<Release> release = model.release(call);
        if (!release) continue;
        if (const std::optional<std::uint32_t> param =
                released_parameter(context.facts.argument(call.id, release->arg)))
            wrapper_calls.prepare(call.caller, *param);
    }
    for_each_call(
        context,
        [&](const facts::CallSite& call, std::vector<Finding>& found) {
            const std::optional<Release> release = model.release(call);
            if (!release || call.args[release->arg] == facts::kNoNode) return;
            const NodeId pointer = call.args[release->arg];
            const facts::ArgumentAddress* address = context.facts.argument(call.id, release->arg);
            const std::vector<NodeId> objects = argument_objects(context, call, release->arg);
            std::vector<NodeId> bad;
            for (NodeId object : objects) {
                const facts::Node* n = context.facts.node(object);
                if (n == nullptr || !not_releasable(model, *n)) continue;
                const NodeId origin = context.view.origin(object);
                if (address != nullptr && std::find(address->excluded.begin(), address->excluded.end(),
                                                    origin) != address->excluded.end())
                    continue;  // a guard keeps the pointer from it: `if (p != buf) free(p)`
                // ... or a guard of every call of the wrapper that releases its parameter here.
                if (const std::optional<std::uint32_t> param = released_parameter(address);
                    param && wrapper_calls.guarded(call.caller, *param, origin))
                    continue;
                bad.push_back(object);
            }
            if (bad.empty()) return;
            // The strongest evidence: the code fixes the pointer; an object whose address the
            // program's own assignments carry to the call; only memory of many objects.
            NodeId shown = bad.front();
            Level level = context.options.summary_level;
            if (fixed_by_code(model, address) && bad.size() == objects.size()) {
                level = Level::Error;
            } else if (objects.size() <= kImpreciseSet) {
                for (NodeId object : bad) {
                    if (flow_of(context, model, model.address_of(object), pointer,
                                context.options.max_witness_steps) == Flow::Direct) {
                        shown = object;
                        level = Level::Warning;
                        break;
                    }
                }
            }
            if (level == Level::None) return;
            Finding finding = finding_at_call(context, info(), call, level,
                                              fmt::format("{}:{}", release->function, release->arg + 1));
            const std::string object = describe_object(context, model, shown, finding);
            const facts::Node* n = context.facts.node(shown);
            const bool owned = model.storage(*n) == Storage::Heap &&
                               model.family(*n).library == facts::MemoryFamily::Library;
            finding.message = fmt::format(
                "`{}` of {}, which {} {}{}: {}", release->function, pointer_label(context, pointer),
                level == Level::Error ? "points to" : "may point to", object,
                level < Level::Warning ? " (only through memory many objects share)" : "",
                owned ? fmt::format("memory `{}` must not release", release->function)
                      : "memory not on the heap");
            attach_address_flow(context, model, shown, pointer, finding);
            found.push_back(std::move(finding));
        },
        out);
}

}  // namespace galias::reports
