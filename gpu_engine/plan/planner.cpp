#include "gpu_engine/plan/planner.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "gpu_engine/plan/stratify.hpp"
#include "gpu_engine/plan/symmetry.hpp"

namespace galias::engine::plan {

bool ColumnOrder::is_identity() const {
    for (std::uint32_t i = 0; i < columns.size(); ++i)
        if (columns[i] != i) return false;
    return true;
}

std::string ColumnOrder::str() const {
    std::string out = "(";
    for (std::size_t i = 0; i < columns.size(); ++i) {
        if (i != 0) out += ',';
        out += std::to_string(columns[i]);
    }
    out += ")";
    if (key_len != 0) out += " key " + std::to_string(key_len);
    return out;
}

namespace {

using datalog::CheckedProgram;

std::string term_text(const ast::Term& term) {
    switch (term.kind) {
        case ast::Term::Kind::Variable:
            return term.text;
        case ast::Term::Kind::Number:
            return std::to_string(term.number);
        case ast::Term::Kind::String:
            return "\"" + term.text + "\"";
        case ast::Term::Kind::Wildcard:
            return "_";
    }
    return "?";
}

std::string atom_text(const ast::Atom& atom) {
    std::string out = atom.relation + "(";
    for (std::size_t i = 0; i < atom.args.size(); ++i) {
        if (i != 0) out += ", ";
        out += term_text(atom.args[i]);
    }
    return out + ")";
}

std::string clause_text(const ast::Clause& clause) {
    std::string out = atom_text(clause.head);
    if (clause.body.empty() && clause.comparisons.empty()) return out + ".";
    out += " :- ";
    bool first = true;
    for (const ast::Atom& atom : clause.body) {
        if (!first) out += ", ";
        first = false;
        out += atom_text(atom);
    }
    for (const ast::Comparison& c : clause.comparisons) {
        if (!first) out += ", ";
        first = false;
        out += term_text(c.lhs) + " " + ast::compare_op_text(c.op) + " " + term_text(c.rhs);
    }
    return out + ".";
}

bool is_constant(const ast::Term& term) {
    return term.kind == ast::Term::Kind::Number || term.kind == ast::Term::Kind::String;
}

class Planner {
public:
    Planner(const CheckedProgram& program, const std::string& file) : program_(program) {
        plan_.file = file;
        for (const datalog::RelationInfo& info : program.relations) {
            Relation relation;
            relation.name = info.name;
            relation.types = info.types;
            relation.attribute_names = info.attribute_names;
            relation.info = info;
            plan_.relations.push_back(std::move(relation));
        }
    }

    Plan run() {
        stratify();
        symmetric_ = symmetric_relations(program_);
        for (std::size_t r = 0; r < plan_.relations.size(); ++r) plan_.relations[r].symmetric = symmetric_[r];
        // Pass 1 only discovers which column orders the joins probe; pass 2 builds the steps
        // against the final orders (the primary order decides how `delta` is laid out).
        for (int pass = 1; pass <= 2; ++pass) {
            final_pass_ = pass == 2;
            if (final_pass_) choose_primary_orders();
            for (Stratum& stratum : plan_.strata) {
                stratum.init_rules.clear();
                stratum.recursive_rules.clear();
            }
            for (const ast::Clause& clause : program_.ast.clauses) plan_clause(clause);
        }
        return std::move(plan_);
    }

private:
    std::uint32_t relation_of(const std::string& name) const {
        return static_cast<std::uint32_t>(program_.relation_index.at(name));
    }

    void stratify() {
        std::vector<std::vector<std::uint32_t>> depends_on(plan_.relations.size());
        for (const ast::Clause& clause : program_.ast.clauses) {
            const std::uint32_t head = relation_of(clause.head.relation);
            for (const ast::Atom& atom : clause.body) depends_on[head].push_back(relation_of(atom.relation));
        }
        std::vector<bool> has_rules(plan_.relations.size(), false);
        for (const ast::Clause& clause : program_.ast.clauses)
            has_rules[relation_of(clause.head.relation)] = true;
        for (const Component& component : strongly_connected_components(depends_on)) {
            bool defined = false;
            for (std::uint32_t r : component.nodes) defined = defined || has_rules[r];
            if (!defined) continue;  // pure input relations are loaded, not evaluated
            Stratum stratum;
            stratum.relations = component.nodes;
            stratum.recursive = component.recursive;
            for (std::uint32_t r : component.nodes)
                plan_.relations[r].stratum = static_cast<std::uint32_t>(plan_.strata.size());
            plan_.strata.push_back(std::move(stratum));
        }
        stratum_of_.assign(plan_.relations.size(), -1);
        for (std::size_t s = 0; s < plan_.strata.size(); ++s)
            for (std::uint32_t r : plan_.strata[s].relations) stratum_of_[r] = static_cast<int>(s);
    }

    void choose_primary_orders() {
        for (std::size_t r = 0; r < plan_.relations.size(); ++r) {
            Relation& relation = plan_.relations[r];
            relation.orders = requested_orders_[r];
            if (relation.orders.empty()) {
                ColumnOrder identity;
                for (std::uint32_t c = 0; c < relation.arity(); ++c) identity.columns.push_back(c);
                relation.orders.push_back(identity);
            }
        }
    }

    std::uint32_t request_order(std::uint32_t relation, const ColumnOrder& order) {
        auto& orders = final_pass_ ? plan_.relations[relation].orders : requested_orders_[relation];
        for (std::uint32_t i = 0; i < orders.size(); ++i)
            if (orders[i] == order) return i;
        if (final_pass_) throw std::logic_error("planner: column order appeared only in the final pass");
        orders.push_back(order);
        return static_cast<std::uint32_t>(orders.size() - 1);
    }

    std::uint32_t add_constant(const ast::Term& term, facts::ColumnType type) {
        Constant constant;
        constant.type = type;
        if (term.kind == ast::Term::Kind::String) {
            constant.symbol = term.text;
        } else {
            constant.number = term.number;
        }
        for (std::uint32_t i = 0; i < plan_.constants.size(); ++i) {
            const Constant& c = plan_.constants[i];
            if (c.type == constant.type && c.number == constant.number && c.symbol == constant.symbol)
                return i;
        }
        plan_.constants.push_back(constant);
        return static_cast<std::uint32_t>(plan_.constants.size() - 1);
    }

    // Column types of every variable in a clause (the checker guarantees consistency).
    std::map<std::string, facts::ColumnType> variable_types(const ast::Clause& clause) const {
        std::map<std::string, facts::ColumnType> types;
        for (const ast::Atom& atom : clause.body) {
            const Relation& relation = plan_.relations[relation_of(atom.relation)];
            for (std::size_t i = 0; i < atom.args.size(); ++i)
                if (atom.args[i].kind == ast::Term::Kind::Variable)
                    types.emplace(atom.args[i].text, relation.types[i]);
        }
        return types;
    }

    // Constant comparisons are decided now; returns false if the rule can never fire.
    static bool constant_comparison_holds(const ast::Comparison& c) {
        if (c.lhs.kind == ast::Term::Kind::String) {
            const bool equal = c.lhs.text == c.rhs.text;
            return c.op == ast::CompareOp::Eq ? equal : !equal;
        }
        const std::int64_t a = c.lhs.number, b = c.rhs.number;
        switch (c.op) {
            case ast::CompareOp::Eq:
                return a == b;
            case ast::CompareOp::Ne:
                return a != b;
            case ast::CompareOp::Lt:
                return a < b;
            case ast::CompareOp::Le:
                return a <= b;
            case ast::CompareOp::Gt:
                return a > b;
            case ast::CompareOp::Ge:
                return a >= b;
        }
        return false;
    }

    void plan_clause(const ast::Clause& clause) {
        std::vector<const ast::Comparison*> comparisons;
        for (const ast::Comparison& c : clause.comparisons) {
            if (is_constant(c.lhs) && is_constant(c.rhs)) {
                if (!constant_comparison_holds(c)) return;  // never fires
                continue;
            }
            comparisons.push_back(&c);
        }
        const std::uint32_t head = relation_of(clause.head.relation);
        Stratum& stratum = plan_.strata[static_cast<std::size_t>(stratum_of_[head])];
        Rule rule;
        rule.text = clause_text(clause);
        rule.location = clause.location;
        rule.head = head;
        if (clause.body.empty()) {
            for (std::size_t i = 0; i < clause.head.args.size(); ++i)
                rule.fact.push_back(add_constant(clause.head.args[i], plan_.relations[head].types[i]));
            stratum.init_rules.push_back(std::move(rule));
            return;
        }
        std::vector<std::size_t> recursive_atoms;
        if (stratum.recursive) {
            for (std::size_t i = 0; i < clause.body.size(); ++i)
                if (stratum_of_[relation_of(clause.body[i].relation)] == stratum_of_[head])
                    recursive_atoms.push_back(i);
        }
        if (recursive_atoms.empty()) {
            rule.steps = plan_body(clause, comparisons, 0, std::nullopt);
            stratum.init_rules.push_back(std::move(rule));
            return;
        }
        // A symmetric head can get every new tuple's mirror (plan/symmetry.hpp): then a
        // variant whose derivations all have mirrors derived by variants kept is not run,
        // and a lone recursive atom that its mirror maps onto itself swapped is scanned
        // for half its delta (the tuples with a <= b).
        std::vector<bool> dropped(recursive_atoms.size(), false);
        std::optional<ast::Comparison> half;
        if (symmetric_[head]) {
            if (const auto mirror = mirror_of(program_, clause, symmetric_)) {
                dropped = droppable_variants(recursive_atoms, mirror->atoms);
                if (recursive_atoms.size() == 1 && halves_delta(clause, recursive_atoms[0], *mirror)) {
                    const ast::Atom& atom = clause.body[recursive_atoms[0]];
                    half = ast::Comparison{atom.args[0], ast::CompareOp::Le, atom.args[1], atom.location};
                }
                bool mirrors = half.has_value();
                for (bool d : dropped) mirrors = mirrors || d;
                if (mirrors) plan_.relations[head].add_mirrors = true;
            }
        }
        std::vector<const ast::Comparison*> variant_comparisons = comparisons;
        if (half) variant_comparisons.push_back(&*half);
        for (std::size_t v = 0; v < recursive_atoms.size(); ++v) {
            if (dropped[v]) continue;
            const std::size_t delta = recursive_atoms[v];
            Rule variant = rule;
            variant.delta_atom = static_cast<int>(delta);
            variant.steps = plan_body(clause, variant_comparisons, delta, delta);
            stratum.recursive_rules.push_back(std::move(variant));
        }
    }

    // Where each bound variable lives in the current outer tuple.
    using Bindings = std::map<std::string, OperandRef>;

    static OperandRef outer_col(std::uint32_t c) { return OperandRef{OperandKind::Outer, c, 0}; }
    static OperandRef inner_col(std::uint32_t c) { return OperandRef{OperandKind::Inner, c, 0}; }

    OperandRef term_operand(const ast::Term& term, const Bindings& bound, facts::ColumnType type) {
        if (term.kind == ast::Term::Kind::Variable) return bound.at(term.text);
        return OperandRef{OperandKind::Constant, 0, add_constant(term, type)};
    }

    FilterRef comparison_filter(const ast::Comparison& c, const Bindings& bound,
                                const std::map<std::string, facts::ColumnType>& types) {
        facts::ColumnType type = facts::ColumnType::Number;
        if (c.lhs.kind == ast::Term::Kind::Variable)
            type = types.at(c.lhs.text);
        else if (c.rhs.kind == ast::Term::Kind::Variable)
            type = types.at(c.rhs.text);
        FilterRef filter;
        filter.lhs = term_operand(c.lhs, bound, type);
        filter.rhs = term_operand(c.rhs, bound, type);
        const bool is_signed = type == facts::ColumnType::Number;
        switch (c.op) {
            case ast::CompareOp::Eq:
                filter.op = CompareKind::Eq;
                break;
            case ast::CompareOp::Ne:
                filter.op = CompareKind::Ne;
                break;
            case ast::CompareOp::Lt:
                filter.op = is_signed ? CompareKind::LtSigned : CompareKind::LtUnsigned;
                break;
            case ast::CompareOp::Le:
                filter.op = is_signed ? CompareKind::LeSigned : CompareKind::LeUnsigned;
                break;
            case ast::CompareOp::Gt:
                filter.op = is_signed ? CompareKind::LtSigned : CompareKind::LtUnsigned;
                std::swap(filter.lhs, filter.rhs);
                break;
            case ast::CompareOp::Ge:
                filter.op = is_signed ? CompareKind::LeSigned : CompareKind::LeUnsigned;
                std::swap(filter.lhs, filter.rhs);
                break;
        }
        return filter;
    }

    static bool all_bound(const ast::Comparison& c, const Bindings& bound) {
        for (const ast::Term* t : {&c.lhs, &c.rhs})
            if (t->kind == ast::Term::Kind::Variable && !bound.contains(t->text)) return false;
        return true;
    }

    // Stored position of each original column in a relation's order.
    static std::vector<std::uint32_t> positions(const ColumnOrder& order) {
        std::vector<std::uint32_t> pos(order.columns.size());
        for (std::uint32_t j = 0; j < order.columns.size(); ++j) pos[order.columns[j]] = j;
        return pos;
    }

    using VariableTypes = std::map<std::string, facts::ColumnType>;

    // Step 0's outer: the first atom, read in its relation's primary order; binds its
    // variables and filters on its constants and repeated variables.
    JoinStep first_step(const ast::Atom& first_atom, bool from_delta, Bindings& bound) {
        JoinStep step;
        step.outer_relation = relation_of(first_atom.relation);
        step.outer_version = from_delta ? Version::Delta : Version::Full;
        const Relation& relation = plan_.relations[step.outer_relation];
        const ColumnOrder primary = final_pass_ ? relation.orders[0] : ColumnOrder{};
        const auto pos = final_pass_ ? positions(primary) : std::vector<std::uint32_t>(relation.arity());
        for (std::uint32_t i = 0; i < first_atom.args.size(); ++i) {
            const ast::Term& term = first_atom.args[i];
            const OperandRef here = outer_col(pos[i]);
            if (term.kind == ast::Term::Kind::Variable) {
                auto [it, inserted] = bound.emplace(term.text, here);
                if (!inserted) step.outer_filters.push_back(FilterRef{it->second, CompareKind::Eq, here});
            } else if (is_constant(term)) {
                step.outer_filters.push_back(
                    FilterRef{here, CompareKind::Eq, term_operand(term, bound, relation.types[i])});
            }
        }
        return step;
    }

    // The comparisons not applied yet whose variables `bindings` all binds, as filters.
    void apply_comparisons(const std::vector<const ast::Comparison*>& comparisons, std::vector<bool>& applied,
                           const Bindings& bindings, const VariableTypes& types,
                           std::vector<FilterRef>& into) {
        for (std::size_t c = 0; c < comparisons.size(); ++c) {
            if (!applied[c] && all_bound(*comparisons[c], bindings)) {
                into.push_back(comparison_filter(*comparisons[c], bindings, types));
                applied[c] = true;
            }
        }
    }

    // The next atom to join: most bound columns first (selective probes, no cartesian
    // product while a connected atom is left); ties keep body order. Its place in `remaining`.
    static std::size_t next_atom(const ast::Clause& clause, const std::vector<std::size_t>& remaining,
                                 const Bindings& bound) {
        std::size_t best = 0;
        int best_score = -1;
        for (std::size_t r = 0; r < remaining.size(); ++r) {
            int score = 0;
            for (const ast::Term& t : clause.body[remaining[r]].args)
                if (is_constant(t) || (t.kind == ast::Term::Kind::Variable && bound.contains(t.text)))
                    ++score;
            if (score > best_score) {
                best_score = score;
                best = r;
            }
        }
        return best;
    }

    // The last step writes the head in its primary order.
    void write_head(JoinStep& step, const ast::Clause& clause, std::uint32_t head, const Bindings& visible) {
        const Relation& relation = plan_.relations[head];
        const ColumnOrder primary = final_pass_ ? relation.orders[0] : ColumnOrder{};
        for (std::uint32_t j = 0; j < relation.arity(); ++j) {
            const std::uint32_t column = final_pass_ ? primary.columns[j] : j;
            const ast::Term& term = clause.head.args[column];
            step.out.push_back(term_operand(term, visible, relation.types[column]));
            step.out_names.push_back(term_text(term));
        }
    }

    // An intermediate step keeps only the variables something later still reads; returns
    // where the next step finds them.
    Bindings carry_needed(JoinStep& step, const ast::Clause& clause, std::uint32_t head,
                          const std::vector<std::size_t>& remaining,
                          const std::vector<const ast::Comparison*>& comparisons,
                          const std::vector<bool>& applied, const Bindings& visible) {
        std::vector<std::string> needed;
        auto need = [&](const ast::Term& t) {
            if (t.kind == ast::Term::Kind::Variable && visible.contains(t.text) &&
                std::find(needed.begin(), needed.end(), t.text) == needed.end())
                needed.push_back(t.text);
        };
        if (remaining.size() == 1) {
            // The next step writes the head and scans this intermediate, sorted by its first
            // column: with a head variable there, copies of one head tuple come from
            // neighbouring outer tuples, where a block-local duplicate filter finds them
            // (CUDA backend). Head variables first, in the head's primary order.
            const Relation& relation = plan_.relations[head];
            for (std::uint32_t j = 0; j < relation.arity(); ++j)
                need(clause.head.args[final_pass_ ? relation.orders[0].columns[j] : j]);
        }
        for (std::size_t r : remaining)
            for (const ast::Term& t : clause.body[r].args) need(t);
        for (std::size_t c = 0; c < comparisons.size(); ++c)
            if (!applied[c]) {
                need(comparisons[c]->lhs);
                need(comparisons[c]->rhs);
            }
        for (const ast::Term& t : clause.head.args) need(t);
        Bindings next;
        for (const std::string& name : needed) {
            next.emplace(name, outer_col(static_cast<std::uint32_t>(step.out.size())));
            step.out.push_back(visible.at(name));
            step.out_names.push_back(name);
        }
        if (step.out.empty()) {
            // Nothing to carry (only existence matters): one constant column keeps the
            // intermediate's tuple count.
            ast::Term zero;
            zero.kind = ast::Term::Kind::Number;
            step.out.push_back(
                OperandRef{OperandKind::Constant, 0, add_constant(zero, facts::ColumnType::Number)});
            step.out_names.push_back("_");
        }
        return next;
    }

    std::vector<JoinStep> plan_body(const ast::Clause& clause,
                                    const std::vector<const ast::Comparison*>& comparisons, std::size_t first,
                                    std::optional<std::size_t> delta) {
        const VariableTypes types = variable_types(clause);
        const std::uint32_t head = relation_of(clause.head.relation);
        std::vector<JoinStep> steps;
        std::vector<bool> applied(comparisons.size(), false);
        Bindings bound;
        JoinStep step = first_step(clause.body[first], delta.has_value(), bound);
        apply_comparisons(comparisons, applied, bound, types, step.outer_filters);

        std::vector<std::size_t> remaining;
        for (std::size_t i = 0; i < clause.body.size(); ++i)
            if (i != first) remaining.push_back(i);

        while (true) {
            step_inner_bindings_.clear();
            if (!remaining.empty()) {
                const std::size_t best = next_atom(clause, remaining, bound);
                const std::size_t atom_index = remaining[best];
                remaining.erase(remaining.begin() + static_cast<std::ptrdiff_t>(best));
                add_inner(step, clause.body[atom_index], bound);
                if (delta && atom_index < *delta && stratum_of_[step.inner_relation] == stratum_of_[head])
                    step.inner_version = Version::Old;
            }
            // Bindings visible in this step's output: outer ones plus those the inner adds.
            Bindings visible = bound;
            for (const auto& [name, operand] : step_inner_bindings_) visible.emplace(name, operand);
            apply_comparisons(comparisons, applied, visible, types, step.filters);
            if (remaining.empty()) {
                write_head(step, clause, head, visible);
                check_limits(step, clause);
                if (steps.empty() && step.outer_version == Version::Delta && final_pass_) group_outputs(step);
                steps.push_back(std::move(step));
                break;
            }
            Bindings next = carry_needed(step, clause, head, remaining, comparisons, applied, visible);
            check_limits(step, clause);
            steps.push_back(std::move(step));
            step = JoinStep{};
            bound = std::move(next);
        }
        return steps;
    }

    // A one-step rule writes its head straight from the scanned delta: when the head takes
    // a column of the delta that the primary order does not sort first, but another order
    // of the relation does, the scan reads the delta in that order. Copies of one head tuple
    // then come from neighbouring outer tuples, where a block-local duplicate filter finds
    // them (CUDA backend); the delta is sorted in every order for the merges anyway.
    void group_outputs(JoinStep& step) const {
        const Relation& relation = plan_.relations[step.outer_relation];
        std::vector<bool> written(relation.arity(), false);  // original columns the head takes
        for (const OperandRef& operand : step.out)
            if (operand.kind == OperandKind::Outer)
                written[relation.orders[0].columns[operand.column]] = true;
        if (written[relation.orders[0].columns[0]]) return;  // grouped already
        for (std::uint32_t o = 1; o < relation.orders.size(); ++o) {
            if (!written[relation.orders[o].columns[0]]) continue;
            // Stored column c of the primary order is stored column at[c] of order o.
            const auto position = positions(relation.orders[o]);
            std::vector<std::uint32_t> at(relation.arity());
            for (std::uint32_t c = 0; c < relation.arity(); ++c)
                at[c] = position[relation.orders[0].columns[c]];
            auto remap = [&](OperandRef& operand) {
                if (operand.kind == OperandKind::Outer) operand.column = at[operand.column];
            };
            for (OperandRef& operand : step.key) remap(operand);
            for (OperandRef& operand : step.out) remap(operand);
            for (FilterRef& filter : step.outer_filters) remap(filter.lhs), remap(filter.rhs);
            for (FilterRef& filter : step.filters) remap(filter.lhs), remap(filter.rhs);
            step.outer_order = o;
            return;
        }
    }

    static void check_limits(const JoinStep& step, const ast::Clause& clause) {
        if (step.out.size() > kMaxArity)
            throw DiagnosticError(clause.location,
                                  "rule needs an intermediate of " + std::to_string(step.out.size()) +
                                      " columns; at most " + std::to_string(kMaxArity) + " are supported");
        if (step.filters.size() > kMaxFilters || step.outer_filters.size() > kMaxFilters)
            throw DiagnosticError(clause.location, "rule has more than " + std::to_string(kMaxFilters) +
                                                       " conditions in one join step");
    }

    // Makes `atom` the inner relation of `step`: its bound columns and constants form the key.
    void add_inner(JoinStep& step, const ast::Atom& atom, const Bindings& bound) {
        step_inner_bindings_.clear();
        const std::uint32_t r = relation_of(atom.relation);
        const Relation& relation = plan_.relations[r];
        ColumnOrder order;
        std::vector<std::uint32_t> rest;
        for (std::uint32_t i = 0; i < atom.args.size(); ++i) {
            const ast::Term& t = atom.args[i];
            if (is_constant(t) || (t.kind == ast::Term::Kind::Variable && bound.contains(t.text))) {
                order.columns.push_back(i);
            } else {
                rest.push_back(i);
            }
        }
        order.key_len = static_cast<std::uint32_t>(order.columns.size());
        order.columns.insert(order.columns.end(), rest.begin(), rest.end());
        step.has_inner = true;
        step.inner_relation = r;
        step.inner_order = request_order(r, order);
        for (std::uint32_t k = 0; k < order.key_len; ++k) {
            const std::uint32_t column = order.columns[k];
            step.key.push_back(term_operand(atom.args[column], bound, relation.types[column]));
        }
        for (std::uint32_t j = order.key_len; j < order.columns.size(); ++j) {
            const ast::Term& t = atom.args[order.columns[j]];
            if (t.kind != ast::Term::Kind::Variable) continue;
            auto [it, inserted] = step_inner_bindings_.emplace(t.text, inner_col(j));
            if (!inserted) step.filters.push_back(FilterRef{it->second, CompareKind::Eq, inner_col(j)});
        }
    }

    const CheckedProgram& program_;
    Plan plan_;
    std::vector<int> stratum_of_;
    std::vector<bool> symmetric_;  // per relation (plan/symmetry.hpp)
    std::map<std::size_t, std::vector<ColumnOrder>> requested_orders_;
    Bindings step_inner_bindings_;
    bool final_pass_ = false;
};

}  // namespace

Plan build_plan(const datalog::CheckedProgram& program, const std::string& file_name) {
    return Planner(program, file_name).run();
}

}  // namespace galias::engine::plan
