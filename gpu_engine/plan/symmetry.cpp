#include "gpu_engine/plan/symmetry.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <utility>

namespace galias::engine::plan {

namespace {

// A term as the search sees it: a variable (wildcards get names of their own: each is a
// distinct variable nobody else mentions) or a constant.
struct Name {
    bool variable = false;
    std::string text;  // variable name, or the constant as written
    bool operator==(const Name&) const = default;
};

Name name_of(const ast::Term& term, std::size_t& wildcards) {
    switch (term.kind) {
        case ast::Term::Kind::Variable:
            return {true, term.text};
        case ast::Term::Kind::Wildcard:
            return {true, "_#" + std::to_string(wildcards++)};
        case ast::Term::Kind::Number:
            return {false, "#" + std::to_string(term.number)};
        case ast::Term::Kind::String:
            return {false, "\"" + term.text};
    }
    return {};
}

struct Item {  // a body atom or a comparison, as relation (or operator) and names
    std::string relation;
    std::vector<Name> args;
    bool unordered = false;  // its two arguments may swap (a symmetric relation, = or !=)
};

ast::CompareOp flipped(ast::CompareOp op) {
    switch (op) {
        case ast::CompareOp::Lt:
            return ast::CompareOp::Gt;
        case ast::CompareOp::Le:
            return ast::CompareOp::Ge;
        case ast::CompareOp::Gt:
            return ast::CompareOp::Lt;
        case ast::CompareOp::Ge:
            return ast::CompareOp::Le;
        default:
            return op;
    }
}

// Backtracking search for a renaming of variables that maps every item onto an item. Its
// work is bounded by `budget` (attempted item pairings, shared by the searches of one
// question): a body of many atoms of one relation can make the search exponential, and a
// rule the search gives up on is simply not treated as symmetric (an optimization).
class MirrorSearch {
public:
    MirrorSearch(std::vector<Item> items, const std::string& x, const std::string& y, std::size_t& budget)
        : items_(std::move(items)), budget_(budget) {
        rename_[x] = y;
        rename_[y] = x;
        taken_[x] = taken_[y] = true;
        target_.assign(items_.size(), 0);
        used_.assign(items_.size(), false);
    }
    bool run() { return match(0); }
    [[nodiscard]] const std::vector<std::size_t>& targets() const { return target_; }
    [[nodiscard]] const std::map<std::string, std::string>& renaming() const { return rename_; }

private:
    bool match(std::size_t i) {
        if (i == items_.size()) return true;
        const Item& from = items_[i];
        for (std::size_t j = 0; j < items_.size(); ++j) {
            const Item& to = items_[j];
            if (used_[j] || to.relation != from.relation || to.args.size() != from.args.size()) continue;
            if (budget_ == 0) return false;
            --budget_;
            for (int swap = 0; swap <= (from.unordered ? 1 : 0); ++swap) {
                // Bindings are undone from a trail, not by copying the maps: each attempt
                // costs what it binds.
                const std::size_t mark = trail_.size();
                bool fits = true;
                for (std::size_t k = 0; k < from.args.size() && fits; ++k) {
                    const std::size_t other = swap != 0 ? from.args.size() - 1 - k : k;
                    fits = bind(from.args[k], to.args[other]);
                }
                if (fits) {
                    used_[j] = true;
                    target_[i] = j;
                    if (match(i + 1)) return true;
                    used_[j] = false;
                }
                undo(mark);
            }
        }
        return false;
    }
    // Extends the renaming so that `a` maps to `b`; false when it cannot.
    bool bind(const Name& a, const Name& b) {
        if (!a.variable || !b.variable) return a == b;  // constants map to themselves only
        auto it = rename_.find(a.text);
        if (it != rename_.end()) return it->second == b.text;
        if (taken_.contains(b.text)) return false;  // one-to-one
        rename_[a.text] = b.text;
        taken_[b.text] = true;
        trail_.emplace_back(a.text, b.text);
        return true;
    }
    void undo(std::size_t mark) {
        while (trail_.size() > mark) {
            rename_.erase(trail_.back().first);
            taken_.erase(trail_.back().second);
            trail_.pop_back();
        }
    }

    std::vector<Item> items_;
    std::size_t& budget_;
    std::map<std::string, std::string> rename_;
    std::map<std::string, bool> taken_;                       // variables already the image of one
    std::vector<std::pair<std::string, std::string>> trail_;  // bindings made, in order
    std::vector<std::size_t> target_;
    std::vector<bool> used_;
};

// Attempted item pairings: for one rule, and for all the rules of one program.
constexpr std::size_t kStepsPerRule = std::size_t{1} << 16;
constexpr std::size_t kStepsPerProgram = std::size_t{1} << 18;

std::optional<Mirror> find_mirror(const datalog::CheckedProgram& program, const ast::Clause& clause,
                                  const std::vector<bool>& symmetric, std::size_t& budget) {
    const ast::Atom& head = clause.head;
    if (head.args.size() != 2 || head.args[0].kind != ast::Term::Kind::Variable ||
        head.args[1].kind != ast::Term::Kind::Variable || head.args[0].text == head.args[1].text)
        return std::nullopt;
    std::size_t wildcards = 0;
    std::vector<Item> items;
    for (const ast::Atom& atom : clause.body) {
        Item item;
        item.relation = atom.relation;
        for (const ast::Term& term : atom.args) item.args.push_back(name_of(term, wildcards));
        item.unordered = atom.args.size() == 2 && symmetric[program.relation_index.at(atom.relation)];
        items.push_back(std::move(item));
    }
    for (const ast::Comparison& c : clause.comparisons) {
        // Written with < and <= only, so that a > b and b < a are the same item.
        const bool turn = c.op == ast::CompareOp::Gt || c.op == ast::CompareOp::Ge;
        Item item;
        item.relation = std::string("cmp ") + ast::compare_op_text(turn ? flipped(c.op) : c.op);
        item.args = {name_of(turn ? c.rhs : c.lhs, wildcards), name_of(turn ? c.lhs : c.rhs, wildcards)};
        item.unordered = c.op == ast::CompareOp::Eq || c.op == ast::CompareOp::Ne;
        items.push_back(std::move(item));
    }
    MirrorSearch search(std::move(items), head.args[0].text, head.args[1].text, budget);
    if (!search.run()) return std::nullopt;
    Mirror mirror;
    mirror.atoms.assign(search.targets().begin(),
                        search.targets().begin() + static_cast<std::ptrdiff_t>(clause.body.size()));
    mirror.rename = search.renaming();
    return mirror;
}

}  // namespace

std::optional<Mirror> mirror_of(const datalog::CheckedProgram& program, const ast::Clause& clause,
                                const std::vector<bool>& symmetric) {
    std::size_t budget = kStepsPerRule;
    return find_mirror(program, clause, symmetric, budget);
}

bool halves_delta(const ast::Clause& clause, std::size_t delta, const Mirror& mirror) {
    const ast::Atom& atom = clause.body[delta];
    if (mirror.atoms[delta] != delta || atom.args.size() != 2) return false;
    const ast::Term& a = atom.args[0];
    const ast::Term& b = atom.args[1];
    if (a.kind != ast::Term::Kind::Variable || b.kind != ast::Term::Kind::Variable || a.text == b.text)
        return false;
    const auto to_a = mirror.rename.find(a.text);
    const auto to_b = mirror.rename.find(b.text);
    return to_a != mirror.rename.end() && to_b != mirror.rename.end() && to_a->second == b.text &&
           to_b->second == a.text;
}

std::vector<bool> symmetric_relations(const datalog::CheckedProgram& program) {
    const std::size_t count = program.relations.size();
    std::vector<bool> symmetric(count, false);
    // One budget for the whole fixpoint: each round may search every rule again.
    std::size_t budget = kStepsPerProgram;
    for (const ast::Clause& clause : program.ast.clauses) {
        const std::size_t r = program.relation_index.at(clause.head.relation);
        const datalog::RelationInfo& info = program.relations[r];
        symmetric[r] = info.types.size() == 2 && info.types[0] == info.types[1] && !info.is_input;
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (const ast::Clause& clause : program.ast.clauses) {
            const std::size_t r = program.relation_index.at(clause.head.relation);
            if (!symmetric[r]) continue;
            const ast::Term& a = clause.head.args[0];
            const ast::Term& b = clause.head.args[1];
            const bool same_term =
                a.kind == b.kind && a.text == b.text && a.number == b.number;  // R(x, x), R(1, 1)
            std::size_t rule_budget = std::min(budget, kStepsPerRule);
            const std::size_t granted = rule_budget;
            const bool mirrored = same_term || find_mirror(program, clause, symmetric, rule_budget);
            budget -= granted - rule_budget;
            if (mirrored) continue;
            symmetric[r] = false;
            changed = true;
        }
    }
    return symmetric;
}

std::vector<bool> droppable_variants(const std::vector<std::size_t>& recursive,
                                     const std::vector<std::size_t>& mirror) {
    const std::size_t n = recursive.size();
    std::vector<bool> dropped(n, false);
    if (n > 16) return dropped;                   // 2^n delta sets: rules this long keep every variant
    std::map<std::size_t, std::size_t> position;  // body atom -> index in `recursive`
    for (std::size_t v = 0; v < n; ++v) position[recursive[v]] = v;
    for (std::size_t j = 0; j < n; ++j) {
        bool drop = true;
        // Every set D of delta atoms whose first is j: the mirror's delta atoms are the
        // atoms i with mirror[i] in D; its variant is the first of those.
        for (std::uint32_t d = 0; d < (1u << n) && drop; ++d) {
            if ((d & (1u << j)) == 0 || (d & ((1u << j) - 1)) != 0) continue;
            std::size_t first = n;
            for (std::size_t v = 0; v < n; ++v) {
                const std::size_t image = position.at(mirror[recursive[v]]);
                if ((d & (1u << image)) != 0) {
                    first = v;
                    break;
                }
            }
            drop = first < j && !dropped[first];
        }
        dropped[j] = drop;
    }
    return dropped;
}

}  // namespace galias::engine::plan
