#include "frontend/release_summaries.hpp"

#include <algorithm>

#include "facts/memory_functions.hpp"

namespace galias::frontend {

namespace {

// Rounds of the fixpoint at most: a chain of wrappers deeper than this is cut short.
constexpr int kMaxRounds = 32;

void merge(std::vector<ReleaseSummaries::Released>& into, const ReleaseSummaries::Released& entry) {
    for (ReleaseSummaries::Released& old : into) {
        if (old.param == entry.param && old.field == entry.field) {
            old.always = old.always || entry.always;
            return;
        }
    }
    into.push_back(entry);
}

}  // namespace

ReleaseSummaries::ReleaseSummaries(const ProgramIr& program, const CallTargets& targets,
                                   const std::vector<std::string>& release_functions)
    : program_(program),
      targets_(targets),
      release_functions_(release_functions.begin(), release_functions.end()) {
    for (int round = 0; round < kMaxRounds; ++round) {
        bool changed = false;
        for (const Function& f : program.functions) {
            if (!f.has_body) continue;
            std::vector<Released> found;
            for (const CallSite& call : f.calls) {
                for (std::uint32_t i = 0; i < call.args.size(); ++i) {
                    const CallValue& arg = call.args[i];
                    if (arg.param < 0 || arg.param_field_rewritten) continue;
                    const auto param = static_cast<std::uint32_t>(arg.param);
                    // The argument's block, or the block in the field it was read from.
                    // A callee's release on some of its paths is not passed further up: two
                    // conditions that are each the callee's own (an error path, a reference
                    // count, a flag) make a guess, not evidence, and on a server's reply
                    // functions such guesses multiply into thousands of findings.
                    const auto via = releases(call, i, -1);
                    if (via && *via != facts::ReleasedUse::Via::SummarySome)
                        merge(found, Released{param, arg.param_field, call.every_path && !arg.param_some});
                    if (arg.param_field >= 0) continue;  // one level of fields
                    for (EntityId target : targets_[call.id]) {
                        const auto it = summaries_.find(target);
                        if (it == summaries_.end()) continue;
                        for (const Released& entry : it->second) {
                            if (entry.param == i && entry.field >= 0 && entry.always &&
                                releases(call, i, entry.field))
                                merge(found, Released{param, entry.field, call.every_path});
                        }
                    }
                }
            }
            std::vector<Released>& old = summaries_[f.entity];
            const auto same = [](const Released& a, const Released& b) {
                return a.param == b.param && a.field == b.field && a.always == b.always;
            };
            if (found.size() != old.size() ||
                !std::is_permutation(found.begin(), found.end(), old.begin(), same)) {
                old = std::move(found);
                changed = true;
            }
        }
        if (!changed) break;
    }
    std::erase_if(summaries_, [](const auto& entry) { return entry.second.empty(); });
}

bool ReleaseSummaries::release_function(EntityId target, std::uint32_t arg) const {
    const Function* f = program_.function_of(target);
    if (f != nullptr && f->has_body) return false;
    const std::string& name = program_.entities[target].name;
    if (const facts::ReleaseFunction* library = facts::find_release_function(name))
        return library->target == facts::ReleaseTarget::Block && library->arg == arg;
    return arg == 0 && release_functions_.count(name) != 0;
}

std::optional<facts::ReleasedUse::Via> ReleaseSummaries::releases(const CallSite& call, std::uint32_t arg,
                                                                  std::int64_t field) const {
    const std::vector<EntityId>& called = targets_[call.id];
    if (called.empty()) return std::nullopt;
    std::optional<facts::ReleasedUse::Via> via;
    for (EntityId target : called) {
        std::optional<facts::ReleasedUse::Via> one;
        if (field < 0 && release_function(target, arg)) {
            one = facts::ReleasedUse::Via::Library;
        } else if (const auto it = summaries_.find(target); it != summaries_.end()) {
            for (const Released& entry : it->second) {
                if (entry.param == arg && entry.field == field)
                    one = entry.always ? facts::ReleasedUse::Via::Summary
                                       : facts::ReleasedUse::Via::SummarySome;
            }
        }
        if (!one) return std::nullopt;  // a target that does not release it
        // Several targets: the weakest of their releases.
        via = !via ? one : std::max(*via, *one);
    }
    return via;
}

bool ReleaseSummaries::external(const CallSite& call) const {
    const std::vector<EntityId>& called = targets_[call.id];
    return !called.empty() && std::all_of(called.begin(), called.end(), [&](EntityId target) {
        const Function* f = program_.function_of(target);
        return f == nullptr || !f->has_body;
    });
}

}  // namespace galias::frontend
