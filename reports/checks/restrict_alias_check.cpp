#include "reports/checks/restrict_alias_check.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "reports/checks/alias_evidence.hpp"
#include "reports/checks/argument_pair_finding.hpp"
#include "reports/checks/c_library.hpp"

namespace galias::reports {

const RuleInfo& RestrictAliasCheck::info() const {
    static const RuleInfo kInfo{
        "restrict-alias",
        "RestrictAlias",
        "Aliased pointers passed to restrict-qualified parameters",
        "A call passes two pointers that may point into overlapping memory for restrict-qualified "
        "parameters of a function that writes through one of them. Modifying an object accessed "
        "through both is undefined behaviour (C11 6.7.3.1, SEI CERT EXP43-C). Reported as an error "
        "when the code proves the overlap (the same pointer, or byte ranges of one buffer that meet) "
        "and as a warning when the points-to analysis finds an object both may point into and "
        "nothing keeps the two apart. Warnings are often false on large code bases "
        "(docs/PRECISION.md).",
        Level::Warning,
        // Measured on the corpus (docs/PRECISION.md): none of the warnings read was true.
        "low",
        {"correctness", "reliability", "external/cert/exp43-c"},
    };
    return kInfo;
}

void RestrictAliasCheck::run(const CheckContext& context, std::vector<Finding>& out) const {
    const bool copies_elsewhere = context.options.is_enabled("overlapping-copy");
    for_each_call(
        context,
        [&](const facts::CallSite& call, std::vector<Finding>& found) {
            std::string callee = normalize_callee(call.callee);
            const LibraryFunction* library = find_library_function(callee);
            if (library != nullptr && library->is_copy && copies_elsewhere) return;
            // A known library function: what it accesses. Otherwise the declaration's qualifiers:
            // restrict, and const for what the callee only reads.
            std::vector<bool> restricted = call.restrict_params;
            std::vector<bool> read_only = call.read_only_params;
            if (library != nullptr) {
                restricted.assign(call.args.size(), false);
                read_only.assign(call.args.size(), false);
                for (unsigned index : library->restrict_params) {
                    if (index < restricted.size()) restricted[index] = true;
                }
                for (unsigned index : library->read_only) {
                    if (index < read_only.size()) read_only[index] = true;
                }
            }
            const auto written = [&](std::size_t k) { return !(k < read_only.size() && read_only[k]); };
            for (std::size_t i = 0; i < call.args.size(); ++i) {
                for (std::size_t j = i + 1; j < call.args.size(); ++j) {
                    bool ri = i < restricted.size() && restricted[i];
                    bool rj = j < restricted.size() && restricted[j];
                    if (!ri && !rj) continue;
                    if (!written(i) && !written(j)) continue;  // only read through both: no rule broken
                    if (library != nullptr &&
                        (std::find(library->unaccessed.begin(), library->unaccessed.end(), i) !=
                             library->unaccessed.end() ||
                         std::find(library->unaccessed.begin(), library->unaccessed.end(), j) !=
                             library->unaccessed.end())) {
                        continue;  // the callee never dereferences one of the two
                    }
                    NodeId a = call.args[i];
                    NodeId b = call.args[j];
                    // The callee accesses each object; the same pointer twice is a certain violation.
                    AccessExtent ei = AccessExtent::at_least(1);
                    AccessExtent ej = AccessExtent::at_least(1);
                    ei.writes = written(i);
                    ej.writes = written(j);
                    const OverlapVerdict verdict = relate_arguments(
                        context, call, static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j), ei, ej);
                    if (verdict.overlap == Overlap::Apart) continue;
                    const Level level = finding_level(verdict, context.options);
                    if (level == Level::None) continue;

                    ArgumentPairFinding pair(context, call, info(), level,
                                             fmt::format("{}:{}:{}", callee, i + 1, j + 1), a, b, verdict);
                    std::string which = ri && rj ? fmt::format("parameters {} and {} are", i + 1, j + 1)
                                                 : fmt::format("parameter {} is", ri ? i + 1 : j + 1);
                    std::string how;
                    if (verdict.reason == OverlapReason::SameBase) {
                        if (verdict.offset_a && verdict.offset_b && *verdict.offset_a == *verdict.offset_b) {
                            how = "are the same pointer";
                        } else {
                            how = "point into one buffer";
                        }
                    } else {
                        how = "may alias" + pair.common_object_clause("to");
                    }
                    pair.emit(fmt::format("{} and {} of `{}` {}, but {} restrict-qualified",
                                          argument_label(context, a, i), argument_label(context, b, j),
                                          call.callee, how, which),
                              found);
                }
            }
        },
        out);
}

}  // namespace galias::reports
