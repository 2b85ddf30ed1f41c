// LocalDefinitions::reaches_feasibly: a walk over the control-flow graph that carries what
// the path has assigned to, and tested of, the locals the function's branches compare with
// constants. A state is a block and those facts; a branch whose test the facts decide has
// one way out. The facts that hold where the release happens are found once per release (a
// walk from the entry), then each use is a walk from the release.

#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <algorithm>
#include <array>
#include <functional>
#include <tuple>
#include <unordered_map>

#include "frontend/branch_tests.hpp"
#include "frontend/local_definitions.hpp"

namespace galias::frontend {

namespace {

// "(variable number `var` == `value`) is `equal`", known on the path walked.
struct Fact {
    std::uint32_t var = 0;
    bool equal = true;
    std::int64_t value = 0;
    // Written out: clang-tidy 14 reads the 0 of a defaulted <=> as a null pointer.
    bool operator==(const Fact& other) const {
        return var == other.var && equal == other.equal && value == other.value;
    }
    bool operator<(const Fact& other) const {
        return std::tie(var, equal, value) < std::tie(other.var, other.equal, other.value);
    }
};

// What a path knows, sorted; a few facts at most (a fact that does not fit is not learnt,
// which only keeps more paths open).
class Facts {
public:
    static constexpr std::size_t kCapacity = 8;
    // At most this many "!= K" facts per variable: a chain of tests needs few.
    static constexpr std::size_t kPerVariable = 4;

    // What the facts say of (var == value): true, false, or nothing.
    [[nodiscard]] std::optional<bool> known(std::uint32_t var, std::int64_t value) const {
        for (std::size_t i = 0; i < size_; ++i) {
            const Fact& f = items_[i];
            if (f.var != var) continue;
            if (f.value == value) return f.equal;
            if (f.equal) return false;  // var holds another value
        }
        return std::nullopt;
    }
    void forget(std::uint32_t var) {
        erase_if([&](const Fact& f) { return f.var == var; });
    }
    template <typename Pred>
    void erase_if(Pred pred) {
        const auto end = std::remove_if(items_.begin(), items_.begin() + size_, pred);
        size_ = static_cast<std::uint8_t>(end - items_.begin());
    }
    void learn(const Fact& fact) {
        if (fact.equal) {
            forget(fact.var);
        } else if (known(fact.var, fact.value).has_value() ||
                   static_cast<std::size_t>(
                       std::count_if(items_.begin(), items_.begin() + size_,
                                     [&](const Fact& f) { return f.var == fact.var; })) >= kPerVariable) {
            return;
        }
        if (size_ == kCapacity) return;
        const auto at = std::upper_bound(items_.begin(), items_.begin() + size_, fact);
        std::move_backward(at, items_.begin() + size_, items_.begin() + size_ + 1);
        *at = fact;
        ++size_;
    }
    bool operator==(const Facts& other) const {
        return size_ == other.size_ &&
               std::equal(items_.begin(), items_.begin() + size_, other.items_.begin());
    }

private:
    std::array<Fact, kCapacity> items_{};
    std::uint8_t size_ = 0;
};

struct State {
    unsigned block = 0;
    Facts facts;
    bool operator==(const State&) const = default;
};

// What one element of the graph does to the tested locals.
struct Effect {
    enum class Kind : std::uint8_t { Assign, ForgetEscaped, ForgetAll };
    Kind kind = Kind::Assign;
    std::uint32_t var = 0;
    std::optional<std::int64_t> value;  // Assign: the constant assigned, if it is one
    // ForgetEscaped at a call: the variables whose address it is given (`f(&result)`).
    std::vector<std::uint32_t> given;
};

}  // namespace

struct BranchFacts {
    // By block id: the test its branch makes of a variable (variable numbers below).
    std::vector<std::optional<std::pair<std::uint32_t, VariableTest>>> tests;
    // By variable number: its address is taken other than as a call's argument, so any call
    // or store may change it. A variable whose address is only passed to calls (`f(&result)`,
    // an out-parameter) changes at those calls.
    std::vector<bool> escaped;
    // By block id: the variables a test may read later (before they are assigned again), on
    // entry to the block. Facts of other variables are dropped there, so that paths which
    // differ only in what no later test reads are walked once.
    std::vector<std::vector<bool>> live;
    // By block id: whether a test of a variable above lies in the block or after it.
    std::vector<bool> test_ahead;
    // By release position: the facts that hold there on the paths from the entry (none:
    // too many paths to tell).
    std::unordered_map<std::size_t, std::optional<std::vector<Facts>>> at_release;

    // What the element at a position does to the tested variables (nullptr: nothing).
    [[nodiscard]] const Effect* effect(std::size_t position) const {
        const std::uint32_t at = position < effect_at_.size() ? effect_at_[position] : kNone;
        return at == kNone ? nullptr : &effects_[at];
    }
    void set_effect(std::size_t position, const Effect& e) {
        if (effect_at_.size() <= position) effect_at_.resize(position + 1, kNone);
        effect_at_[position] = static_cast<std::uint32_t>(effects_.size());
        effects_.push_back(e);
    }

private:
    static constexpr std::uint32_t kNone = ~0u;
    std::vector<Effect> effects_;
    std::vector<std::uint32_t> effect_at_;  // by position: the index in `effects_`, or kNone
};

void LocalDefinitions::BranchFactsDeleter::operator()(BranchFacts* facts) const {
    delete facts;
}

namespace {

void apply(const Effect& e, const std::vector<bool>& escaped, Facts& facts) {
    switch (e.kind) {
        case Effect::Kind::Assign:
            facts.forget(e.var);
            if (e.value) facts.learn(Fact{e.var, true, *e.value});
            break;
        case Effect::Kind::ForgetEscaped:
            facts.erase_if([&](const Fact& f) {
                return escaped[f.var] || std::find(e.given.begin(), e.given.end(), f.var) != e.given.end();
            });
            break;
        case Effect::Kind::ForgetAll:
            facts.erase_if([](const Fact&) { return true; });
            break;
    }
}

// The blocks from which a test of a tracked variable can be reached (the block's own included).
std::vector<bool> tests_ahead(
    const std::vector<const clang::CFGBlock*>& blocks,
    const std::vector<std::optional<std::pair<std::uint32_t, VariableTest>>>& tests) {
    std::vector<bool> ahead(blocks.size(), false);
    std::vector<unsigned> work;
    for (std::size_t b = 0; b < blocks.size(); ++b) {
        if (tests[b]) {
            ahead[b] = true;
            work.push_back(static_cast<unsigned>(b));
        }
    }
    while (!work.empty()) {
        const unsigned b = work.back();
        work.pop_back();
        for (const clang::CFGBlock::AdjacentBlock& prev : blocks[b]->preds()) {
            const clang::CFGBlock* p = prev.getReachableBlock();
            if (p != nullptr && !ahead[p->getBlockID()]) {
                ahead[p->getBlockID()] = true;
                work.push_back(p->getBlockID());
            }
        }
    }
    return ahead;
}

// The live sets of BranchFacts: a backward fixpoint over the blocks.
void compute_live_tests(const std::vector<const clang::CFGBlock*>& blocks,
                        const std::vector<std::size_t>& block_start, BranchFacts& bf) {
    const std::size_t vars = bf.escaped.size();
    // What each block assigns (before its test) and tests (after its elements).
    std::vector<std::vector<std::uint32_t>> assigned(blocks.size());
    for (const clang::CFGBlock* b : blocks) {
        if (b == nullptr) continue;
        for (std::size_t n = block_start[b->getBlockID()]; n < block_start[b->getBlockID()] + b->size();
             ++n) {
            const Effect* e = bf.effect(n);
            if (e != nullptr && e->kind == Effect::Kind::Assign) assigned[b->getBlockID()].push_back(e->var);
        }
    }
    bf.live.assign(blocks.size(), std::vector<bool>(vars, false));
    for (bool changed = true; changed;) {
        changed = false;
        for (auto it = blocks.rbegin(); it != blocks.rend(); ++it) {
            const clang::CFGBlock* b = *it;
            if (b == nullptr) continue;
            std::vector<bool> in(vars, false);
            for (const clang::CFGBlock::AdjacentBlock& next : b->succs()) {
                const clang::CFGBlock* n = next.getReachableBlock();
                if (n == nullptr) continue;
                const std::vector<bool>& out = bf.live[n->getBlockID()];
                for (std::size_t v = 0; v < vars; ++v) in[v] = in[v] || out[v];
            }
            if (const auto& test = bf.tests[b->getBlockID()]) in[test->first] = true;
            for (const std::uint32_t v : assigned[b->getBlockID()]) in[v] = false;
            if (in != bf.live[b->getBlockID()]) {
                bf.live[b->getBlockID()] = std::move(in);
                changed = true;
            }
        }
    }
}

using VariableNumbers = std::unordered_map<const clang::VarDecl*, std::uint32_t>;

std::optional<std::uint32_t> number_of(const VariableNumbers& numbers, const clang::VarDecl* v) {
    const auto it = v == nullptr ? numbers.end() : numbers.find(v);
    return it == numbers.end() ? std::nullopt : std::optional<std::uint32_t>(it->second);
}

// The variables whose tests a path may decide, numbered, and by block id the test its branch
// makes (`found`). A test can be decided only by an earlier test of the same variable or a
// constant assigned to it: the variables tested once and never given a constant are left out.
VariableNumbers number_tested_variables(const std::vector<const clang::CFGBlock*>& blocks,
                                        clang::ASTContext& context,
                                        std::vector<std::optional<VariableTest>>& found) {
    VariableNumbers numbers;
    std::unordered_map<const clang::VarDecl*, unsigned> tests_of;
    for (const clang::CFGBlock* b : blocks) {
        if (b == nullptr) continue;
        const std::optional<VariableTest> test = variable_test(block_condition(*b), context);
        if (!test || !test->var->hasLocalStorage() || test->var->getType().isVolatileQualified()) continue;
        found[b->getBlockID()] = test;
        ++tests_of[test->var];
    }
    for (const clang::CFGBlock* b : blocks) {
        if (b == nullptr || numbers.size() == tests_of.size()) continue;
        for (const clang::CFGElement& element : *b) {
            const auto s = element.getAs<clang::CFGStmt>();
            const auto* assign = s ? llvm::dyn_cast<clang::BinaryOperator>(s->getStmt()) : nullptr;
            const clang::VarDecl* var = nullptr;
            const clang::Expr* value = nullptr;
            if (assign != nullptr && assign->getOpcode() == clang::BO_Assign) {
                var = plain_variable(assign->getLHS());
                value = assign->getRHS();
            } else if (const auto* decl = s ? llvm::dyn_cast<clang::DeclStmt>(s->getStmt()) : nullptr;
                       decl != nullptr && decl->isSingleDecl()) {
                var = llvm::dyn_cast<clang::VarDecl>(decl->getSingleDecl());
                value = var != nullptr ? var->getInit() : nullptr;
            }
            if (var != nullptr && value != nullptr && tests_of.count(var) != 0 &&
                constant_value(value, context))
                numbers.try_emplace(var, static_cast<std::uint32_t>(numbers.size()));
        }
    }
    for (const auto& [var, count] : tests_of) {
        if (count > 1) numbers.try_emplace(var, static_cast<std::uint32_t>(numbers.size()));
    }
    return numbers;
}

// What one element does to the numbered variables; `addressed` and `given` count, by
// variable, the `&v` it evaluates and those of them it gives a call.
void record_effect(const clang::Stmt* stmt, std::size_t here, const VariableNumbers& numbers,
                   clang::ASTContext& context, BranchFacts& bf, std::vector<unsigned>& addressed,
                   std::vector<unsigned>& given) {
    if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(stmt)) {
        if (unary->getOpcode() == clang::UO_AddrOf) {
            if (const auto v = number_of(numbers, plain_variable(unary->getSubExpr()))) ++addressed[*v];
        } else if (unary->isIncrementDecrementOp()) {
            if (const auto v = number_of(numbers, plain_variable(unary->getSubExpr())))
                bf.set_effect(here, Effect{Effect::Kind::Assign, *v, std::nullopt, {}});
        }
    } else if (const auto* binary = llvm::dyn_cast<clang::BinaryOperator>(stmt);
               binary != nullptr && binary->isAssignmentOp()) {
        if (const auto v = number_of(numbers, plain_variable(binary->getLHS()))) {
            std::optional<std::int64_t> value;
            if (binary->getOpcode() == clang::BO_Assign) value = constant_value(binary->getRHS(), context);
            bf.set_effect(here, Effect{Effect::Kind::Assign, *v, value, {}});
        } else {
            // A store through a pointer.
            bf.set_effect(here, Effect{Effect::Kind::ForgetEscaped, 0, std::nullopt, {}});
        }
    } else if (const auto* decls = llvm::dyn_cast<clang::DeclStmt>(stmt)) {
        for (const clang::Decl* d : decls->decls()) {
            const auto* var = llvm::dyn_cast<clang::VarDecl>(d);
            if (const auto v = number_of(numbers, var)) {
                std::optional<std::int64_t> value;
                if (var->getInit() != nullptr) value = constant_value(var->getInit(), context);
                bf.set_effect(here, Effect{Effect::Kind::Assign, *v, value, {}});
            }
        }
    } else if (const auto* call = llvm::dyn_cast<clang::CallExpr>(stmt)) {
        Effect e{Effect::Kind::ForgetEscaped, 0, std::nullopt, {}};
        for (const clang::Expr* arg : call->arguments()) {
            const auto* address = llvm::dyn_cast<clang::UnaryOperator>(arg->IgnoreParenImpCasts());
            if (address == nullptr || address->getOpcode() != clang::UO_AddrOf) continue;
            if (const auto v = number_of(numbers, plain_variable(address->getSubExpr()))) {
                ++given[*v];
                e.given.push_back(*v);
            }
        }
        bf.set_effect(here, e);
    } else if (llvm::isa<clang::AsmStmt>(stmt)) {
        bf.set_effect(here, Effect{Effect::Kind::ForgetAll, 0, std::nullopt, {}});
    }
}

// The effects of every element on the numbered variables, and which of them escape.
void record_effects(const std::vector<const clang::CFGBlock*>& blocks,
                    const std::vector<std::size_t>& block_start, const VariableNumbers& numbers,
                    clang::ASTContext& context, BranchFacts& bf) {
    std::vector<unsigned> addressed(numbers.size(), 0);  // by variable: `&v` evaluated
    std::vector<unsigned> given(numbers.size(), 0);      // ... as a call's argument
    for (const clang::CFGBlock* b : blocks) {
        if (b == nullptr || numbers.empty()) continue;
        std::size_t n = block_start[b->getBlockID()];
        for (const clang::CFGElement& element : *b) {
            const std::size_t here = n++;
            if (const auto s = element.getAs<clang::CFGStmt>())
                record_effect(s->getStmt(), here, numbers, context, bf, addressed, given);
        }
    }
    for (std::size_t v = 0; v < addressed.size(); ++v) bf.escaped[v] = addressed[v] > given[v];
}

}  // namespace

void LocalDefinitions::build_branch_facts() const {
    branch_facts_.reset(new BranchFacts);
    BranchFacts& bf = *branch_facts_;
    bf.tests.resize(blocks_.size());
    std::vector<std::optional<VariableTest>> found(blocks_.size());
    const VariableNumbers numbers = number_tested_variables(blocks_, *context_, found);
    for (std::size_t b = 0; b < found.size(); ++b) {
        if (!found[b]) continue;
        if (const auto it = numbers.find(found[b]->var); it != numbers.end())
            bf.tests[b] = std::make_pair(it->second, *found[b]);
    }
    bf.escaped.assign(numbers.size(), false);
    record_effects(blocks_, block_start_, numbers, *context_, bf);
    compute_live_tests(blocks_, block_start_, bf);
    bf.test_ahead = tests_ahead(blocks_, bf.tests);
}

namespace {

// One walk over (block, facts) states: `starts` are the states to begin with and the index in
// their block to begin at; `visit(position, facts)` is asked at each element before its
// effect and says whether the path ends there (Stop), the walk is done (Found) or goes on.
enum class Visit : std::uint8_t { GoOn, Stop, Found };

// The graph a walk follows: the blocks by id, each block's first position, and the edges no
// execution takes.
struct WalkGraph {
    const std::vector<const clang::CFGBlock*>& blocks;
    const std::vector<std::size_t>& block_start;
    std::function<bool(const clang::CFGBlock*, const clang::CFGBlock*)> never_taken;
};

template <typename VisitFn>
bool walk_states(const WalkGraph& graph, const BranchFacts& bf,
                 std::vector<std::pair<State, unsigned>> starts,
                 const std::vector<LocalDefinitions::Edge>& cut, std::size_t budget, VisitFn visit) {
    const auto& blocks = graph.blocks;
    const auto& block_start = graph.block_start;
    const auto& never_taken = graph.never_taken;
    // By block id: the facts it was entered with so far (few per block: the live facts only).
    std::vector<std::vector<Facts>> seen(blocks.size());
    std::vector<std::pair<State, unsigned>> work = std::move(starts);
    std::size_t visits = 0;
    while (!work.empty()) {
        if (++visits > budget) return true;
        State s = work.back().first;
        const unsigned index = work.back().second;
        work.pop_back();
        const clang::CFGBlock* block = blocks[s.block];
        bool ended = false;
        for (std::size_t i = index; i < block->size() && !ended; ++i) {
            const std::size_t n = block_start[s.block] + i;
            switch (visit(n, s.facts)) {
                case Visit::Found:
                    return true;
                case Visit::Stop:
                    ended = true;
                    continue;
                case Visit::GoOn:
                    break;
            }
            if (const Effect* e = bf.effect(n)) apply(*e, bf.escaped, s.facts);
        }
        if (ended) continue;
        const auto& test = bf.tests[s.block];
        std::optional<bool> decided;
        if (test) {
            if (const std::optional<bool> eq = s.facts.known(test->first, test->second.value))
                decided = *eq == test->second.equal;
        }
        unsigned succ = 0;
        for (const clang::CFGBlock::AdjacentBlock& next : block->succs()) {
            const unsigned which = succ++;
            const clang::CFGBlock* n = next.getReachableBlock();
            if (n == nullptr || never_taken(block, n)) continue;
            if (std::any_of(cut.begin(), cut.end(), [&](const LocalDefinitions::Edge& e) {
                    return e.block == s.block && e.succ == which;
                }))
                continue;
            State following{n->getBlockID(), s.facts};
            if (test) {
                const bool holds = which == 0;  // the first successor is where the condition holds
                if (decided && *decided != holds) continue;
                following.facts.learn(Fact{test->first, holds == test->second.equal, test->second.value});
            }
            const std::vector<bool>& live = bf.live[following.block];
            following.facts.erase_if([&](const Fact& f) { return !live[f.var]; });
            std::vector<Facts>& entered = seen[following.block];
            if (std::find(entered.begin(), entered.end(), following.facts) != entered.end()) continue;
            entered.push_back(following.facts);
            work.emplace_back(following, 0u);
        }
    }
    return false;
}

}  // namespace

bool LocalDefinitions::reaches_feasibly(Point through, Point to, const PointSet& avoid,
                                        const std::vector<Edge>& cut, unsigned walks) const {
    const Position* via = position(through);
    const Position* target = position(to);
    if (cfg_ == nullptr || via == nullptr || target == nullptr) return true;
    if (branch_facts_ == nullptr) build_branch_facts();
    BranchFacts& bf = *branch_facts_;
    // No test that a fact could decide comes after the release: every path stays open.
    if (bf.escaped.empty() || !bf.test_ahead[via->block]) return true;
    const std::size_t budget = std::size_t{walks} * blocks_.size();
    const WalkGraph graph{blocks_, block_start_, [this](const clang::CFGBlock* a, const clang::CFGBlock* b) {
                              return never_taken(a, b);
                          }};
    const std::size_t via_number = number(*via);
    const std::size_t goal = number(*target);

    auto [cached, added] = bf.at_release.try_emplace(via_number);
    if (added) {
        // The facts on arriving at the release, on every path from the entry.
        std::vector<Facts> arriving;
        const bool too_many =
            walk_states(graph, bf, {{State{cfg_->getEntry().getBlockID(), {}}, 0u}}, {}, budget,
                        [&](std::size_t n, const Facts& facts) {
                            if (n != via_number) return Visit::GoOn;
                            if (std::find(arriving.begin(), arriving.end(), facts) == arriving.end())
                                arriving.push_back(facts);
                            return Visit::Stop;
                        });
        if (!too_many) cached->second = std::move(arriving);
    }
    if (!cached->second) return true;
    std::vector<std::pair<State, unsigned>> starts;
    for (const Facts& facts : *cached->second) starts.emplace_back(State{via->block, facts}, via->index + 1);
    // The facts at the release hold after it (its own effect applied first).
    if (const Effect* e = bf.effect(via_number)) {
        for (auto& [state, index] : starts) apply(*e, bf.escaped, state.facts);
    }
    return walk_states(graph, bf, std::move(starts), cut, budget, [&](std::size_t n, const Facts&) {
        if (n == goal) return Visit::Found;
        return n < avoid.size() && avoid[n] ? Visit::Stop : Visit::GoOn;
    });
}

}  // namespace galias::frontend
