#include "gpu_engine/plan/magic_sets.hpp"

#include <deque>
#include <optional>
#include <set>
#include <utility>

#include "gpu_engine/hisa/config.hpp"
#include "gpu_engine/plan/symmetry.hpp"

// Plain or supplementary magic relations. A plain magic rule joins its rule's prefix again
// (magic_R_α and the atoms before the one it demands), and so does the rule itself. The
// planner orders those joins by bound columns alone: in a semi-naive variant whose delta is
// a later atom, the tiny magic atom shares no variable with the delta and is joined last,
// after the large intermediates it would have cut (CSPA's ValueAlias_bf(x, y) :-
// magic(x), ValueFlow_fb(z, x), ValueFlow_bf(z, y) joined 47 M intermediate tuples on curl
// for 185 k results). A supplementary relation holds magic ⋈ prefix, projected, once, and
// the delta joins it directly; it costs one more recursive relation (stored, merged,
// indexed). Measured on the CPU backend of a 2-core machine, 1,000 random query nodes,
// engine seconds plain -> supplementary (best of three): CSPA curl 5.0 -> 1.8,
// cspa_linear curl 4.5 -> 3.3, Andersen curl 0.42 -> 0.52; cspa_linear gawk (100 nodes)
// 445 -> 104. CSPA is what the demand is for, so supplementary relations are the default.

namespace galias::engine::plan {

namespace {

using VariableSet = std::set<std::string>;

bool is_bound(const ast::Term& term, const VariableSet& bound) {
    switch (term.kind) {
        case ast::Term::Kind::Variable:
            return bound.contains(term.text);
        case ast::Term::Kind::Number:
        case ast::Term::Kind::String:
            return true;
        case ast::Term::Kind::Wildcard:
            return false;
    }
    return false;
}

void add_variables(const ast::Atom& atom, VariableSet& variables) {
    for (const ast::Term& term : atom.args)
        if (term.kind == ast::Term::Kind::Variable) variables.insert(term.text);
}

void add_variables(const ast::Comparison& comparison, VariableSet& variables) {
    for (const ast::Term* term : {&comparison.lhs, &comparison.rhs})
        if (term->kind == ast::Term::Kind::Variable) variables.insert(term->text);
}

// Whether every variable of the comparison is in `variables`.
bool covers(const VariableSet& variables, const ast::Comparison& comparison) {
    VariableSet mine;
    add_variables(comparison, mine);
    for (const std::string& name : mine)
        if (!variables.contains(name)) return false;
    return true;
}

ast::Term variable(const std::string& name, const SourceLocation& at) {
    return ast::Term{ast::Term::Kind::Variable, name, 0, at};
}

// R(c0, c1, ...): every column a variable of its own.
ast::Atom all_columns(const std::string& relation, std::size_t arity, const SourceLocation& at) {
    ast::Atom atom{relation, {}, at};
    for (std::size_t c = 0; c < arity; ++c) atom.args.push_back(variable("c" + std::to_string(c), at));
    return atom;
}

// The atom's arguments at the bound columns of `adornment`, as an atom of `relation`.
ast::Atom bound_part(const std::string& relation, const ast::Atom& atom, const std::string& adornment) {
    ast::Atom part{relation, {}, atom.location};
    for (std::size_t c = 0; c < adornment.size(); ++c)
        if (adornment[c] == 'b') part.args.push_back(atom.args[c]);
    return part;
}

bool all_free(const std::string& adornment) {
    return adornment.find('b') == std::string::npos;
}

bool same_term(const ast::Term& a, const ast::Term& b) {
    return a.kind == b.kind && a.text == b.text && a.number == b.number;
}

// magic(x) :- magic(x) derives nothing: a rule passes its head's own binding on to a body
// atom of the same adorned relation (Reach(x, y) :- Reach(x, z), ... asked with x bound).
bool restates(const ast::Atom& head, const std::vector<ast::Atom>& body) {
    if (body.size() != 1 || body[0].relation != head.relation) return false;
    for (std::size_t i = 0; i < head.args.size(); ++i)
        if (!same_term(head.args[i], body[0].args[i]) || head.args[i].kind == ast::Term::Kind::Wildcard)
            return false;
    return true;
}

// A body atom of an adorned rule, in the order bindings pass (the SIPS), and the magic
// atom its adornment needs derived from the atoms before it (none for a relation without
// rules or an all-free adornment).
struct Item {
    ast::Atom atom;
    std::optional<ast::Atom> demand;
};

class MagicSets {
public:
    MagicSets(const datalog::CheckedProgram& in, const MagicOptions& options)
        : in_(in), options_(options), rules_(in.relations.size()), symmetric_(symmetric_relations(in)) {
        for (const datalog::RelationInfo& relation : in.relations) taken_.insert(relation.name);
        for (const ast::Clause& clause : in.ast.clauses)
            rules_[index(clause.head.relation)].push_back(&clause);
    }

    MagicProgram run(const std::vector<DemandForm>& forms) {
        for (const DemandForm& form : forms) add_query(form);
        while (!work_.empty()) {
            const auto [relation, adornment] = work_.front();
            work_.pop_front();
            adorn_rules(relation, adornment);
        }
        keep_base_relations();
        for (ast::RelationDecl& decl : decls_) out_.program.relations.push_back(std::move(decl));
        for (ast::Directive& directive : directives_) out_.program.directives.push_back(std::move(directive));
        return std::move(out_);
    }

private:
    struct Adorned {
        std::string name;
        std::string magic;  // empty for an all-free adornment
    };

    std::size_t index(const std::string& relation) const { return in_.relation_index.at(relation); }
    // A relation with rules is evaluated through its adorned copies; any other is kept.
    bool derived(std::size_t r) const { return !rules_[r].empty(); }

    // `base`, or `base_2`, `base_3`, ...: no relation of the program or of the
    // transformation has the name.
    std::string fresh(const std::string& base) {
        std::string name = base;
        for (int n = 2; taken_.contains(name); ++n) name = base + "_" + std::to_string(n);
        taken_.insert(name);
        return name;
    }

    // A declaration of `name` with the attributes of relation r at `columns`.
    void declare(const std::string& name, std::size_t r, const std::vector<std::uint32_t>& columns) {
        const datalog::RelationInfo& info = in_.relations[r];
        ast::RelationDecl decl{name, {}, info.location};
        for (std::uint32_t c : columns)
            decl.attributes.push_back(ast::Attribute{info.attribute_names[c], info.types[c], info.location});
        decls_.push_back(std::move(decl));
    }

    static std::vector<std::uint32_t> columns_of(const std::string& adornment, bool bound_only) {
        std::vector<std::uint32_t> columns;
        for (std::uint32_t c = 0; c < adornment.size(); ++c)
            if (!bound_only || adornment[c] == 'b') columns.push_back(c);
        return columns;
    }

    // R_α and magic_R_α, created (and R's rules queued for adornment) on first use.
    Adorned adorned(std::size_t r, const std::string& adornment) {
        const auto key = std::make_pair(r, adornment);
        if (auto found = adorned_.find(key); found != adorned_.end()) return found->second;
        const std::string& relation = in_.relations[r].name;
        Adorned made;
        made.name = fresh(relation + "_" + adornment);
        declare(made.name, r, columns_of(adornment, false));
        if (!all_free(adornment)) {
            made.magic = fresh("magic_" + relation + "_" + adornment);
            declare(made.magic, r, columns_of(adornment, true));
            out_.magic.push_back(made.magic);
        }
        adorned_.emplace(key, made);
        work_.push_back(key);
        return made;
    }

    void add_query(const DemandForm& form) {
        const auto found = in_.relation_index.find(form.relation);
        if (found == in_.relation_index.end())
            throw DiagnosticError(form.location,
                                  "unknown relation '" + form.relation + "' in a demand (no .decl)");
        const std::size_t r = found->second;
        const datalog::RelationInfo& info = in_.relations[r];
        if (form.adornment.size() != info.types.size())
            throw DiagnosticError(form.location,
                                  "relation '" + info.name + "' has " + std::to_string(info.types.size()) +
                                      " columns but the demand " + std::to_string(form.adornment.size()) +
                                      " (one 'b' or 'f' a column)");
        for (char letter : form.adornment)
            if (letter != 'b' && letter != 'f')
                throw DiagnosticError(form.location,
                                      std::string("a demand marks each column 'b' (bound) or 'f' "
                                                  "(free), not '") +
                                          letter + "'");
        for (const MagicQuery& query : out_.queries)
            if (query.form.relation == form.relation && query.form.adornment == form.adornment) return;

        MagicQuery query;
        query.form = form;
        query.bound_columns = columns_of(form.adornment, true);
        const std::string answer = answer_relation(r, form.location);
        const ast::Atom whole = all_columns(info.name, info.types.size(), form.location);
        // Where the rows come from: R itself without rules, else R's adorned copy (a
        // symmetric R asked with its second column bound: R_bf, its columns swapped).
        ast::Atom source = whole;
        std::string adornment = form.adornment;
        if (derived(r)) {
            oriented(r, source, adornment);
            source.relation = adorned(r, adornment).name;
        }
        // The answers scan the relation and probe the queries: probing the relation instead
        // would ask for another stored order of it, kept up to date in every iteration of
        // its stratum for a join that runs once.
        ast::Clause answer_rule{
            all_columns(answer, info.types.size(), form.location), {source}, {}, form.location};
        if (!query.bound_columns.empty()) {
            query.seed = fresh("query_" + info.name + "_" + form.adornment);
            declare(query.seed, r, query.bound_columns);
            directives_.push_back(ast::Directive{ast::Directive::Kind::Input,
                                                 query.seed,
                                                 {{"filename", query.seed + ".facts"}},
                                                 form.location});
            const ast::Atom seed = bound_part(query.seed, whole, form.adornment);
            if (derived(r)) {
                const std::string magic = adorned(r, adornment).magic;
                clauses().push_back(
                    ast::Clause{bound_part(magic, source, adornment), {seed}, {}, form.location});
            }
            answer_rule.body.push_back(seed);
        }
        clauses().push_back(std::move(answer_rule));
        out_.queries.push_back(std::move(query));
    }

    // The output relation of R's answers: R itself when the name is free (R has rules and
    // no facts, so only its adorned copies exist), otherwise answer_R. It is written
    // where R's `.output` would be.
    std::string answer_relation(std::size_t r, const SourceLocation& at) {
        const datalog::RelationInfo& info = in_.relations[r];
        if (auto found = out_.answers.find(info.name); found != out_.answers.end()) return found->second;
        std::string name = derived(r) && !info.is_input ? info.name : fresh("answer_" + info.name);
        declare(name, r, columns_of(std::string(info.types.size(), 'f'), false));
        ast::Directive output{ast::Directive::Kind::Output, name, {}, at};
        output.params["filename"] = info.is_output ? info.output.filename : info.name + ".csv";
        if (info.is_output && info.output.delimiter != '\t')
            output.params["delimiter"] = std::string(1, info.output.delimiter);
        directives_.push_back(std::move(output));
        out_.answers.emplace(info.name, name);
        return name;
    }

    std::vector<ast::Clause>& clauses() { return out_.program.clauses; }

    void adorn_rules(std::size_t r, const std::string& adornment) {
        const Adorned head = adorned(r, adornment);
        const datalog::RelationInfo& info = in_.relations[r];
        if (info.is_input) {
            // R_α(x) :- magic_R_α(x's bound columns), R(x): the facts of R that are asked for.
            const ast::Atom whole = all_columns(info.name, info.types.size(), info.location);
            ast::Clause facts{
                all_columns(head.name, info.types.size(), info.location), {}, {}, info.location};
            if (!head.magic.empty()) facts.body.push_back(bound_part(head.magic, whole, adornment));
            facts.body.push_back(whole);
            clauses().push_back(std::move(facts));
        }
        for (const ast::Clause* clause : rules_[r]) {
            std::vector<Item> items = sideways(*clause, adornment, head);
            ast::Atom new_head = clause->head;
            new_head.relation = head.name;
            const std::size_t number = static_cast<std::size_t>(clause - in_.ast.clauses.data());
            if (!options_.supplementary || !emit_supplementary(*clause, number, new_head, items))
                emit_plain(*clause, new_head, adornment, items);
        }
    }

    // The next body atom to pass bindings on (Sips).
    std::size_t pick(const ast::Clause& clause, const std::vector<bool>& used,
                     const VariableSet& bound) const {
        std::optional<std::size_t> best;
        std::size_t best_bound = 0;
        for (std::size_t i = 0; i < clause.body.size(); ++i) {
            if (used[i]) continue;
            if (options_.sips == Sips::LeftToRight) return i;
            std::size_t count = 0;
            for (const ast::Term& term : clause.body[i].args) count += is_bound(term, bound);
            if (!best || count > best_bound) best = i, best_bound = count;
        }
        return *best;
    }

    // A symmetric relation asked with its second column bound is asked the other way round:
    // R(a, b) holds when R(b, a) does, so R_fb(a, b) is R_bf(b, a), one adorned copy fewer
    // (CSPA: ValueAlias and MemoryAlias, asked either way).
    void oriented(std::size_t r, ast::Atom& atom, std::string& adornment) const {
        if (!symmetric_[r] || adornment != "fb") return;
        std::swap(atom.args[0], atom.args[1]);
        adornment = "bf";
    }

    // The adornment of a body atom of a relation with rules: its constants and the
    // variables bound so far (`bound`: variable -> the item that bound it) are bound; with
    // one_bound_column, only the one bound first.
    std::string adornment_of(const ast::Atom& atom, const std::map<std::string, std::size_t>& bound) const {
        std::string adornment;
        std::optional<std::size_t> first;  // the bound column kept
        std::size_t first_at = 0;
        for (std::size_t c = 0; c < atom.args.size(); ++c) {
            const ast::Term& term = atom.args[c];
            const bool variable = term.kind == ast::Term::Kind::Variable;
            const bool is = variable ? bound.contains(term.text) : term.kind != ast::Term::Kind::Wildcard;
            adornment += is ? 'b' : 'f';
            if (!is) continue;
            const std::size_t at = variable ? bound.at(term.text) + 1 : 0;  // constants count as first
            if (!first || at < first_at) first = c, first_at = at;
        }
        if (options_.one_bound_column && first) {
            for (std::size_t c = 0; c < adornment.size(); ++c)
                if (c != *first) adornment[c] = 'f';
        }
        return adornment;
    }

    // The adorned rule's body: magic_R_α(the head's bound arguments) first, then every body
    // atom in SIPS order, renamed to its adorned relation, with the demand it needs.
    std::vector<Item> sideways(const ast::Clause& clause, const std::string& adornment, const Adorned& head) {
        std::vector<Item> items;
        VariableSet bound;
        std::map<std::string, std::size_t> bound_by;  // variable -> the item that bound it
        auto bind = [&](const ast::Atom& atom) {
            add_variables(atom, bound);
            for (const ast::Term& term : atom.args)
                if (term.kind == ast::Term::Kind::Variable) bound_by.emplace(term.text, items.size());
        };
        if (!head.magic.empty()) {
            const ast::Atom magic = bound_part(head.magic, clause.head, adornment);
            bind(magic);
            items.push_back(Item{magic, std::nullopt});
        }
        std::vector<bool> used(clause.body.size(), false);
        for (std::size_t n = 0; n < clause.body.size(); ++n) {
            const std::size_t next = pick(clause, used, bound);
            used[next] = true;
            const ast::Atom& atom = clause.body[next];
            Item item{atom, std::nullopt};
            const std::size_t r = index(atom.relation);
            if (derived(r)) {
                std::string beta = adornment_of(atom, bound_by);
                oriented(r, item.atom, beta);
                const Adorned target = adorned(r, beta);
                item.atom.relation = target.name;
                if (!target.magic.empty()) item.demand = bound_part(target.magic, item.atom, beta);
            }
            bind(atom);
            items.push_back(std::move(item));
        }
        return items;
    }

    // magic_S_β(...) :- the items before S's, and the comparisons they bind; then the
    // adorned rule itself.
    void emit_plain(const ast::Clause& clause, const ast::Atom& head, const std::string& adornment,
                    const std::vector<Item>& items) {
        const bool has_magic = !all_free(adornment);
        for (std::size_t k = 0; k < items.size(); ++k) {
            if (!items[k].demand) continue;
            ast::Clause magic{*items[k].demand, {}, {}, clause.location};
            VariableSet prefix;
            for (std::size_t j = 0; j < k; ++j) {
                if (j == 0 && has_magic && implied(head, adornment, items, k)) continue;
                magic.body.push_back(items[j].atom);
                add_variables(items[j].atom, prefix);
            }
            for (const ast::Comparison& comparison : clause.comparisons)
                if (covers(prefix, comparison)) magic.comparisons.push_back(comparison);
            if (!restates(magic.head, magic.body)) clauses().push_back(std::move(magic));
        }
        ast::Clause rule{head, {}, clause.comparisons, clause.location};
        const bool skip = has_magic && implied(head, adornment, items, items.size());
        for (std::size_t j = skip ? 1 : 0; j < items.size(); ++j) rule.body.push_back(items[j].atom);
        clauses().push_back(std::move(rule));
    }

    // Whether the head's magic atom, items[0], is implied by one of items[1..end): an atom
    // of the head's own adorned relation with the head's bound arguments (every tuple of
    // R_α has its bound columns in magic_R_α). Then it only filters what passes anyway,
    // and costs the planner a join step (PointsTo_fb(y, w) :- PointsTo_fb(z, w), ...).
    static bool implied(const ast::Atom& head, const std::string& adornment, const std::vector<Item>& items,
                        std::size_t end) {
        for (std::size_t j = 1; j < end; ++j) {
            const ast::Atom& atom = items[j].atom;
            if (atom.relation != head.relation) continue;
            bool same = true;
            for (std::size_t c = 0; c < adornment.size() && same; ++c)
                same = adornment[c] == 'f' || same_term(atom.args[c], head.args[c]);
            if (same) return true;
        }
        return false;
    }

    // The same with supplementary relations: sup_k holds the join of the first k items,
    // projected to the variables later items, the head or comparisons not yet applied
    // need; magic rules and the rule read it instead of joining the prefix again. Returns
    // false (emitting nothing) where no magic rule has a prefix of two items or more, or a
    // supplementary relation would have no column or more than the engine supports.
    bool emit_supplementary(const ast::Clause& clause, std::size_t number, const ast::Atom& head,
                            const std::vector<Item>& items) {
        std::size_t last = 0;  // the last item whose demand is derived from two items or more
        for (std::size_t k = 2; k < items.size(); ++k)
            if (items[k].demand) last = k;
        if (last == 0) return false;
        const std::map<std::string, facts::ColumnType> types = variable_types(clause);
        std::vector<ast::Clause> made;
        std::vector<ast::RelationDecl> sups;
        std::vector<bool> applied(clause.comparisons.size(), false);
        VariableSet seen;
        add_variables(items[0].atom, seen);
        ast::Atom prefix = items[0].atom;
        if (items[0].demand) made.push_back(ast::Clause{*items[0].demand, {}, {}, clause.location});
        auto unapplied = [&](const VariableSet& variables) {
            std::vector<ast::Comparison> out;
            for (std::size_t c = 0; c < clause.comparisons.size(); ++c)
                if (!applied[c] && covers(variables, clause.comparisons[c]))
                    out.push_back(clause.comparisons[c]);
            return out;
        };
        for (std::size_t k = 1; k <= last; ++k) {
            if (items[k].demand && !restates(*items[k].demand, {prefix}))
                made.push_back(ast::Clause{*items[k].demand, {prefix}, unapplied(seen), clause.location});
            if (k == last) break;
            // sup_(k+1) :- prefix, items[k]: the comparisons bound by now are applied here.
            add_variables(items[k].atom, seen);
            ast::Clause step{{}, {prefix, items[k].atom}, {}, clause.location};
            for (std::size_t c = 0; c < clause.comparisons.size(); ++c) {
                if (applied[c] || !covers(seen, clause.comparisons[c])) continue;
                step.comparisons.push_back(clause.comparisons[c]);
                applied[c] = true;
            }
            VariableSet needed;
            add_variables(head, needed);
            for (std::size_t j = k + 1; j < items.size(); ++j) add_variables(items[j].atom, needed);
            for (std::size_t c = 0; c < clause.comparisons.size(); ++c)
                if (!applied[c]) add_variables(clause.comparisons[c], needed);
            const std::string name = fresh("sup_" + head.relation + "_" + std::to_string(number + 1) + "_" +
                                           std::to_string(k + 1));
            ast::RelationDecl decl{name, {}, clause.location};
            step.head = ast::Atom{name, {}, clause.location};
            for (const std::string& v : seen) {
                if (!needed.contains(v)) continue;
                decl.attributes.push_back(ast::Attribute{v, types.at(v), clause.location});
                step.head.args.push_back(variable(v, clause.location));
            }
            if (step.head.args.empty() || step.head.args.size() > kMaxArity) {
                for (const ast::RelationDecl& sup : sups) taken_.erase(sup.name);
                taken_.erase(name);
                return false;
            }
            prefix = step.head;
            made.push_back(std::move(step));
            sups.push_back(std::move(decl));
        }
        ast::Clause rule{head, {prefix}, {}, clause.location};
        for (std::size_t j = last; j < items.size(); ++j) rule.body.push_back(items[j].atom);
        for (std::size_t c = 0; c < clause.comparisons.size(); ++c)
            if (!applied[c]) rule.comparisons.push_back(clause.comparisons[c]);
        made.push_back(std::move(rule));
        for (ast::Clause& c : made) clauses().push_back(std::move(c));
        for (ast::RelationDecl& decl : sups) decls_.push_back(std::move(decl));
        return true;
    }

    // The column type of every variable of the clause's body (the checker made them agree).
    std::map<std::string, facts::ColumnType> variable_types(const ast::Clause& clause) const {
        std::map<std::string, facts::ColumnType> types;
        for (const ast::Atom& atom : clause.body) {
            const datalog::RelationInfo& info = in_.relations[index(atom.relation)];
            for (std::size_t i = 0; i < atom.args.size(); ++i)
                if (atom.args[i].kind == ast::Term::Kind::Variable)
                    types.emplace(atom.args[i].text, info.types[i]);
        }
        return types;
    }

    // The relations of the program that the transformed rules read as they are (inputs,
    // relations without rules), with their `.input` directives; declared first.
    void keep_base_relations() {
        std::set<std::string> read;
        for (const ast::Clause& clause : out_.program.clauses)
            for (const ast::Atom& atom : clause.body) read.insert(atom.relation);
        for (std::size_t r = 0; r < in_.relations.size(); ++r) {
            const datalog::RelationInfo& info = in_.relations[r];
            if (!read.contains(info.name) || (derived(r) && !info.is_input)) continue;
            out_.program.relations.push_back(in_.ast.relations[r]);
            for (const ast::Directive& directive : in_.ast.directives)
                if (directive.kind == ast::Directive::Kind::Input && directive.relation == info.name)
                    out_.program.directives.push_back(directive);
        }
    }

    const datalog::CheckedProgram& in_;
    MagicOptions options_;
    MagicProgram out_;
    std::vector<std::vector<const ast::Clause*>> rules_;  // per relation, in program order
    std::vector<bool> symmetric_;                         // per relation (plan/symmetry.hpp)
    std::set<std::string> taken_;                         // every relation name in use
    std::map<std::pair<std::size_t, std::string>, Adorned> adorned_;
    std::deque<std::pair<std::size_t, std::string>> work_;  // adorned relations whose rules are not yet made
    std::vector<ast::RelationDecl> decls_;                  // of the relations the transformation makes
    std::vector<ast::Directive> directives_;                // of the seeds and answers
};

}  // namespace

MagicProgram magic_sets(const datalog::CheckedProgram& program, const std::vector<DemandForm>& forms,
                        const MagicOptions& options) {
    return MagicSets(program, options).run(forms);
}

}  // namespace galias::engine::plan
