// The order of a function's events that use-after-free and double-free need
// (frontend/translator_lifetimes.hpp).
#include "frontend/translator_lifetimes.hpp"

#include <algorithm>

#include "frontend/library_models.hpp"
#include "frontend/statement_walk.hpp"

namespace galias::frontend::detail {

namespace {

using Base = facts::ArgumentAddress::Base;

// Uses of values the analysis follows per release, at most: a bound for very long functions.
constexpr std::size_t kMaxUsesPerValue = 64;
// Path questions cost a walk over the function's graph each; a function whose releases and
// uses would take more than this many positions walked in all is followed in part (a
// generated parser's one function with thousands of blocks and frees), and says so in
// unmodelled.tsv (`order-of-events-bound`).
constexpr std::uint64_t kMaxOrderWork = 400'000'000;
// ... and a function with more points than this is not followed at all.
constexpr std::size_t kMaxOrderPositions = 20'000;
// A path question that follows tests of flags may visit a block once for each thing the
// path knows of them; it stops (and keeps the path) after this many blocks per block.
constexpr unsigned kFeasibleWalks = 8;

// The variables an expression reads (their declarations).
void variables_read(const clang::Stmt* s, std::vector<const clang::VarDecl*>& out) {
    if (s == nullptr || llvm::isa<clang::UnaryExprOrTypeTraitExpr>(s)) return;
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(s)) {
        if (const auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) out.push_back(var);
    }
    for (const clang::Stmt* child : s->children()) variables_read(child, out);
}

bool inside(const clang::Stmt* node, const clang::Stmt* outer) {
    return node != nullptr && outer != nullptr &&
           outer->getSourceRange().fullyContains(node->getSourceRange());
}

// The parameter a base names (`param#N`), or -1.
int param_of(const std::string& base) {
    return base.starts_with("param#") ? std::stoi(base.substr(6)) : -1;
}

}  // namespace

void Lifetimes::finish_lifetimes() {
    if (function().index == kNone || locals() == nullptr || function().decl == nullptr ||
        function().decl->getBody() == nullptr)
        return;
    // A function whose graph is too large for a path question per call and per use (a
    // generated parser's one function) gets release summaries from its calls on some path
    // only, and no released uses; unmodelled.tsv says so.
    const bool followed = locals()->size() <= kMaxOrderPositions;
    if (!followed)
        unmodelled("order-of-events-bound", function().decl->getLocation(),
                   "the releases and uses of this function were not followed: its control-flow graph has " +
                       std::to_string(locals()->size()) + " points");
    describe_calls(followed);
    const Uses uses = pointer_uses();
    if (uses.all.empty() || !followed) return;
    // What may change a value read from memory between its release and a use: the same for
    // every release of the function, a set made once.
    const PointSet writes = memory_writes();
    // A release that returns a pointer (realloc) releases its argument only when that result
    // is not null: the branch of a null test of it keeps the block (`if (tmp == NULL) {
    // free(p); ... }`).
    const std::unordered_map<const clang::CallExpr*, const clang::VarDecl*> results = call_results();
    walked_ = 0;
    // In the order of the calls, so that a function followed in part is followed the same
    // way on every run.
    for (const auto& [index, expr] : calls_in_order()) {
        if (walked_ > kMaxOrderWork) {
            unmodelled(
                "order-of-events-bound", function().decl->getLocation(),
                "the releases and uses of this function were followed in part: its control-flow graph is "
                "too large for the path questions they ask");
            break;
        }
        if (!may_release(expr)) continue;
        std::vector<LocalDefinitions::Edge> kept;
        if (expr->getType()->isPointerType()) {
            if (const auto found = results.find(expr); found != results.end())
                kept = locals()->null_branches(found->second, ast());
        }
        const Release release{expr, index, EvaluationPoint{"c" + expression_key(expr), Point{expr, nullptr}},
                              std::move(kept)};
        for (unsigned i = 0; i < expr->getNumArgs(); ++i) {
            if (expr->getArg(i)->getType()->isPointerType()) later_uses_of(release, i, uses, writes);
        }
    }
}

void Lifetimes::describe_calls(bool followed) {
    for (const auto& [expr, index] : function().call_index) {
        CallSite& site = current().calls[index];
        site.every_path = followed && !locals()->returns_avoiding(Point{}, {Point{expr, nullptr}});
        const EvaluationPoint at{"c" + expression_key(expr), Point{expr, nullptr}};
        for (unsigned i = 0; i < site.args.size() && i < expr->getNumArgs(); ++i) {
            CallValue& arg = site.args[i];
            if (arg.term == kNone || arg.aggregate) continue;
            describe_origin(expr, expr->getArg(i), at, followed, arg);
        }
    }
}

void Lifetimes::describe_origin(const clang::CallExpr* call, const clang::Expr* value,
                                const EvaluationPoint& at, bool followed, CallValue& arg) {
    const Symbolic s = addresses_.pointer_address(value, at, 0);
    if (s.kind == Base::Value && s.cell == nullptr && s.offset == 0) {
        arg.param = param_of(s.base);
    } else if (s.kind == Base::Value && s.cell != nullptr && s.cell->kind == Base::Value && s.cell->offset &&
               param_of(s.cell->base) >= 0 && s.offset == 0) {
        arg.param = param_of(s.cell->base);
        arg.param_field = *s.cell->offset;
    }
    // A store into the same field after the call puts another block there.
    if (arg.param_field >= 0 && followed && field_rewritten_after(call, *s.cell, arg.param_field))
        arg.param_field_rewritten = true;
    // A variable that holds such a field on some path (`n = l->head; while (n) { next =
    // n->next; free(n); n = next; }`): the field's block is released on some path.
    const clang::DeclRefExpr* read = tracked_reference(value->IgnoreParenCasts());
    if (arg.param >= 0 || read == nullptr || locals()->reaching(read).size() <= 1) return;
    for (DefinitionId d : locals()->reaching(read)) {
        const Symbolic defined = addresses_.definition_address(d, 0);
        if (defined.cell == nullptr || !defined.cell->offset || param_of(defined.cell->base) < 0 ||
            defined.offset != 0)
            continue;
        arg.param = param_of(defined.cell->base);
        arg.param_field = *defined.cell->offset;
        arg.param_some = true;
        break;
    }
}

bool Lifetimes::field_rewritten_after(const clang::CallExpr* call, const Symbolic& cell, std::int64_t field) {
    const Point call_point{call, nullptr};
    for (const Store& store : forwarding_.stores()) {
        const Symbolic& written = store.address;
        if (written.kind == cell.kind && written.base == cell.base && written.offset &&
            *written.offset == field &&
            locals()->reaches_avoiding_all(call_point, Point{store.site, nullptr}, {}))
            return true;
    }
    return false;
}

Lifetimes::Uses Lifetimes::pointer_uses() {
    Uses uses;
    for_each_statement(function().decl->getBody(), Operands::Evaluated, [&](const clang::Stmt* s) {
        if (const auto* member = llvm::dyn_cast<clang::MemberExpr>(s);
            member != nullptr && member->isArrow()) {
            add_use(uses, member, member->getBase(), LaterUse::Kind::Deref);
        } else if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(s);
                   unary != nullptr && unary->getOpcode() == clang::UO_Deref) {
            add_use(uses, unary, unary->getSubExpr(), LaterUse::Kind::Deref);
        } else if (const auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(s)) {
            const clang::Expr* base = subscript->getBase();
            if (!base->getType()->isPointerType()) base = subscript->getIdx();
            add_use(uses, subscript, base, LaterUse::Kind::Deref);
        } else if (const auto* call = llvm::dyn_cast<clang::CallExpr>(s)) {
            const auto index = function().call_index.find(call);
            if (index != function().call_index.end()) {
                for (unsigned i = 0; i < call->getNumArgs(); ++i)
                    add_use(uses, call, call->getArg(i), LaterUse::Kind::Pass, index->second, i);
            } else if (call->getDirectCallee() != nullptr) {
                // A pure library function the translation skips (strlen, strcmp): it reads
                // through its pointer arguments.
                for (unsigned i = 0; i < call->getNumArgs(); ++i)
                    add_use(uses, call, call->getArg(i), LaterUse::Kind::Deref);
            }
        } else if (const auto* ret = llvm::dyn_cast<clang::ReturnStmt>(s)) {
            add_use(uses, ret->getRetValue(), ret->getRetValue(), LaterUse::Kind::Return);
        }
        return true;
    });
    return uses;
}

void Lifetimes::add_use(Uses& uses, const clang::Stmt* site, const clang::Expr* value, LaterUse::Kind kind,
                        std::uint32_t call, std::uint32_t arg) {
    if (value == nullptr || !value->getType()->isPointerType()) return;
    const EvaluationPoint at{"u" + expression_key(site), Point{site, nullptr}};
    std::string identity = block_identity(value, at);
    if (identity.empty()) return;
    const std::size_t u = uses.all.size();
    uses.of_block[identity].push_back(u);
    if (identity.starts_with("cell:"))
        uses.in_cells_of[identity.substr(0, identity.rfind('+') + 1)].push_back(u);
    uses.all.push_back(PointerUse{site, value, kind, call, arg, std::move(identity)});
}

LocalDefinitions::PointSet Lifetimes::memory_writes() {
    std::vector<Point> writers;
    for (const Store& store : forwarding_.stores()) writers.push_back(Point{store.site, nullptr});
    for (const clang::CallExpr* call : calls_in_body()) {
        const clang::FunctionDecl* callee = call->getDirectCallee();
        const LibraryModel* model = callee != nullptr ? find_library_model(callee->getName()) : nullptr;
        if (model == nullptr || model->kind == ModelKind::CopyPointees ||
            model->kind == ModelKind::StoreAllocate)
            writers.push_back(Point{call, nullptr});
    }
    return locals()->point_set(writers);
}

std::unordered_map<const clang::CallExpr*, const clang::VarDecl*> Lifetimes::call_results() const {
    std::unordered_map<const clang::CallExpr*, const clang::VarDecl*> result_of;
    for (std::vector<const clang::Stmt*> stack{function().decl->getBody()}; !stack.empty();) {
        const clang::Stmt* s = stack.back();
        stack.pop_back();
        for (const clang::Stmt* child : s->children()) {
            if (child != nullptr) stack.push_back(child);
        }
        if (const auto* assign = llvm::dyn_cast<clang::BinaryOperator>(s);
            assign != nullptr && assign->getOpcode() == clang::BO_Assign) {
            const auto* call = llvm::dyn_cast<clang::CallExpr>(assign->getRHS()->IgnoreParenCasts());
            const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(assign->getLHS()->IgnoreParenCasts());
            if (call != nullptr && ref != nullptr) {
                if (const auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) result_of[call] = var;
            }
        } else if (const auto* decls = llvm::dyn_cast<clang::DeclStmt>(s)) {
            for (const clang::Decl* d : decls->decls()) {
                const auto* var = llvm::dyn_cast<clang::VarDecl>(d);
                if (var == nullptr || var->getInit() == nullptr) continue;
                if (const auto* call = llvm::dyn_cast<clang::CallExpr>(var->getInit()->IgnoreParenCasts()))
                    result_of[call] = var;
            }
        }
    }
    return result_of;
}

std::vector<std::pair<std::uint32_t, const clang::CallExpr*>> Lifetimes::calls_in_order() const {
    std::vector<std::pair<std::uint32_t, const clang::CallExpr*>> in_order;
    for (const auto& [expr, index] : function().call_index) in_order.emplace_back(index, expr);
    std::sort(in_order.begin(), in_order.end());
    return in_order;
}

bool Lifetimes::may_release(const clang::CallExpr* call) const {
    if (may_release_block(call, options())) return true;
    const clang::FunctionDecl* callee = call->getDirectCallee();
    if (callee == nullptr) return true;
    if (callee->getBuiltinID() != 0 && function().call_index.count(call) == 0) return false;
    return find_library_model(callee->getName()) == nullptr;
}

void Lifetimes::later_uses_of(const Release& release, unsigned i, const Uses& uses,
                              const PointSet& memory_writes) {
    const clang::CallExpr* expr = release.call;
    const clang::Expr* arg = expr->getArg(i);
    const Point released{expr, nullptr};
    std::string identity = block_identity(arg, release.at);
    const Symbolic base = addresses_.pointer_address(arg, release.at, 0);
    if (identity.starts_with("cell:") && rewritten_before(*base.cell, base.born, released))
        identity.clear();  // later reads of the cell see another block
    const std::vector<std::size_t> candidates =
        candidate_uses(identity, base, !may_release_block(expr, options()), uses);
    const std::string prefix = "cell:" + base.base + "+";
    PointSet memory_kills;  // memory_writes less this release, when needed
    std::size_t found = 0;
    for (std::size_t u : candidates) {
        const PointerUse& use = uses.all[u];
        if (found >= kMaxUsesPerValue) break;
        std::int64_t field = -1;
        if (use.identity != identity || identity.empty()) {
            if (!use.identity.starts_with(prefix)) continue;
            // The use's offset is from the base; the summary's field is from what the argument
            // points to (`oidset_clear(&e->trees)` releases e->trees's fields, not e's).
            field = std::stoll(use.identity.substr(prefix.size())) - *base.offset;
            if (field < 0) continue;
        }
        // Evaluated before the call (its own arguments): not after it.
        if (use.site == expr || inside(use.site, expr)) {
            if (!(use.kind == LaterUse::Kind::Pass && use.call == release.index && use.arg == i)) continue;
        }
        if (copied_before_redefinition(expr, arg, use.value)) continue;
        // What may change the value between the release and the use: definitions of the
        // variables it is read from and, for a value read from memory, the memory writes.
        const std::vector<Point> variables = variable_kills(arg, use.value);
        PointSet kills;
        if (identity.starts_with("cell:") || field >= 0) {
            if (memory_kills.empty()) {
                memory_kills = memory_writes;
                locals()->remove(memory_kills, released);
            }
            kills = memory_kills;
        } else {
            kills.assign(memory_writes.size(), false);
        }
        for (const Point& p : variables) locals()->add(kills, p);
        const Point at_use{use.site, nullptr};
        if (!spend(4)) break;  // this path question, and those of `always` below
        if (!locals()->in_graph(at_use) ||
            !locals()->reaches_avoiding_set(released, at_use, kills, release.kept))
            continue;
        // Only along paths whose tests of flags and results agree with what the path set
        // before them (`free(buf); result = ERROR; ... if (!result) use(buf)`).
        if (!spend(kFeasibleWalks)) break;
        if (!locals()->reaches_feasibly(released, at_use, kills, release.kept, kFeasibleWalks)) continue;
        add_later_use(release, i, field, use, kills);
        ++found;
    }
}

std::vector<std::size_t> Lifetimes::candidate_uses(const std::string& identity, const Symbolic& base,
                                                   bool program_call, const Uses& uses) {
    std::vector<std::size_t> candidates;
    if (!identity.empty()) {
        if (const auto same = uses.of_block.find(identity); same != uses.of_block.end())
            candidates = same->second;
    }
    if (program_call && base.kind != Base::Unknown && base.cell == nullptr && base.offset) {
        if (const auto inside_cells = uses.in_cells_of.find("cell:" + base.base + "+");
            inside_cells != uses.in_cells_of.end()) {
            candidates.insert(candidates.end(), inside_cells->second.begin(), inside_cells->second.end());
            std::sort(candidates.begin(), candidates.end());
            candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
        }
    }
    return candidates;
}

std::vector<LocalDefinitions::Point> Lifetimes::variable_kills(const clang::Expr* a,
                                                               const clang::Expr* b) const {
    std::vector<Point> kills;
    std::vector<const clang::VarDecl*> vars;
    variables_read(a, vars);
    variables_read(b, vars);
    for (const clang::VarDecl* var : vars) {
        if (!locals()->tracked(var)) continue;
        for (DefinitionId d : locals()->definitions_of(var)) {
            const LocalDefinition& def = locals()->definition(d);
            if (def.kind != LocalDefinition::Kind::Entry) kills.push_back(locals()->point_of(d));
        }
    }
    return kills;
}

void Lifetimes::add_later_use(const Release& release, unsigned i, std::int64_t field, const PointerUse& use,
                              const PointSet& kills) {
    const Point released{release.call, nullptr};
    const Point at_use{use.site, nullptr};
    LaterUse later;
    later.call = release.index;
    later.arg = i;
    later.field = field;
    later.kind = use.kind;
    later.use_call = use.call;
    later.use_arg = use.arg;
    // On every path: the release comes before the use on every path to it, and the use after
    // the release on every path from it, with nothing changing the value.
    later.always = !locals()->reaches_avoiding_all(Point{}, at_use, {released}) &&
                   !locals()->returns_avoiding(released, {at_use}) &&
                   !locals()->reaches_any_avoiding(released, kills, at_use);
    later.pos = pos(use.site->getBeginLoc());
    current().later_uses.push_back(later);
}

bool Lifetimes::spend(unsigned walks) {
    walked_ += std::max<std::uint64_t>(locals()->size(), 1) * walks;
    return walked_ <= kMaxOrderWork;
}

std::string Lifetimes::block_identity(const clang::Expr* e, const EvaluationPoint& at) {
    const Symbolic s = addresses_.pointer_address(e, at, 0);
    if (s.kind == Base::Unknown) return {};
    if (s.cell != nullptr) {
        if (s.cell->kind == Base::Unknown || !s.cell->offset || s.cell->base.starts_with("read#")) return {};
        return "cell:" + s.cell->base + "+" + std::to_string(*s.cell->offset);
    }
    if (s.base.starts_with("read#")) return {};
    return s.base;
}

bool Lifetimes::rewritten_before(const Symbolic& cell, const std::vector<Point>& read, Point release) {
    // A value read from memory is the cell's block only until a store writes the cell again:
    // `elem = *stack; *stack = elem->prev; free(elem);` leaves the next element in *stack,
    // and a read of *stack after the release is not a use of the released block.
    for (const Point& at : read) {
        if (at.entry() || (at.stmt == release.stmt && at.declaration == release.declaration)) continue;
        for (const Store& store : forwarding_.stores()) {
            const Symbolic& written = store.address;
            const bool same_cell = written.kind == cell.kind && written.base == cell.base &&
                                   (!written.offset || !cell.offset || *written.offset == *cell.offset);
            if (!same_cell) continue;
            const Point write{store.site, nullptr};
            if (locals()->reaches_avoiding_all(at, write, {release}) &&
                locals()->reaches_avoiding_all(write, release, {at}))
                return true;
        }
    }
    return false;
}

bool Lifetimes::copied_before_redefinition(const clang::CallExpr* release, const clang::Expr* released,
                                           const clang::Expr* used) {
    // `freeme = dir; dir = parent(dir); free(freeme);` and then `*dir`: the use reads a
    // variable the released value was copied from, but every path from the copy to the
    // release assigns that variable again, so it holds another block at the use.
    const clang::DeclRefExpr* copy = tracked_reference(released->IgnoreParenCasts());
    if (copy == nullptr) return false;
    const std::vector<DefinitionId>& copies = locals()->reaching(copy);
    if (copies.empty()) return false;
    // The variable every reaching definition of the released one copies (`freeme = dir`).
    const clang::VarDecl* source = nullptr;
    for (DefinitionId d : copies) {
        const LocalDefinition& def = locals()->definition(d);
        const clang::Expr* value = nullptr;
        if (def.kind == LocalDefinition::Kind::Init && def.var->getInit() != nullptr) {
            value = def.var->getInit();
        } else if (const auto* assign = llvm::dyn_cast_or_null<clang::BinaryOperator>(def.site);
                   def.kind == LocalDefinition::Kind::Assign && assign != nullptr &&
                   assign->getOpcode() == clang::BO_Assign) {
            value = assign->getRHS();
        }
        const auto* ref =
            value != nullptr ? llvm::dyn_cast<clang::DeclRefExpr>(value->IgnoreParenCasts()) : nullptr;
        const auto* var = ref != nullptr ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
        if (var == nullptr || (source != nullptr && var != source)) return false;
        source = var;
    }
    if (source == nullptr || source == copy->getDecl() || !locals()->tracked(source)) return false;
    std::vector<const clang::VarDecl*> read_by_use;
    variables_read(used, read_by_use);
    if (std::find(read_by_use.begin(), read_by_use.end(), source) == read_by_use.end()) return false;
    std::vector<Point> redefinitions;
    for (DefinitionId d : locals()->definitions_of(source)) {
        if (locals()->definition(d).kind != LocalDefinition::Kind::Entry)
            redefinitions.push_back(locals()->point_of(d));
    }
    const Point at{release, nullptr};
    return std::none_of(copies.begin(), copies.end(), [&](DefinitionId d) {
        return locals()->reaches_avoiding_all(locals()->point_of(d), at, redefinitions);
    });
}

}  // namespace galias::frontend::detail
