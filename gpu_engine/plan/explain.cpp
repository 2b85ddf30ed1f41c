#include <sstream>

#include "gpu_engine/plan/planner.hpp"

namespace galias::engine::plan {

namespace {

std::string operand_text(const Plan& plan, const OperandRef& operand) {
    switch (operand.kind) {
        case OperandKind::Outer:
            return "o" + std::to_string(operand.column);
        case OperandKind::Inner:
            return "i" + std::to_string(operand.column);
        case OperandKind::Constant: {
            const Constant& c = plan.constants[operand.constant];
            return c.type == facts::ColumnType::Symbol ? "\"" + c.symbol + "\"" : std::to_string(c.number);
        }
    }
    return "?";
}

const char* compare_text(CompareKind op) {
    switch (op) {
        case CompareKind::Eq:
            return "=";
        case CompareKind::Ne:
            return "!=";
        case CompareKind::LtSigned:
        case CompareKind::LtUnsigned:
            return "<";
        case CompareKind::LeSigned:
        case CompareKind::LeUnsigned:
            return "<=";
    }
    return "?";
}

void filters_text(std::ostringstream& out, const Plan& plan, const char* label,
                  const std::vector<FilterRef>& filters) {
    if (filters.empty()) return;
    out << " " << label << " [";
    for (std::size_t i = 0; i < filters.size(); ++i) {
        if (i != 0) out << ", ";
        out << operand_text(plan, filters[i].lhs) << " " << compare_text(filters[i].op) << " "
            << operand_text(plan, filters[i].rhs);
    }
    out << "]";
}

// How a relation's new tuples are deduplicated and merged (RelationStrategy).
void relation_strategy_text(std::ostringstream& out, const Relation& relation, const RelationStrategy& how) {
    out << "  store " << relation.name << ": ";
    switch (how.dedup) {
        case Dedup::SortedRuns:
            out << "sorted runs";
            break;
        case Dedup::RecentRun:
            out << "sorted runs, merges deferred to a recent run";
            break;
        case Dedup::TupleSet:
            out << "tuple set";
            break;
    }
    if (how.dedup != Dedup::TupleSet) {
        switch (how.merge) {
            case Merge::SpareBuffer:
                out << ", merged into spare buffers (EBM)";
                break;
            case Merge::ExactBuffer:
                out << ", merged into exact buffers";
                break;
            case Merge::InPlace:
                out << ", merged in place";
                break;
        }
    }
    if (how.keeps_old) out << ", old versions kept";
    if (how.duplicate_filter) out << ", duplicate filter";
    switch (how.mirrors) {
        case Mirrors::None:
            break;
        case Mirrors::BeforeDedup:
            out << ", mirrors added before dedup";
            break;
        case Mirrors::AfterDedup:
            out << ", mirrors added after dedup";
            break;
        case Mirrors::IntoSet:
            out << ", mirrors inserted into the set";
            break;
    }
    out << "\n";
}

// The backend operators a join step takes (StepStrategy), as runtime/backend.hpp names them.
void step_strategy_text(std::ostringstream& out, const StepStrategy& how, bool last) {
    out << "         run: ";
    if (how.one_pass) out << (last ? "one pass (join_into_set), else " : "one pass (join_distinct), else ");
    out << (how.count == Count::CountAndEmit ? "join_count_emit" : "join_count") << " + ";
    switch (last ? how.emit : Emit::JoinEmit) {
        case Emit::JoinEmit:
            out << "join_emit";
            break;
        case Emit::ThroughFilter:
            out << "join_emit_distinct";
            break;
        case Emit::IntoSet:
            out << "join_emit_new";
            break;
    }
    if (how.sort_unique) out << " + sort_unique";
    out << "\n";
}

void rule_text(std::ostringstream& out, const Plan& plan, const Rule& rule, const RuleStrategy* strategy,
               const char* kind) {
    out << "  " << kind << "  " << rule.text;
    if (rule.delta_atom >= 0) out << "   [delta: atom " << rule.delta_atom + 1 << "]";
    out << "\n";
    if (rule.steps.empty()) {
        out << "      insert constant tuple into new " << plan.relations[rule.head].name << "\n";
        return;
    }
    for (std::size_t s = 0; s < rule.steps.size(); ++s) {
        const JoinStep& step = rule.steps[s];
        out << "      " << s + 1 << ". ";
        if (s == 0) {
            const Relation& outer = plan.relations[step.outer_relation];
            out << "scan " << (step.outer_version == Version::Delta ? "delta " : "full ") << outer.name << " "
                << outer.orders[step.outer_order].str();
        } else {
            out << "scan tmp" << s;
        }
        filters_text(out, plan, "where", step.outer_filters);
        if (step.has_inner) {
            const Relation& inner = plan.relations[step.inner_relation];
            out << "\n         join " << (step.inner_version == Version::Old ? "old " : "full ") << inner.name
                << " " << inner.orders[step.inner_order].str() << " on (";
            for (std::size_t k = 0; k < step.key.size(); ++k)
                out << (k ? "," : "") << operand_text(plan, step.key[k]);
            out << ")";
            filters_text(out, plan, "where", step.filters);
        }
        out << "\n         -> ";
        if (s + 1 == rule.steps.size()) {
            out << "new " << plan.relations[rule.head].name;
        } else {
            out << "tmp" << s + 1 << " (materialized)";
        }
        out << " (";
        for (std::size_t c = 0; c < step.out.size(); ++c) {
            out << (c ? ", " : "") << step.out_names[c] << "=" << operand_text(plan, step.out[c]);
        }
        out << ")\n";
        if (strategy != nullptr) step_strategy_text(out, strategy->steps[s], s + 1 == rule.steps.size());
    }
}

void strategy_header(std::ostringstream& out, const Strategy& strategy) {
    out << "bound to " << strategy.backend << ": sched " << strategy.sched << ", " << strategy.lanes
        << (strategy.lanes == 1 ? " lane" : " lanes") << ", value bound ";
    if (strategy.value_bound) {
        out << *strategy.value_bound << "\n";
    } else {
        out << "unknown (inputs not read)\n";
    }
}

}  // namespace

std::string explain_plan(const Plan& plan, const Strategy* strategy) {
    std::ostringstream out;
    out << "plan for " << plan.file << "\n";
    if (strategy != nullptr) strategy_header(out, *strategy);
    out << "\nrelations (stored column orders; the first is primary):\n";
    for (const Relation& relation : plan.relations) {
        out << "  " << relation.name << "/" << relation.arity();
        for (const ColumnOrder& order : relation.orders) out << "  " << order.str();
        if (relation.info.is_input) out << "  [input " << relation.info.input.filename << "]";
        if (relation.info.is_output) out << "  [output " << relation.info.output.filename << "]";
        if (relation.symmetric)
            out << (relation.add_mirrors ? "  [symmetric, mirrors added]" : "  [symmetric]");
        out << "\n";
    }
    for (std::size_t s = 0; s < plan.strata.size(); ++s) {
        const Stratum& stratum = plan.strata[s];
        out << "\nstratum " << s << (stratum.recursive ? " (recursive):" : ":");
        for (std::uint32_t r : stratum.relations) out << " " << plan.relations[r].name;
        out << "\n";
        const StratumStrategy* rules = strategy != nullptr ? &strategy->strata[s] : nullptr;
        if (strategy != nullptr)
            for (std::uint32_t r : stratum.relations)
                relation_strategy_text(out, plan.relations[r], strategy->relations[r]);
        for (std::size_t i = 0; i < stratum.init_rules.size(); ++i)
            rule_text(out, plan, stratum.init_rules[i], rules != nullptr ? &rules->init_rules[i] : nullptr,
                      "once ");
        for (std::size_t i = 0; i < stratum.recursive_rules.size(); ++i)
            rule_text(out, plan, stratum.recursive_rules[i],
                      rules != nullptr ? &rules->recursive_rules[i] : nullptr, "delta");
    }
    out << "\noperands: oN = column N of the outer tuple, iN = column N of the inner tuple\n";
    if (strategy != nullptr)
        out << "store: how a relation's new tuples are deduplicated and merged; run: the backend operators\n"
               "of a join step (a one pass first, where named: the two passes after it where it declines)\n";
    return out.str();
}

}  // namespace galias::engine::plan
