// LocalDefinitions::reaches_feasibly: a walk over the control-flow graph that carries what
// the path has assigned to, and tested of, the locals the function's branches compare with
// constants. States are (block, whether `through` was passed, those facts); a branch whose
// test the facts decide has one way out.

#include "frontend/branch_tests.hpp"
#include "frontend/local_definitions.hpp"

#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <algorithm>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace galias::frontend {

namespace {

// "(variable number `var` == `value`) is `equal`", known on the path walked.
struct Fact {
    std::uint32_t var = 0;
    std::int64_t value = 0;
    bool equal = true;
    auto operator<=>(const Fact&) const = default;
};
using Facts = std::vector<Fact>;

// What one element of the graph does to the tested locals.
struct Effect {
    enum class Kind : std::uint8_t { Assign, ForgetEscaped, ForgetAll };
    Kind kind = Kind::Assign;
    std::uint32_t var = 0;
    std::optional<std::int64_t> value;  // Assign: the constant assigned, if it is one
};

// At most this many "!= K" facts are kept per variable: a path through a chain of tests
// needs few, and the number of states stays small.
constexpr std::size_t kMaxFactsPerVariable = 4;

void forget(Facts& facts, std::uint32_t var) {
    std::erase_if(facts, [&](const Fact& f) { return f.var == var; });
}

// What the facts say of (var == value): true, false, or nothing.
std::optional<bool> known(const Facts& facts, std::uint32_t var, std::int64_t value) {
    for (const Fact& f : facts) {
        if (f.var != var) continue;
        if (f.value == value) return f.equal;
        if (f.equal) return false;  // var holds another value
    }
    return std::nullopt;
}

void learn(Facts& facts, const Fact& fact) {
    if (fact.equal) {
        forget(facts, fact.var);
    } else if (known(facts, fact.var, fact.value).has_value() ||
               std::count_if(facts.begin(), facts.end(), [&](const Fact& f) { return f.var == fact.var; }) >=
                   static_cast<std::ptrdiff_t>(kMaxFactsPerVariable)) {
        return;
    }
    facts.insert(std::upper_bound(facts.begin(), facts.end(), fact), fact);
}

}  // namespace

struct LocalDefinitions::BranchFacts {
    // By block id: the test its branch makes of a variable (variable numbers below).
    std::vector<std::optional<std::pair<std::uint32_t, VariableTest>>> tests;
    // By position number: what the element does to the tested variables.
    std::unordered_map<std::size_t, Effect> effects;
    std::vector<bool> escaped;  // by variable number: its address is taken
};

void LocalDefinitions::BranchFactsDeleter::operator()(BranchFacts* facts) const { delete facts; }

namespace {

const clang::VarDecl* plain_variable(const clang::Expr* e) {
    const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
    return ref == nullptr ? nullptr : llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
}

}  // namespace

bool LocalDefinitions::reaches_feasibly(Point through, Point to, const PointSet& avoid,
                                        const std::vector<Edge>& cut, unsigned walks) const {
    const Position* via = position(through);
    const Position* target = position(to);
    if (cfg_ == nullptr || via == nullptr || target == nullptr) return true;
    if (branch_facts_ == nullptr) {
        branch_facts_.reset(new BranchFacts);
        BranchFacts& bf = *branch_facts_;
        std::unordered_map<const clang::VarDecl*, std::uint32_t> numbers;
        bf.tests.resize(blocks_.size());
        for (const clang::CFGBlock* b : blocks_) {
            if (b == nullptr) continue;
            const std::optional<VariableTest> test = variable_test(block_condition(*b), *context_);
            if (!test || !test->var->hasLocalStorage() || test->var->getType().isVolatileQualified()) continue;
            const auto [it, added] = numbers.try_emplace(test->var, static_cast<std::uint32_t>(numbers.size()));
            bf.tests[b->getBlockID()] = std::make_pair(it->second, *test);
        }
        bf.escaped.assign(numbers.size(), false);
        const auto number_of = [&](const clang::VarDecl* v) -> std::optional<std::uint32_t> {
            const auto it = v == nullptr ? numbers.end() : numbers.find(v);
            return it == numbers.end() ? std::nullopt : std::optional<std::uint32_t>(it->second);
        };
        for (const clang::CFGBlock* b : blocks_) {
            if (b == nullptr || numbers.empty()) continue;
            std::size_t n = block_start_[b->getBlockID()];
            for (const clang::CFGElement& element : *b) {
                const std::size_t here = n++;
                const auto s = element.getAs<clang::CFGStmt>();
                if (!s) continue;
                const clang::Stmt* stmt = s->getStmt();
                if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(stmt)) {
                    if (unary->getOpcode() == clang::UO_AddrOf) {
                        if (const auto v = number_of(plain_variable(unary->getSubExpr()))) bf.escaped[*v] = true;
                    } else if (unary->isIncrementDecrementOp()) {
                        if (const auto v = number_of(plain_variable(unary->getSubExpr())))
                            bf.effects[here] = Effect{Effect::Kind::Assign, *v, std::nullopt};
                    }
                } else if (const auto* binary = llvm::dyn_cast<clang::BinaryOperator>(stmt);
                           binary != nullptr && binary->isAssignmentOp()) {
                    if (const auto v = number_of(plain_variable(binary->getLHS()))) {
                        std::optional<std::int64_t> value;
                        if (binary->getOpcode() == clang::BO_Assign) value = constant_value(binary->getRHS(), *context_);
                        bf.effects[here] = Effect{Effect::Kind::Assign, *v, value};
                    } else {
                        bf.effects[here] = Effect{Effect::Kind::ForgetEscaped, 0, std::nullopt};  // a store through a pointer
                    }
                } else if (const auto* decls = llvm::dyn_cast<clang::DeclStmt>(stmt)) {
                    for (const clang::Decl* d : decls->decls()) {
                        const auto* var = llvm::dyn_cast<clang::VarDecl>(d);
                        if (const auto v = number_of(var)) {
                            std::optional<std::int64_t> value;
                            if (var->getInit() != nullptr) value = constant_value(var->getInit(), *context_);
                            bf.effects[here] = Effect{Effect::Kind::Assign, *v, value};
                        }
                    }
                } else if (llvm::isa<clang::CallExpr>(stmt)) {
                    bf.effects[here] = Effect{Effect::Kind::ForgetEscaped, 0, std::nullopt};
                } else if (llvm::isa<clang::AsmStmt>(stmt)) {
                    bf.effects[here] = Effect{Effect::Kind::ForgetAll, 0, std::nullopt};
                }
            }
        }
    }
    const BranchFacts& bf = *branch_facts_;
    if (bf.escaped.empty()) return true;  // no branch tests a local: nothing to decide

    const std::size_t via_number = number(*via);
    const std::size_t goal = number(*target);
    struct State {
        unsigned block;
        bool passed;
        Facts facts;
    };
    std::unordered_set<std::string> seen;
    const auto key = [](const State& s) {
        std::string k(reinterpret_cast<const char*>(&s.block), sizeof s.block);
        k.push_back(s.passed ? '1' : '0');
        for (const Fact& f : s.facts) {
            k.append(reinterpret_cast<const char*>(&f.var), sizeof f.var);
            k.append(reinterpret_cast<const char*>(&f.value), sizeof f.value);
            k.push_back(f.equal ? '1' : '0');
        }
        return k;
    };
    std::vector<State> work;
    const unsigned entry = cfg_->getEntry().getBlockID();
    work.push_back(State{entry, false, {}});
    seen.insert(key(work.back()));
    const std::size_t budget = std::size_t{walks} * blocks_.size();
    std::size_t visits = 0;
    while (!work.empty()) {
        if (++visits > budget) return true;
        State s = std::move(work.back());
        work.pop_back();
        const clang::CFGBlock* block = blocks_[s.block];
        bool closed = false;
        for (std::size_t i = 0; i < block->size(); ++i) {
            const std::size_t n = block_start_[s.block] + i;
            if (s.passed && n == goal) return true;
            if (s.passed && n < avoid.size() && avoid[n]) {
                closed = true;
                break;
            }
            if (n == via_number) s.passed = true;
            const auto effect = bf.effects.find(n);
            if (effect == bf.effects.end()) continue;
            const Effect& e = effect->second;
            switch (e.kind) {
                case Effect::Kind::Assign:
                    forget(s.facts, e.var);
                    if (e.value) learn(s.facts, Fact{e.var, *e.value, true});
                    break;
                case Effect::Kind::ForgetEscaped:
                    std::erase_if(s.facts, [&](const Fact& f) { return bf.escaped[f.var]; });
                    break;
                case Effect::Kind::ForgetAll:
                    s.facts.clear();
                    break;
            }
        }
        if (closed) continue;
        const auto& test = bf.tests[s.block];
        const std::optional<bool> decided =
            test ? [&]() -> std::optional<bool> {
                const std::optional<bool> eq = known(s.facts, test->first, test->second.value);
                if (!eq) return std::nullopt;
                return *eq == test->second.equal;
            }()
                 : std::nullopt;
        unsigned succ = 0;
        for (const clang::CFGBlock::AdjacentBlock& next : block->succs()) {
            const unsigned index = succ++;
            const clang::CFGBlock* n = next.getReachableBlock();
            if (n == nullptr || never_taken(block, n)) continue;
            if (s.passed && std::any_of(cut.begin(), cut.end(),
                                        [&](const Edge& e) { return e.block == s.block && e.succ == index; }))
                continue;
            State following{n->getBlockID(), s.passed, s.facts};
            if (test) {
                const bool holds = index == 0;  // the first successor is where the condition holds
                if (decided && *decided != holds) continue;
                learn(following.facts, Fact{test->first, test->second.value, holds == test->second.equal});
            }
            if (seen.insert(key(following)).second) work.push_back(std::move(following));
        }
    }
    return false;
}

}  // namespace galias::frontend
