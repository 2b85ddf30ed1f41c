// Path questions of LocalDefinitions: "does every path from the entry to this point pass
// that one?" is answered by the dominator tree; here it is checked against a walk over the
// graph for every pair of points of functions with loops, gotos, switches and `do while (0)`.

#include "frontend/local_definitions.hpp"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Tooling/Tooling.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace galias::frontend {
namespace {

using Point = LocalDefinitions::Point;

// Every statement and expression of a function body.
class StatementCollector : public clang::RecursiveASTVisitor<StatementCollector> {
public:
    bool VisitStmt(clang::Stmt* s) {
        statements.push_back(s);
        return true;
    }
    std::vector<const clang::Stmt*> statements;
};

// For every function of `code`: the number of point pairs compared.
std::size_t compare_with_walks(const std::string& code) {
    const std::unique_ptr<clang::ASTUnit> ast =
        clang::tooling::buildASTFromCodeWithArgs(code, {"-xc", "-std=c11"}, "input.c");
    EXPECT_NE(ast, nullptr);
    if (ast == nullptr) return 0;
    std::size_t compared = 0;
    for (const clang::Decl* d : ast->getASTContext().getTranslationUnitDecl()->decls()) {
        const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(d);
        if (fd == nullptr || !fd->hasBody()) continue;
        const LocalDefinitions locals(fd, ast->getASTContext(),
                                      [](const clang::VarDecl* v) { return v->getType()->isPointerType(); });
        StatementCollector collector;
        collector.TraverseStmt(fd->getBody());
        std::vector<Point> points{Point{}};
        for (const clang::Stmt* s : collector.statements) {
            if (locals.in_graph(Point{s, nullptr})) points.push_back(Point{s, nullptr});
        }
        for (const Point& to : points) {
            if (to.entry()) continue;
            for (const Point& avoid : points) {
                if (avoid.entry()) continue;
                const bool by_tree = locals.reaches_avoiding(Point{}, to, avoid);
                // The walk answers "reached" for `to` == `avoid`; passing a point is reaching it.
                const bool by_walk =
                    to.stmt != avoid.stmt && locals.reaches_avoiding_all(Point{}, to, {avoid});
                EXPECT_EQ(by_tree, by_walk) << fd->getNameAsString() << ": to " << to.stmt->getStmtClassName()
                                            << ", avoiding " << avoid.stmt->getStmtClassName();
                ++compared;
            }
        }
    }
    return compared;
}

TEST(LocalDefinitions, EntryDominanceAgreesWithAWalk) {
    const std::string code = R"(
        void use(int *);
        int flag(void);
        void straight(int *p, int *q) { use(p); use(q); p = q; use(p); }
        void branches(int *p, int *q, int c) {
            if (c) { use(p); p = q; } else if (c > 2) { use(q); } else { return; }
            use(p);
            int *r = c && flag() ? p : q;
            use(r);
        }
        void loops(int *p, int n) {
            for (int i = 0; i < n; ++i) { if (i == 3) continue; use(p); if (i == 7) break; p++; }
            while (flag()) { use(p); }
            do { use(p); } while (flag());
            do { use(p); } while (0);
        }
        void jumps(int *p, int c) {
        again:
            use(p);
            switch (c) {
            case 0: use(p);
            case 1: p = 0; break;
            case 2: goto again;
            default: goto out;
            }
            use(p);
        out:
            use(p);
            return;
            use(p);  /* after return: no path */
        }
    )";
    EXPECT_GT(compare_with_walks(code), 500u);
}

}  // namespace
}  // namespace galias::frontend
