#include "frontend/indirect_calls.hpp"

#include <algorithm>

#include "frontend/points_to_solver.hpp"

namespace galias::frontend {

namespace {

// C calls a function through a pointer of a compatible type (anything else is undefined
// behaviour); pointer types are all treated as compatible, since casting a function to a
// type with other pointer parameters (void * for struct foo *) is common practice.
bool compatible(const CallSite& call, const Function& f) {
    if (!call.has_prototype || !f.has_prototype) return true;  // K&R: anything goes
    return call.signature == f.signature;
}

void resolve_by_type(const ProgramIr& program, CallTargets& targets) {
    std::vector<EntityId> address_taken;
    for (const Term& t : program.terms.terms()) {
        if (t.kind == TermKind::AddrOf && t.entity != kNone &&
            program.entities[t.entity].kind == facts::NodeKind::Function) {
            address_taken.push_back(t.entity);
        }
    }
    std::sort(address_taken.begin(), address_taken.end());
    address_taken.erase(std::unique(address_taken.begin(), address_taken.end()), address_taken.end());
    for (std::uint32_t site = 0; site < program.call_sites.size(); ++site) {
        const CallSite& call = program.call_site(site);
        if (call.direct_callee != kNone) continue;
        for (EntityId f : address_taken) {
            // Only a function of the caller's own program: programs share no code.
            auto it = program.function_index.find(f);
            if (it == program.function_index.end() ||
                program.function_program[it->second] != program.program_of_site(site)) {
                continue;
            }
            if (compatible(call, program.functions[it->second])) targets[site].push_back(f);
        }
    }
}

// Feeds the Andersen rows emitted since the last call into the solver. All string literals
// are one object to the solver: they hold no pointer, so which literal a pointer reaches
// never changes which functions a call reaches, and printf-style code makes thousands of
// literals reach the same format parameters.
class SolverFeed {
public:
    SolverFeed(const ExtractResult& facts, PointsToSolver& solver) : facts_(facts), solver_(solver) {}

    void feed() {
        const auto rows = [](const FactRelation& r, std::size_t& consumed, auto&& add) {
            for (; consumed < r.size(); ++consumed) add(r.cells[2 * consumed], r.cells[2 * consumed + 1]);
        };
        rows(facts_.andersen_address_of, address_of_,
             [&](auto y, auto x) { solver_.add_address_of(y, object(x)); });
        rows(facts_.andersen_assign, assign_, [&](auto y, auto x) { solver_.add_copy(y, x); });
        rows(facts_.andersen_load, load_, [&](auto y, auto x) { solver_.add_load(y, x); });
        rows(facts_.andersen_store, store_, [&](auto y, auto x) { solver_.add_store(y, x); });
    }

private:
    facts::NodeId object(facts::NodeId x) {
        if (facts_.program.nodes[x].kind != facts::NodeKind::String) return x;
        if (string_ == facts::kNoNode) string_ = x;
        return string_;
    }

    const ExtractResult& facts_;
    PointsToSolver& solver_;
    facts::NodeId string_ = facts::kNoNode;
    std::size_t address_of_ = 0, assign_ = 0, load_ = 0, store_ = 0;
};

// For every function and argument position, whether its call sites pass arguments that
// share no object: the intersection of the non-empty sets (an aggregate: all its leaves).
VaryingArguments varying_arguments(ProgramIr& program, const CallTargets& targets, FactEmitter& emitter,
                                   const PointsToSolver& solver) {
    const std::size_t n = program.functions.size();
    std::vector<std::vector<PointsToSolver::Set>> common(n);  // running intersections
    std::vector<std::vector<bool>> seen(n);
    for (std::uint32_t site = 0; site < program.call_sites.size(); ++site) {
        const std::vector<CallValue> args = program.call_site(site).args;  // copy: nodes may intern terms
        std::vector<PointsToSolver::Set> sets(args.size());
        for (std::size_t i = 0; i < args.size(); ++i) {
            const CallValue& arg = args[i];
            if (arg.term == kNone) continue;
            if (!arg.aggregate) {
                sets[i] = solver.points_to(emitter.node(arg.term, 0));
            } else {
                for (const Leaf& leaf : arg.leaves)
                    sets[i] |= solver.points_to(emitter.node(program.terms.extend(arg.term, leaf), 0));
            }
        }
        for (EntityId target : targets[site]) {
            auto it = program.function_index.find(target);
            if (it == program.function_index.end() || !program.functions[it->second].has_body) continue;
            auto& c = common[it->second];
            auto& s = seen[it->second];
            if (c.size() < sets.size()) {
                c.resize(sets.size());
                s.resize(sets.size(), false);
            }
            for (std::size_t i = 0; i < sets.size(); ++i) {
                if (sets[i].empty()) continue;  // a null argument separates nothing
                if (!s[i]) {
                    c[i] = sets[i];
                    s[i] = true;
                } else {
                    c[i] &= sets[i];
                }
            }
        }
    }
    VaryingArguments varying(n);
    for (std::size_t f = 0; f < n; ++f) {
        varying[f].resize(common[f].size(), false);
        for (std::size_t i = 0; i < common[f].size(); ++i) varying[f][i] = seen[f][i] && common[f][i].empty();
    }
    return varying;
}

// A program with no call through a function pointer needs the pre-analysis only to choose
// what to clone (VaryingArguments), a heuristic. Andersen's points-to sets can grow with the
// program (pointers that meet in globals point to everything that reaches them: the sets'
// total is quadratic in the program), so that use gets a budget linear in the program's
// constraints and sets of at most kSelectionMaxSet objects, which bound its time linearly.
// Over it, every function is cloned (as with --indirect-calls types); the clone budgets of
// context_table.hpp still bound what that costs.
constexpr std::uint64_t kSelectionWorkPerConstraint = 256;
constexpr std::uint64_t kSelectionMinWork = std::uint64_t{1} << 22;
constexpr std::size_t kSelectionMaxSet = 4096;

enum class PreAnalysis {
    Solved,
    OverBudget,           // calls through function pointers are left to resolve_by_type
    SelectionOverBudget,  // no such calls; clone selection goes without (clone everything)
};

PreAnalysis resolve_by_points_to(ProgramIr& program, std::uint64_t budget, const EmitOptions& emit_options,
                                 CallTargets& targets, IndirectCallStats& stats, VaryingArguments* varying) {
    const CallTargets direct_only = targets;
    ExtractResult scratch;
    FactEmitter emitter(program, targets, nullptr, emit_options, scratch);
    emitter.emit_program();  // indirect sites have no targets yet
    PointsToSolver solver;
    SolverFeed feed(scratch, solver);
    std::vector<std::uint32_t> indirect;
    for (std::uint32_t site = 0; site < program.call_sites.size(); ++site) {
        if (program.call_site(site).direct_callee == kNone &&
            program.call_site(site).callee_pointer != kNone) {
            indirect.push_back(site);
        }
    }
    const bool selection_only = indirect.empty();
    if (selection_only) {
        const std::uint64_t constraints = scratch.andersen_address_of.size() +
                                          scratch.andersen_assign.size() + scratch.andersen_load.size() +
                                          scratch.andersen_store.size();
        budget = std::min(budget, std::max(kSelectionMinWork, kSelectionWorkPerConstraint * constraints));
        solver.limit_set_size(kSelectionMaxSet);
    }
    bool changed = true;
    while (changed) {
        ++stats.solver_rounds;
        feed.feed();
        const bool finished = solver.solve(budget - std::min(budget, solver.work()));
        stats.solver_work = solver.work();
        if (!finished) {
            targets = direct_only;
            return selection_only ? PreAnalysis::SelectionOverBudget : PreAnalysis::OverBudget;
        }
        changed = false;
        for (std::uint32_t site : indirect) {
            // Emitting flows adds terms and entities, never functions or call sites: the
            // references stay valid.
            const CallSite& call = program.call_site(site);
            const facts::NodeId pointer = emitter.node(call.callee_pointer, 0);
            const PointsToSolver::Set& objects = solver.points_to(pointer);
            for (const unsigned object : objects) {
                const EntityId f = emitter.function_of_node(solver.object_node(object));
                if (f == kNone ||
                    std::find(targets[site].begin(), targets[site].end(), f) != targets[site].end()) {
                    continue;
                }
                targets[site].push_back(f);
                emitter.emit_call_target(call, 0, f);  // its flows may reach more pointers
                changed = true;
            }
        }
    }
    for (std::uint32_t site : indirect) std::sort(targets[site].begin(), targets[site].end());
    if (varying != nullptr) *varying = varying_arguments(program, targets, emitter, solver);
    return PreAnalysis::Solved;
}

}  // namespace

CallTargets resolve_call_targets(ProgramIr& program, IndirectCalls mode, std::uint64_t points_to_budget,
                                 const EmitOptions& emit_options, IndirectCallStats& stats,
                                 VaryingArguments* varying) {
    CallTargets targets(program.call_sites.size());
    for (std::uint32_t site = 0; site < program.call_sites.size(); ++site) {
        const CallSite& call = program.call_site(site);
        if (call.direct_callee != kNone) {
            targets[site].push_back(call.direct_callee);
        } else {
            ++stats.indirect_sites;
        }
    }
    if (mode == IndirectCalls::Types) {
        resolve_by_type(program, targets);
    } else {
        switch (resolve_by_points_to(program, points_to_budget, emit_options, targets, stats, varying)) {
            case PreAnalysis::Solved:
                break;
            case PreAnalysis::OverBudget:
                stats.fell_back_to_types = true;
                resolve_by_type(program, targets);
                break;
            case PreAnalysis::SelectionOverBudget:
                stats.selection_over_budget = true;
                break;
        }
    }
    for (std::uint32_t site = 0; site < program.call_sites.size(); ++site) {
        if (program.call_site(site).direct_callee != kNone) continue;
        stats.resolved_sites += targets[site].empty() ? 0 : 1;
        stats.targets += targets[site].size();
    }
    return targets;
}

}  // namespace galias::frontend
