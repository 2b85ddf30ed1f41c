#include "tests/engine/reference_evaluator.hpp"

#include <functional>
#include <optional>

#include "gpu_engine/datalog/checker.hpp"
#include "gpu_engine/datalog/parser.hpp"

namespace galias::test {

namespace {

using engine::ast::Atom;
using engine::ast::Clause;
using engine::ast::CompareOp;
using engine::ast::Comparison;
using engine::ast::Term;

struct Context {
    const engine::datalog::CheckedProgram& program;
    facts::StringInterner& symbols;
};

std::uint32_t constant_cell(const Term& term, facts::StringInterner& symbols) {
    if (term.kind == Term::Kind::String) return symbols.intern(term.text);
    return static_cast<std::uint32_t>(static_cast<std::int32_t>(term.number));
}

std::optional<std::uint32_t> value_of(const Term& term, const std::map<std::string, std::uint32_t>& env,
                                      facts::StringInterner& symbols) {
    if (term.kind == Term::Kind::Variable) {
        auto it = env.find(term.text);
        if (it == env.end()) return std::nullopt;
        return it->second;
    }
    return constant_cell(term, symbols);
}

bool holds(const Comparison& c, const std::map<std::string, std::uint32_t>& env, facts::ColumnType type,
           facts::StringInterner& symbols) {
    const std::uint32_t a = *value_of(c.lhs, env, symbols);
    const std::uint32_t b = *value_of(c.rhs, env, symbols);
    std::int64_t x = a, y = b;
    if (type == facts::ColumnType::Number) {
        x = static_cast<std::int32_t>(a);
        y = static_cast<std::int32_t>(b);
    }
    switch (c.op) {
        case CompareOp::Eq:
            return x == y;
        case CompareOp::Ne:
            return x != y;
        case CompareOp::Lt:
            return x < y;
        case CompareOp::Le:
            return x <= y;
        case CompareOp::Gt:
            return x > y;
        case CompareOp::Ge:
            return x >= y;
    }
    return false;
}

// All head tuples the clause derives from `db` (plain backtracking, body order).
void fire(const Clause& clause, const std::map<std::string, TupleSet>& db, Context& ctx, TupleSet& out) {
    std::map<std::string, facts::ColumnType> types;
    for (const Atom& atom : clause.body) {
        const auto& info = ctx.program.relations[ctx.program.relation_index.at(atom.relation)];
        for (std::size_t i = 0; i < atom.args.size(); ++i)
            if (atom.args[i].kind == Term::Kind::Variable) types.emplace(atom.args[i].text, info.types[i]);
    }
    std::map<std::string, std::uint32_t> env;
    std::function<void(std::size_t)> step = [&](std::size_t index) {
        if (index == clause.body.size()) {
            for (const Comparison& c : clause.comparisons) {
                facts::ColumnType type = facts::ColumnType::Number;
                if (c.lhs.kind == Term::Kind::Variable)
                    type = types.at(c.lhs.text);
                else if (c.rhs.kind == Term::Kind::Variable)
                    type = types.at(c.rhs.text);
                else if (c.lhs.kind == Term::Kind::String)
                    type = facts::ColumnType::Symbol;
                if (!holds(c, env, type, ctx.symbols)) return;
            }
            Tuple head;
            for (const Term& t : clause.head.args) head.push_back(*value_of(t, env, ctx.symbols));
            out.insert(head);
            return;
        }
        const Atom& atom = clause.body[index];
        for (const Tuple& tuple : db.at(atom.relation)) {
            std::vector<std::string> bound_here;
            bool ok = true;
            for (std::size_t i = 0; i < atom.args.size() && ok; ++i) {
                const Term& t = atom.args[i];
                if (t.kind == Term::Kind::Wildcard) continue;
                if (t.kind == Term::Kind::Variable && !env.contains(t.text)) {
                    env[t.text] = tuple[i];
                    bound_here.push_back(t.text);
                    continue;
                }
                ok = *value_of(t, env, ctx.symbols) == tuple[i];
            }
            if (ok) step(index + 1);
            for (const std::string& name : bound_here) env.erase(name);
        }
    };
    step(0);
}

}  // namespace

std::map<std::string, TupleSet> reference_evaluate(const std::string& program_text,
                                                   const std::map<std::string, TupleSet>& inputs,
                                                   facts::StringInterner& symbols) {
    const engine::datalog::CheckedProgram program =
        engine::datalog::check_program(engine::datalog::parse_program(program_text, "reference.dl"));
    Context ctx{program, symbols};
    std::map<std::string, TupleSet> db;
    for (const auto& relation : program.relations) {
        db[relation.name];
        if (relation.is_input) {
            if (auto it = inputs.find(relation.name); it != inputs.end()) db[relation.name] = it->second;
        }
    }
    // Naive fixpoint over the whole program (no strata needed: only positive atoms).
    bool changed = true;
    while (changed) {
        changed = false;
        for (const Clause& clause : program.ast.clauses) {
            TupleSet derived;
            fire(clause, db, ctx, derived);
            TupleSet& target = db[clause.head.relation];
            for (const Tuple& t : derived) changed = target.insert(t).second || changed;
        }
    }
    return db;
}

}  // namespace galias::test
