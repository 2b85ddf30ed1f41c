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

void rule_text(std::ostringstream& out, const Plan& plan, const Rule& rule, const char* kind) {
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
    }
}

}  // namespace

std::string explain_plan(const Plan& plan) {
    std::ostringstream out;
    out << "plan for " << plan.file << "\n\nrelations (stored column orders; the first is primary):\n";
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
        for (const Rule& rule : stratum.init_rules) rule_text(out, plan, rule, "once ");
        for (const Rule& rule : stratum.recursive_rules) rule_text(out, plan, rule, "delta");
    }
    out << "\noperands: oN = column N of the outer tuple, iN = column N of the inner tuple\n";
    return out.str();
}

}  // namespace galias::engine::plan
