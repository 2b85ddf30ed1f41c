#include "frontend/local_definitions.hpp"

#include <clang/AST/Stmt.h>
#include <clang/AST/StmtVisitor.h>
#include <clang/Analysis/CFG.h>

#include <algorithm>
#include <map>
#include <optional>

#include "frontend/branch_tests.hpp"

namespace galias::frontend {

namespace {

// A bit set over definition ids, one per CFG block edge; small enough to copy.
using Bits = std::vector<std::uint64_t>;

// The analysis keeps two bit sets per CFG block; beyond this many bytes a function is left
// flow-insensitive (generated code with thousands of blocks and definitions).
constexpr std::size_t kMaxBitBytes = std::size_t{256} << 20;

const clang::DeclRefExpr* variable_reference(const clang::Expr* e) {
    return e == nullptr ? nullptr : llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParens());
}

const clang::VarDecl* referenced_variable(const clang::Expr* e) {
    const clang::DeclRefExpr* ref = variable_reference(e);
    return ref == nullptr ? nullptr : llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
}

// The variable an expression assigns or increments, when it is a plain variable.
const clang::VarDecl* assigned_variable(const clang::Stmt* s, LocalDefinition::Kind& kind) {
    if (const auto* binary = llvm::dyn_cast<clang::BinaryOperator>(s)) {
        if (!binary->isAssignmentOp()) return nullptr;
        kind = LocalDefinition::Kind::Assign;
        return referenced_variable(binary->getLHS());
    }
    if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(s)) {
        if (!unary->isIncrementDecrementOp()) return nullptr;
        kind = LocalDefinition::Kind::Update;
        return referenced_variable(unary->getSubExpr());
    }
    return nullptr;
}

// Walks a body in source order: every local declared, every variable whose address is
// taken or that inline assembly writes, and every assignment or increment of a variable.
class BodyScan {
public:
    std::vector<const clang::VarDecl*> declared;
    std::unordered_set<const clang::VarDecl*> escaped;
    std::vector<std::pair<const clang::Expr*, LocalDefinition::Kind>> updates;

    void scan(const clang::Stmt* s) {
        if (s == nullptr) return;
        // `(void) &x;` computes the address and discards it (a way to silence a warning about
        // an unused variable): the address goes nowhere.
        if (const auto* cast = llvm::dyn_cast<clang::CStyleCastExpr>(s);
            cast != nullptr && cast->getType()->isVoidType()) {
            const auto* address = llvm::dyn_cast<clang::UnaryOperator>(cast->getSubExpr()->IgnoreParens());
            if (address != nullptr && address->getOpcode() == clang::UO_AddrOf &&
                referenced_variable(address->getSubExpr()) != nullptr)
                return;
        }
        if (const auto* decls = llvm::dyn_cast<clang::DeclStmt>(s)) {
            for (const clang::Decl* d : decls->decls()) {
                if (const auto* var = llvm::dyn_cast<clang::VarDecl>(d)) declared.push_back(var);
            }
        } else if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(s);
                   unary != nullptr && unary->getOpcode() == clang::UO_AddrOf) {
            if (const clang::VarDecl* var = referenced_variable(unary->getSubExpr())) escaped.insert(var);
        } else if (const auto* assembly = llvm::dyn_cast<clang::GCCAsmStmt>(s)) {
            for (unsigned i = 0; i < assembly->getNumOutputs(); ++i) {
                if (const clang::VarDecl* var = referenced_variable(assembly->getOutputExpr(i)))
                    escaped.insert(var);
            }
        }
        LocalDefinition::Kind kind{};
        if (const auto* e = llvm::dyn_cast<clang::Expr>(s);
            e != nullptr && assigned_variable(s, kind) != nullptr) {
            updates.emplace_back(e, kind);
        }
        // sizeof and friends do not evaluate their operand.
        if (llvm::isa<clang::UnaryExprOrTypeTraitExpr>(s)) return;
        // A DeclStmt's children are its declarations' initializers.
        for (const clang::Stmt* child : s->children()) scan(child);
    }
};

void set_bit(Bits& bits, DefinitionId d) {
    bits[d / 64] |= std::uint64_t{1} << (d % 64);
}
bool test_bit(const Bits& bits, DefinitionId d) {
    return (bits[d / 64] >> (d % 64)) & 1u;
}

// The blocks the entry reaches.
std::vector<bool> reachable_blocks(const clang::CFG& cfg) {
    std::vector<bool> reachable(cfg.getNumBlockIDs(), false);
    const clang::CFGBlock& entry = cfg.getEntry();
    std::vector<const clang::CFGBlock*> stack{&entry};
    reachable[entry.getBlockID()] = true;
    while (!stack.empty()) {
        const clang::CFGBlock* b = stack.back();
        stack.pop_back();
        for (const clang::CFGBlock::AdjacentBlock& next : b->succs()) {
            const clang::CFGBlock* n = next.getReachableBlock();
            if (n != nullptr && !reachable[n->getBlockID()]) {
                reachable[n->getBlockID()] = true;
                stack.push_back(n);
            }
        }
    }
    return reachable;
}

}  // namespace

LocalDefinitions::LocalDefinitions(const clang::FunctionDecl* fd, clang::ASTContext& context,
                                   const std::function<bool(const clang::VarDecl*)>& candidate) {
    context_ = &context;
    if (fd == nullptr || fd->getBody() == nullptr) return;
    find_tracked(fd, candidate);

    clang::CFG::BuildOptions options;
    options.setAllAlwaysAdd();                 // every subexpression is an element, in evaluation order
    options.PruneTriviallyFalseEdges = false;  // `if (0)` code keeps its edges: reads there stay answered
    cfg_ = clang::CFG::buildCFG(fd, fd->getBody(), &context, options);
    const clang::CFG* cfg = cfg_.get();
    const std::size_t words = (definitions_.size() + 63) / 64;
    if (cfg == nullptr ||
        std::size_t{2} * cfg->getNumBlockIDs() * words * sizeof(std::uint64_t) > kMaxBitBytes) {
        tracked_.clear();
        definitions_.clear();
        by_var_.clear();
        at_site_.clear();
        at_declaration_.clear();
    }
    if (cfg == nullptr) return;
    index_positions(*cfg, context);
    if (tracked_.empty()) return;
    solve_reaching_definitions(fd, *cfg);
    analysed_ = true;
}

void LocalDefinitions::index_positions(const clang::CFG& cfg, clang::ASTContext& context) {
    blocks_.assign(cfg.getNumBlockIDs(), nullptr);
    block_start_.assign(cfg.getNumBlockIDs(), 0);
    once_loops_.assign(cfg.getNumBlockIDs(), false);
    for (const clang::CFGBlock* b : cfg) {
        blocks_[b->getBlockID()] = b;
        // `do { ... } while (0)`, the body of most statement macros: its edge back is kept in
        // the graph (trivially false edges are), but no execution takes it.
        if (const auto* loop = llvm::dyn_cast_or_null<clang::DoStmt>(b->getTerminatorStmt())) {
            bool repeats = true;
            const clang::Expr* condition = loop->getCond();
            if (condition != nullptr && !condition->isValueDependent() &&
                condition->EvaluateAsBooleanCondition(repeats, context) && !repeats)
                once_loops_[b->getBlockID()] = true;
        }
        block_start_[b->getBlockID()] = positions_;
        positions_ += b->size();
        unsigned index = 0;
        for (const clang::CFGElement& element : *b) {
            if (const auto s = element.getAs<clang::CFGStmt>()) {
                const Position at{b->getBlockID(), index};
                stmt_positions_.try_emplace(s->getStmt(), at);
                if (const auto* decls = llvm::dyn_cast<clang::DeclStmt>(s->getStmt())) {
                    for (const clang::Decl* d : decls->decls()) {
                        if (const auto* var = llvm::dyn_cast<clang::VarDecl>(d))
                            declaration_positions_.try_emplace(var, at);
                    }
                }
            }
            ++index;
        }
    }
}

void LocalDefinitions::solve_reaching_definitions(const clang::FunctionDecl* fd, const clang::CFG& cfg) {
    // The definition ids of each variable are contiguous: a definition kills the range.
    DefinitionRanges range;
    for (const auto& [var, ids] : by_var_) range[var] = {ids.front(), ids.back() + 1};
    const std::size_t words = (definitions_.size() + 63) / 64;
    const std::vector<bool> reachable = reachable_blocks(cfg);
    Bits entry(words, 0);
    for (const clang::ParmVarDecl* param : fd->parameters()) {
        if (tracked(param)) set_bit(entry, at_declaration_[param]);
    }
    const std::vector<Bits> in = reaching_on_entry(cfg, reachable, entry, range);
    record_reads(cfg, reachable, in, range);
}

void LocalDefinitions::transfer(const clang::Stmt* s, Bits& bits, DefinitionRanges& range) {
    if (const auto* decls = llvm::dyn_cast<clang::DeclStmt>(s)) {
        for (const clang::Decl* d : decls->decls()) {
            const auto* v = llvm::dyn_cast<clang::VarDecl>(d);
            if (v == nullptr || !tracked(v)) continue;
            auto [begin, end] = range[v];
            for (DefinitionId i = begin; i < end; ++i) bits[i / 64] &= ~(std::uint64_t{1} << (i % 64));
            set_bit(bits, at_declaration_[v]);
        }
        return;
    }
    LocalDefinition::Kind kind{};
    const clang::VarDecl* var = assigned_variable(s, kind);
    if (var == nullptr || !tracked(var)) return;
    const DefinitionId def = definition_at(llvm::cast<clang::Expr>(s));
    if (def == kNoDefinition) return;
    auto [begin, end] = range[var];
    for (DefinitionId i = begin; i < end; ++i) bits[i / 64] &= ~(std::uint64_t{1} << (i % 64));
    set_bit(bits, def);
}

// Round-robin over the blocks in CFG order until nothing changes (reaching definitions is a
// union problem; each block's out only grows). Returns, by block id, the definitions that
// reach its start.
std::vector<LocalDefinitions::Bits> LocalDefinitions::reaching_on_entry(const clang::CFG& cfg,
                                                                        const std::vector<bool>& reachable,
                                                                        const Bits& entry_bits,
                                                                        DefinitionRanges& range) {
    const std::size_t words = entry_bits.size();
    const unsigned blocks = cfg.getNumBlockIDs();
    std::vector<Bits> in(blocks, Bits(words, 0));
    std::vector<Bits> out(blocks, Bits(words, 0));
    const clang::CFGBlock& entry = cfg.getEntry();
    in[entry.getBlockID()] = entry_bits;
    bool changed = true;
    while (changed) {
        changed = false;
        for (const clang::CFGBlock* b : cfg) {
            const unsigned id = b->getBlockID();
            if (!reachable[id]) continue;
            Bits bits = in[id];
            if (b != &entry) {
                std::fill(bits.begin(), bits.end(), 0);
                for (const clang::CFGBlock::AdjacentBlock& pred : b->preds()) {
                    const clang::CFGBlock* p = pred.getReachableBlock();
                    if (p == nullptr) continue;
                    const Bits& po = out[p->getBlockID()];
                    for (std::size_t w = 0; w < words; ++w) bits[w] |= po[w];
                }
                in[id] = bits;
            }
            for (const clang::CFGElement& element : *b) {
                if (const auto s = element.getAs<clang::CFGStmt>()) transfer(s->getStmt(), bits, range);
            }
            if (bits != out[id]) {
                out[id] = std::move(bits);
                changed = true;
            }
        }
    }
    return in;
}

// The reads: the tracked variable's definitions reaching each.
void LocalDefinitions::record_reads(const clang::CFG& cfg, const std::vector<bool>& reachable,
                                    const std::vector<Bits>& in, DefinitionRanges& range) {
    for (const clang::CFGBlock* b : cfg) {
        if (!reachable[b->getBlockID()]) continue;
        Bits bits = in[b->getBlockID()];
        for (const clang::CFGElement& element : *b) {
            const auto s = element.getAs<clang::CFGStmt>();
            if (!s) continue;
            if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(s->getStmt())) {
                const auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
                if (var != nullptr && tracked(var)) {
                    std::vector<DefinitionId>& reach = reaching_[ref];
                    auto [begin, end] = range[var];
                    for (DefinitionId i = begin; i < end; ++i) {
                        if (test_bit(bits, i)) reach.push_back(i);
                    }
                    std::sort(reach.begin(), reach.end());
                    reach.erase(std::unique(reach.begin(), reach.end()), reach.end());
                }
            }
            transfer(s->getStmt(), bits, range);
        }
    }
}

void LocalDefinitions::find_tracked(const clang::FunctionDecl* fd,
                                    const std::function<bool(const clang::VarDecl*)>& candidate) {
    BodyScan scan;
    scan.scan(fd->getBody());
    const auto trackable = [&](const clang::VarDecl* var) {
        return var->hasLocalStorage() && !var->getType().isVolatileQualified() &&
               scan.escaped.count(var) == 0 && candidate(var);
    };
    // Definition ids in source order, grouped by variable: parameters first.
    std::map<const clang::VarDecl*, std::vector<std::pair<LocalDefinition::Kind, const clang::Expr*>>>
        pending;
    std::vector<const clang::VarDecl*> order;
    const auto note = [&](const clang::VarDecl* var, LocalDefinition::Kind kind, const clang::Expr* site) {
        auto [it, inserted] = pending.try_emplace(var);
        if (inserted) order.push_back(var);
        it->second.emplace_back(kind, site);
    };
    for (const clang::ParmVarDecl* param : fd->parameters()) {
        if (trackable(param)) note(param, LocalDefinition::Kind::Entry, nullptr);
    }
    for (const clang::VarDecl* var : scan.declared) {
        if (trackable(var)) {
            note(var, var->hasInit() ? LocalDefinition::Kind::Init : LocalDefinition::Kind::Uninit, nullptr);
        }
    }
    for (const auto& [site, kind] : scan.updates) {
        LocalDefinition::Kind k{};
        const clang::VarDecl* var = assigned_variable(site, k);
        if (var != nullptr && pending.count(var) != 0) note(var, kind, site);
    }
    for (const clang::VarDecl* var : order) {
        tracked_.insert(var);
        for (const auto& [kind, site] : pending[var]) {
            const DefinitionId id = add_definition(kind, var, site);
            if (site == nullptr) at_declaration_[var] = id;
        }
    }
}

DefinitionId LocalDefinitions::add_definition(LocalDefinition::Kind kind, const clang::VarDecl* var,
                                              const clang::Expr* site) {
    const auto id = static_cast<DefinitionId>(definitions_.size());
    definitions_.push_back(LocalDefinition{kind, var, site});
    by_var_[var].push_back(id);
    if (site != nullptr) at_site_[site] = id;
    return id;
}

LocalDefinitions::Point LocalDefinitions::point_of(DefinitionId definition) const {
    const LocalDefinition& d = definitions_[definition];
    switch (d.kind) {
        case LocalDefinition::Kind::Entry:
            return Point{};
        case LocalDefinition::Kind::Init:
        case LocalDefinition::Kind::Uninit:
            return Point{nullptr, d.var};
        default:
            return Point{d.site, nullptr};
    }
}

const LocalDefinitions::Position* LocalDefinitions::position(Point point) const {
    if (point.stmt != nullptr) {
        auto it = stmt_positions_.find(point.stmt);
        return it == stmt_positions_.end() ? nullptr : &it->second;
    }
    if (point.declaration != nullptr) {
        auto it = declaration_positions_.find(point.declaration);
        return it == declaration_positions_.end() ? nullptr : &it->second;
    }
    return nullptr;
}

bool LocalDefinitions::in_graph(Point point) const {
    return cfg_ != nullptr && (point.entry() || position(point) != nullptr);
}

bool LocalDefinitions::never_taken(const clang::CFGBlock* from, const clang::CFGBlock* to) const {
    if (!once_loops_[from->getBlockID()] || from->succ_empty()) return false;
    return from->succ_begin()->getReachableBlock() == to;  // the loop's edge back to its body
}

void LocalDefinitions::enter_successors(unsigned b, std::vector<bool>& entered, std::vector<unsigned>& work,
                                        const std::vector<Edge>* cut) const {
    unsigned succ = 0;
    for (const clang::CFGBlock::AdjacentBlock& next : blocks_[b]->succs()) {
        const unsigned index = succ++;
        const clang::CFGBlock* n = next.getReachableBlock();
        if (n == nullptr || entered[n->getBlockID()] || never_taken(blocks_[b], n)) continue;
        if (cut != nullptr && std::any_of(cut->begin(), cut->end(),
                                          [&](const Edge& e) { return e.block == b && e.succ == index; }))
            continue;
        entered[n->getBlockID()] = true;
        work.push_back(n->getBlockID());
    }
}

std::vector<bool> LocalDefinitions::forward(Point from, const Position* avoid) const {
    std::vector<bool> marks(positions_, false);
    std::vector<bool> entered(blocks_.size(), false);
    std::vector<unsigned> work;
    // Marks block `b` from `index` on, up to `avoid`; at its end, enters the successors.
    const auto scan = [&](unsigned b, unsigned index) {
        const unsigned size = static_cast<unsigned>(blocks_[b]->size());
        for (unsigned i = index; i < size; ++i) {
            if (avoid != nullptr && avoid->block == b && avoid->index == i) return;
            marks[block_start_[b] + i] = true;
        }
        enter_successors(b, entered, work);
    };
    if (from.entry()) {
        const unsigned entry = cfg_->getEntry().getBlockID();
        entered[entry] = true;
        scan(entry, 0);
    } else if (const Position* p = position(from)) {
        scan(p->block, p->index + 1);
    }
    while (!work.empty()) {
        const unsigned b = work.back();
        work.pop_back();
        scan(b, 0);
    }
    return marks;
}

std::vector<bool> LocalDefinitions::backward(const Position& to, const Position* avoid) const {
    std::vector<bool> marks(positions_, false);
    std::vector<bool> entered(blocks_.size(), false);
    std::vector<unsigned> work;
    // Marks block `b` from `index` down, back to `avoid`; at its start, enters the predecessors.
    const auto scan = [&](unsigned b, int index) {
        for (int i = index; i >= 0; --i) {
            if (avoid != nullptr && avoid->block == b && avoid->index == static_cast<unsigned>(i)) return;
            marks[block_start_[b] + static_cast<unsigned>(i)] = true;
        }
        for (const clang::CFGBlock::AdjacentBlock& prev : blocks_[b]->preds()) {
            const clang::CFGBlock* p = prev.getReachableBlock();
            if (p != nullptr && !entered[p->getBlockID()] && !never_taken(p, blocks_[b])) {
                entered[p->getBlockID()] = true;
                work.push_back(p->getBlockID());
            }
        }
    };
    scan(to.block, static_cast<int>(to.index) - 1);
    while (!work.empty()) {
        const unsigned b = work.back();
        work.pop_back();
        scan(b, static_cast<int>(blocks_[b]->size()) - 1);
    }
    return marks;
}

bool LocalDefinitions::reaches_avoiding(Point from, Point to, Point avoid) const {
    if (cfg_ == nullptr) return true;  // nothing known: assume it can
    const Position* target = position(to);
    const Position* blocked = position(avoid);
    if (target == nullptr || blocked == nullptr || (!from.entry() && position(from) == nullptr)) return true;
    if (!from.entry()) return forward(from, blocked)[number(*target)];
    if (dominators_ == nullptr) {
        dominators_ = std::make_unique<BlockDominators>(
            *cfg_, [this](const clang::CFGBlock* a, const clang::CFGBlock* b) { return !never_taken(a, b); });
    }
    // A path enters a block at its start and leaves at its end: within one block, `avoid`
    // is passed before `to` when it comes first; across blocks, when its block dominates.
    if (!dominators_->reachable(target->block)) return false;
    if (!dominators_->reachable(blocked->block)) return true;
    if (blocked->block == target->block) return blocked->index > target->index;
    return !dominators_->dominates(blocked->block, target->block);
}

bool LocalDefinitions::returns_avoiding(Point from, const std::vector<Point>& avoid) const {
    const Position* start = position(from);
    if (cfg_ == nullptr || (start == nullptr && !from.entry())) return true;
    std::vector<bool> blocked(positions_, false);
    for (const Point& p : avoid) {
        if (const Position* q = position(p)) blocked[number(*q)] = true;
    }
    const unsigned exit = cfg_->getExit().getBlockID();
    std::vector<bool> entered(blocks_.size(), false);
    std::vector<unsigned> work;
    // Scans block `b` from `index` on: false where a blocked position or a call that does not
    // return ends the path, else enters the successors; true at the exit.
    const auto scan = [&](unsigned b, unsigned index) {
        if (b == exit) return true;
        const unsigned size = static_cast<unsigned>(blocks_[b]->size());
        for (unsigned i = index; i < size; ++i) {
            if (blocked[block_start_[b] + i]) return false;
        }
        if (blocks_[b]->hasNoReturnElement()) return false;
        enter_successors(b, entered, work);
        return false;
    };
    if (start != nullptr ? scan(start->block, start->index + 1) : scan(cfg_->getEntry().getBlockID(), 0))
        return true;
    while (!work.empty()) {
        const unsigned b = work.back();
        work.pop_back();
        if (scan(b, 0)) return true;
    }
    return false;
}

std::vector<LocalDefinitions::Edge> LocalDefinitions::null_branches(const clang::VarDecl* var,
                                                                    clang::ASTContext& context) const {
    std::vector<Edge> out;
    if (cfg_ == nullptr || var == nullptr) return out;
    for (const clang::CFGBlock* b : blocks_) {
        if (b == nullptr) continue;
        const std::optional<VariableTest> test = variable_test(block_condition(*b), context);
        if (!test || test->var != var || test->value != 0) continue;
        // The first successor is where the condition holds: `var == 0` when `equal`.
        out.push_back(Edge{b->getBlockID(), test->equal ? 0u : 1u});
    }
    return out;
}

LocalDefinitions::PointSet LocalDefinitions::point_set(const std::vector<Point>& points) const {
    PointSet set(positions_, false);
    for (const Point& p : points) add(set, p);
    return set;
}

void LocalDefinitions::add(PointSet& set, Point point) const {
    if (const Position* q = position(point)) set[number(*q)] = true;
}

void LocalDefinitions::remove(PointSet& set, Point point) const {
    if (const Position* q = position(point)) set[number(*q)] = false;
}

bool LocalDefinitions::reaches_any_avoiding(Point from, const PointSet& targets, Point avoid) const {
    if (cfg_ == nullptr || position(from) == nullptr) return true;
    const std::vector<bool> marks = forward(from, position(avoid));
    for (std::size_t i = 0; i < marks.size() && i < targets.size(); ++i) {
        if (marks[i] && targets[i]) return true;
    }
    return false;
}

bool LocalDefinitions::reaches_avoiding_all(Point from, Point to, const std::vector<Point>& avoid,
                                            const std::vector<Edge>& cut) const {
    if (cfg_ == nullptr) return true;
    return reaches_avoiding_set(from, to, point_set(avoid), cut);
}

bool LocalDefinitions::reaches_avoiding_set(Point from, Point to, const PointSet& blocked,
                                            const std::vector<Edge>& cut) const {
    const Position* target = position(to);
    const Position* start = position(from);
    if (cfg_ == nullptr || target == nullptr || (start == nullptr && !from.entry())) return true;
    const std::size_t goal = number(*target);
    std::vector<bool> entered(blocks_.size(), false);
    std::vector<unsigned> work;
    const auto scan = [&](unsigned b, unsigned index) {
        const unsigned size = static_cast<unsigned>(blocks_[b]->size());
        for (unsigned i = index; i < size; ++i) {
            if (block_start_[b] + i == goal) return true;
            if (blocked[block_start_[b] + i]) return false;
        }
        enter_successors(b, entered, work, &cut);
        return false;
    };
    if (start != nullptr ? scan(start->block, start->index + 1) : scan(cfg_->getEntry().getBlockID(), 0))
        return true;
    while (!work.empty()) {
        const unsigned b = work.back();
        work.pop_back();
        if (scan(b, 0)) return true;
    }
    return false;
}

bool LocalDefinitions::reaches_any(Point from, const std::vector<Point>& targets) const {
    if (cfg_ == nullptr || targets.empty()) return !targets.empty();
    if (position(from) == nullptr) return true;
    const std::vector<bool> marks = forward(from, nullptr);
    return std::any_of(targets.begin(), targets.end(), [&](const Point& p) {
        const Position* q = position(p);
        return q == nullptr || marks[number(*q)];
    });
}

LocalDefinitions::PathSet LocalDefinitions::between(Point from, Point to, Point avoid) const {
    PathSet set;
    const Position* target = position(to);
    if (cfg_ == nullptr || target == nullptr || (!from.entry() && position(from) == nullptr)) return set;
    const Position* blocked = position(avoid);
    set.marks_ = forward(from, blocked);
    const std::vector<bool> back = backward(*target, blocked);
    for (std::size_t i = 0; i < set.marks_.size(); ++i) set.marks_[i] = set.marks_[i] && back[i];
    set.owner_ = this;
    return set;
}

bool LocalDefinitions::PathSet::contains(Point point) const {
    if (owner_ == nullptr) return true;  // nothing known: it may lie between
    const Position* p = owner_->position(point);
    return p == nullptr || marks_[owner_->number(*p)];
}

const std::vector<DefinitionId>& LocalDefinitions::definitions_of(const clang::VarDecl* var) const {
    auto it = by_var_.find(var);
    return it == by_var_.end() ? none_ : it->second;
}

DefinitionId LocalDefinitions::definition_at(const clang::Expr* site) const {
    auto it = at_site_.find(site);
    return it == at_site_.end() ? kNoDefinition : it->second;
}

DefinitionId LocalDefinitions::definition_of_declaration(const clang::VarDecl* var) const {
    auto it = at_declaration_.find(var);
    return it == at_declaration_.end() ? kNoDefinition : it->second;
}

const std::vector<DefinitionId>& LocalDefinitions::reaching(const clang::DeclRefExpr* read) const {
    auto it = reaching_.find(read);
    if (it != reaching_.end()) return it->second;
    const auto* var = llvm::dyn_cast<clang::VarDecl>(read->getDecl());
    return var == nullptr ? none_ : definitions_of(var);
}

}  // namespace galias::frontend
