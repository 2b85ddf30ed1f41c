// What the memory checks need of a function beyond its value flows
// (frontend/translator_memory.hpp).
#include "frontend/translator_memory.hpp"

#include <algorithm>

#include "facts/memory_functions.hpp"
#include "frontend/library_models.hpp"
#include "frontend/statement_walk.hpp"

namespace galias::frontend::detail {

namespace {

using Base = facts::ArgumentAddress::Base;
using Point = LocalDefinitions::Point;
using Overwritten = facts::FrameStore::Overwritten;
using Target = facts::FrameStore::Target;

// The comparisons `condition` holds as a conjunction (op `&&`) or a disjunction (`||`).
void split(const clang::Expr* condition, clang::BinaryOperatorKind op, std::vector<const clang::Expr*>& out) {
    condition = condition->IgnoreParenImpCasts();
    if (const auto* binary = llvm::dyn_cast<clang::BinaryOperator>(condition);
        binary && binary->getOpcode() == op) {
        split(binary->getLHS(), op, out);
        split(binary->getRHS(), op, out);
        return;
    }
    out.push_back(condition);
}

// A statement after which control does not go on: return, goto, break, continue, or a block
// ending in one.
bool leaves(const clang::Stmt* s) {
    if (s == nullptr) return false;
    if (llvm::isa<clang::ReturnStmt>(s) || llvm::isa<clang::GotoStmt>(s) || llvm::isa<clang::BreakStmt>(s) ||
        llvm::isa<clang::ContinueStmt>(s))
        return true;
    if (const auto* block = llvm::dyn_cast<clang::CompoundStmt>(s))
        return !block->body_empty() && leaves(block->body_back());
    return false;
}

// Whether `branch` assigns `var` in a statement of its own, before anything that leaves it:
// every path through the branch defines the variable there.
bool assigns_first(const clang::Stmt* branch, const clang::VarDecl* var) {
    const auto assigns = [&](const clang::Stmt* s) {
        const auto* assign = llvm::dyn_cast_or_null<clang::BinaryOperator>(s);
        if (assign == nullptr || assign->getOpcode() != clang::BO_Assign) return false;
        const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(assign->getLHS()->IgnoreParens());
        return ref != nullptr && ref->getDecl() == var;
    };
    if (assigns(branch)) return true;
    const auto* block = llvm::dyn_cast_or_null<clang::CompoundStmt>(branch);
    if (block == nullptr) return false;
    for (const clang::Stmt* s : block->body()) {
        if (assigns(s)) return true;
        if (!llvm::isa<clang::Expr>(s) && !llvm::isa<clang::DeclStmt>(s) && !llvm::isa<clang::NullStmt>(s))
            return false;
    }
    return false;
}

// A definition that steps the variable from its own value: `s++`, `s += n`, `s = s + n`.
bool steps(const LocalDefinition& def) {
    if (def.kind == LocalDefinition::Kind::Update) return true;
    if (def.kind != LocalDefinition::Kind::Assign) return false;
    const auto* assign = llvm::cast<clang::BinaryOperator>(def.site);
    if (assign->getOpcode() == clang::BO_AddAssign || assign->getOpcode() == clang::BO_SubAssign) return true;
    const auto* sum = llvm::dyn_cast<clang::BinaryOperator>(assign->getRHS()->IgnoreParenCasts());
    if (sum == nullptr || !sum->isAdditiveOp()) return false;
    for (const clang::Expr* operand : {sum->getLHS(), sum->getRHS()}) {
        const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(operand->IgnoreParenCasts());
        if (ref != nullptr && ref->getDecl() == def.var) return true;
    }
    return false;
}

}  // namespace

bool MemoryFacts::same_value(const clang::Expr* a, const clang::Expr* b, const EvaluationPoint& at) {
    const clang::DeclRefExpr* read_a = tracked_reference(a->IgnoreParenCasts());
    const clang::DeclRefExpr* read_b = tracked_reference(b->IgnoreParenCasts());
    if (read_a != nullptr && read_b != nullptr)
        return read_a->getDecl() == read_b->getDecl() &&
               locals()->reaching(read_a) == locals()->reaching(read_b);
    const Symbolic x = addresses_.pointer_address(a, at, 0);
    const Symbolic y = addresses_.pointer_address(b, at, 0);
    return x.kind != Base::Unknown && x.kind == y.kind && x.base == y.base && x.offset &&
           x.offset == y.offset;
}

void MemoryFacts::guarded_objects(const clang::Expr* condition, bool equal, const clang::Expr* released,
                                  const EvaluationPoint& at, std::vector<TermId>& out) {
    std::vector<const clang::Expr*> parts;
    split(condition, equal ? clang::BO_LOr : clang::BO_LAnd, parts);
    for (const clang::Expr* part : parts) {
        const auto* compare = llvm::dyn_cast<clang::BinaryOperator>(part);
        if (compare == nullptr || compare->getOpcode() != (equal ? clang::BO_EQ : clang::BO_NE)) continue;
        for (const auto& [mine, other] : {std::pair{compare->getLHS(), compare->getRHS()},
                                          std::pair{compare->getRHS(), compare->getLHS()}}) {
            if (!same_value(mine, released, at)) continue;
            const Symbolic object = addresses_.pointer_address(other, at, 0);
            if (object.kind != Base::Object || object.object == kNone) continue;
            out.push_back(terms().entity(object.object, "", ir().entities[object.object].pos));
        }
    }
}

// The release happens in branch S of `if (C)` (S: then or else), and an earlier `if (C)` with
// the same condition assigns the variable first thing in its branch S. When C reads only
// locals and parameters that nothing assigns after the earlier `if` (the two in the same loop
// body), every path to the release took branch S there too, so the variable holds what branch
// S (or later code) assigned: definitions before the earlier `if` and in its other branch do
// not reach the release, and the objects they point to are excluded. That is the small-buffer
// pattern, where the release is guarded by the condition that chose the heap over the buffer.
void MemoryFacts::correlated_guards(const clang::CallExpr* e, const clang::DeclRefExpr* read,
                                    std::vector<TermId>& out) {
    const auto* var = llvm::dyn_cast<clang::VarDecl>(read->getDecl());
    if (var == nullptr || function().decl == nullptr || function().decl->getBody() == nullptr) return;
    const auto before = [&](clang::SourceLocation a, clang::SourceLocation b) {
        return sm().isBeforeInTranslationUnit(sm().getFileLoc(a), sm().getFileLoc(b));
    };
    // The ifs around the release, with the branch it is in.
    const clang::Stmt* node = e;
    for (const clang::Stmt* parent = parent_of(node); parent != nullptr;
         node = parent, parent = parent_of(node)) {
        const auto* guard = llvm::dyn_cast<clang::IfStmt>(parent);
        if (guard == nullptr || guard->getCond() == node) continue;
        const bool then_branch = guard->getThen() == node;
        // An earlier if with the same condition, whose same branch assigns the variable first.
        for_each_statement(function().decl->getBody(), Operands::All, [&](const clang::Stmt* s) {
            const auto* earlier = llvm::dyn_cast<clang::IfStmt>(s);
            if (earlier == nullptr) return true;
            const clang::Stmt* chosen = then_branch ? earlier->getThen() : earlier->getElse();
            if (!assigns_first(chosen, var) || !conditions_.repeats_condition(earlier, guard, false))
                return true;
            // The definitions reaching the release that come before the earlier if's end and
            // not from its chosen branch.
            for (DefinitionId d : locals()->reaching(read)) {
                const LocalDefinition& def = locals()->definition(d);
                const clang::SourceLocation at =
                    def.site != nullptr ? def.site->getBeginLoc() : def.var->getBeginLoc();
                const bool in_chosen = chosen != nullptr && !before(at, chosen->getBeginLoc()) &&
                                       before(at, chosen->getEndLoc());
                if (in_chosen || !before(at, earlier->getEndLoc())) continue;
                const Symbolic value = addresses_.definition_address(d, 0);
                if (value.kind == Base::Object && value.object != kNone)
                    out.push_back(terms().entity(value.object, "", ir().entities[value.object].pos));
            }
            return true;
        });
    }
}

void MemoryFacts::enclosing_guards(const clang::CallExpr* e, const clang::Expr* arg,
                                   std::vector<TermId>& out) {
    // Guards: the call in the branch of an `if` that holds only when the pointer is not an
    // object's address, or after one that leaves when it is (`if (p == buf) return;`).
    const EvaluationPoint here{"", Point{e, nullptr}};
    const clang::Stmt* node = e;
    for (const clang::Stmt* parent = parent_of(node); parent != nullptr;
         node = parent, parent = parent_of(node)) {
        if (const auto* branch = llvm::dyn_cast<clang::IfStmt>(parent)) {
            if (branch->getCond() == node) continue;
            guarded_objects(branch->getCond(), branch->getElse() == node, arg, here, out);
        } else if (const auto* block = llvm::dyn_cast<clang::CompoundStmt>(parent)) {
            for (const clang::Stmt* before : block->body()) {
                if (before == node) break;
                const auto* exit = llvm::dyn_cast<clang::IfStmt>(before);
                if (exit != nullptr && exit->getElse() == nullptr && leaves(exit->getThen()))
                    guarded_objects(exit->getCond(), true, arg, here, out);
            }
        }
    }
}

void MemoryFacts::describe_wrapper_guards(const clang::CallExpr* e, CallSite& site) {
    if (locals() == nullptr || e->getNumArgs() == 0 || site.args.empty() || site.args[0].term == kNone)
        return;
    if (!e->getArg(0)->getType()->isPointerType()) return;
    CallValue& passed = site.args[0];
    enclosing_guards(e, e->getArg(0), passed.excluded);
    std::sort(passed.excluded.begin(), passed.excluded.end());
    passed.excluded.erase(std::unique(passed.excluded.begin(), passed.excluded.end()), passed.excluded.end());
}

void MemoryFacts::describe_release(const clang::CallExpr* e, CallSite& site) {
    if (locals() == nullptr || e->getNumArgs() == 0 || site.args.empty()) return;
    const facts::ReleaseFunction* library = facts::find_release_function(callee_name(e));
    const unsigned index = library != nullptr ? library->arg : 0;
    if (index >= e->getNumArgs() || index >= site.args.size() || site.args[index].term == kNone) return;
    const clang::Expr* arg = e->getArg(index);
    CallValue& released = site.args[index];
    record_step(arg, released);
    enclosing_guards(e, arg, released.excluded);
    if (const clang::DeclRefExpr* tracked = tracked_reference(arg->IgnoreParenCasts()))
        correlated_guards(e, tracked, released.excluded);
    std::sort(released.excluded.begin(), released.excluded.end());
    released.excluded.erase(std::unique(released.excluded.begin(), released.excluded.end()),
                            released.excluded.end());
}

void MemoryFacts::record_step(const clang::Expr* arg, CallValue& released) {
    // A step of the variable on some path: a read joining its value before and after a step
    // (a loop that advanced it).
    const clang::DeclRefExpr* tracked = tracked_reference(arg->IgnoreParenCasts());
    if (tracked == nullptr) return;
    const std::vector<DefinitionId>& reaching = locals()->reaching(tracked);
    if (reaching.size() < 2) return;
    for (DefinitionId d : reaching) {
        if (!steps(locals()->definition(d))) continue;
        const SourcePos at = pos(locals()->definition(d).site->getExprLoc());
        if (released.address.moved_line == 0 || at.line < released.address.moved_line ||
            (at.line == released.address.moved_line && at.column < released.address.moved_column)) {
            released.address.moved_line = at.line;
            released.address.moved_column = at.column;
        }
    }
}

void MemoryFacts::note_frame_store(const clang::Expr* site, const clang::Expr* target, TermId place,
                                   const clang::Expr* value) {
    if (function().index == kNone || function().decl == nullptr || function().decl->isNoReturn() ||
        locals() == nullptr || value == nullptr)
        return;
    PendingFrameStore pending;
    pending.site = site;
    pending.target = target;
    pending.value = value;
    pending.place = place;
    pending_frame_stores_.push_back(std::move(pending));
}

bool MemoryFacts::describe_frame_store(PendingFrameStore& pending) {
    const clang::Expr* site = pending.site;
    const EvaluationPoint at{"s" + expression_key(site), Point{site, nullptr}};
    const Symbolic stored = addresses_.pointer_address(pending.value, at, 0);
    FrameStore store;
    if (stored.kind == Base::Object && stored.object != kNone &&
        (stored.base.starts_with("frame:") || stored.base.starts_with("literal:"))) {
        const Entity& object = ir().entities[stored.object];
        if (object.kind == NodeKind::Static || object.kind == NodeKind::Global) return false;
        store.object = terms().entity(stored.object, "", object.pos);
    } else if (stored.allocation != kNone && stored.allocation < current().calls.size()) {
        const CallSite& call = current().calls[stored.allocation];
        if (call.direct_callee == kNone) return false;
        const std::optional<facts::MemoryFamily> family =
            facts::allocator_family(ir().entities[call.direct_callee].name);
        if (family != facts::MemoryFamily::Stack) return false;
        store.alloca_call = stored.allocation;
    } else {
        return false;
    }
    store.pos = pos(site->getExprLoc());
    if (pending.target == nullptr) {
        store.target = Target::Return;
    } else {
        // What the place is: a variable of the program (a global or static, or a part of one),
        // the frame's own variable (nothing escapes), or memory through a pointer.
        TermId location = pending.place;
        if (location != kNone && terms()[location].kind == TermKind::Member)
            location = terms()[location].operand;
        if (location == kNone) return false;
        const Term& t = terms()[location];
        if (t.kind == TermKind::Entity) {
            const NodeKind kind = ir().entities[t.entity].kind;
            if (kind != NodeKind::Global && kind != NodeKind::Static) return false;
            store.target = Target::Variable;
            store.variable = terms().entity(t.entity, "", ir().entities[t.entity].pos);
        } else if (t.kind == TermKind::Deref) {
            store.target = Target::Pointer;
            store.pointer = t.operand;
        } else {
            return false;
        }
        pending.cell = addresses_.location_address(pending.target, at, 0);
    }
    pending.store = store;
    return true;
}

void MemoryFacts::finish_frame_stores() {
    std::erase_if(pending_frame_stores_,
                  [&](PendingFrameStore& pending) { return !describe_frame_store(pending); });
    for (PendingFrameStore& pending : pending_frame_stores_) {
        FrameStore& store = pending.store;
        const Symbolic& cell = pending.cell;
        if (store.target != Target::Return && (cell.kind == Base::Unknown || !cell.offset)) {
            // A cell not known exactly (`table[i] = &x`): whether it is written again is not known.
            store.overwritten = Overwritten::Some;
        } else if (store.target != Target::Return) {
            mark_overwritten(pending);
        }
        current().frame_stores.push_back(store);
    }
    pending_frame_stores_.clear();
}

void MemoryFacts::mark_overwritten(PendingFrameStore& pending) {
    FrameStore& store = pending.store;
    const Symbolic& cell = pending.cell;
    // What ends the cell's hold on the address: another store into it, or (through a
    // pointer) the release of the object it is part of.
    const std::vector<const clang::Stmt*> kill_sites = stores_into(cell, pending.site);
    std::vector<Point> kills;
    kills.reserve(kill_sites.size());
    for (const clang::Stmt* site : kill_sites) kills.push_back(Point{site, nullptr});
    if (store.target == Target::Pointer) {
        for (const clang::CallExpr* call : calls_in_body()) {
            if (call->getNumArgs() == 0 || !releases_block(call, options())) continue;
            const EvaluationPoint at{"c" + expression_key(call), Point{call, nullptr}};
            const Symbolic released = addresses_.pointer_address(call->getArg(0), at, 0);
            if (released.kind != Base::Unknown && released.base == cell.base)
                kills.push_back(Point{call, nullptr});
        }
    }
    // A call of the program's (or an unknown) function may write the cell too.
    std::vector<Point> writers = kills;
    for (const clang::CallExpr* call : calls_in_body()) {
        const clang::FunctionDecl* callee = call->getDirectCallee();
        const LibraryModel* model = callee != nullptr ? find_library_model(callee->getName()) : nullptr;
        const bool writes_nothing =
            (callee != nullptr && callee->getBuiltinID() != 0 && function().call_index.count(call) == 0) ||
            (model != nullptr && model->kind != ModelKind::CopyPointees &&
             model->kind != ModelKind::StoreAllocate);
        if (!writes_nothing) writers.push_back(Point{call, nullptr});
    }
    add_undoing_conditions(pending.site, kill_sites, kills);
    const Point from{pending.site, nullptr};
    if (!locals()->returns_avoiding(from, kills)) {
        store.overwritten = Overwritten::All;
    } else if (locals()->reaches_any(from, writers)) {
        store.overwritten = Overwritten::Some;
    }
}

std::vector<const clang::Stmt*> MemoryFacts::stores_into(const Symbolic& cell, const clang::Expr* site) {
    std::vector<const clang::Stmt*> sites;
    for (const Store& other : forwarding_.stores()) {
        if (other.site == site || other.address.kind == Base::Unknown || other.address.base != cell.base ||
            !other.address.offset)
            continue;
        // The same cell, or an aggregate holding it (`*cf = saved;` puts back all of *cf).
        const std::int64_t from = *other.address.offset;
        const clang::QualType type = other.target->getType();
        const std::int64_t size = type->isIncompleteType() || type->isDependentType()
                                      ? 1
                                      : ast().getTypeSizeInChars(type).getQuantity();
        if (*cell.offset == from || (*cell.offset > from && *cell.offset < from + size))
            sites.push_back(other.site);
    }
    return sites;
}

// A store under `if (C)` and its undoing under a later `if (C)` of the same condition: the
// paths that skip the undoing did not store either (`if (pTab->bStat1) { save; point at the
// frame; } ... if (pTab->bStat1) restore;`), when nothing writes what C reads after the first
// if (a callee is taken not to).
void MemoryFacts::add_undoing_conditions(const clang::Expr* site,
                                         const std::vector<const clang::Stmt*>& kill_sites,
                                         std::vector<Point>& kills) {
    for (const clang::Stmt* kill : kill_sites) {
        for (const clang::IfStmt* undo = conditions_.enclosing_if(kill); undo != nullptr;
             undo = conditions_.enclosing_if(undo)) {
            for (const clang::IfStmt* set = conditions_.enclosing_if(site); set != nullptr;
                 set = conditions_.enclosing_if(set)) {
                if (conditions_.in_then(set, site) == conditions_.in_then(undo, kill) &&
                    conditions_.repeats_condition(set, undo, true))
                    kills.push_back(Point{undo->getCond(), nullptr});
            }
        }
    }
}

}  // namespace galias::frontend::detail
