// The Andersen pre-analysis solver, on constraint sets small enough to check by hand, and
// when constraints arrive after a first solve (as indirect calls get bound).
#include "frontend/points_to_solver.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "frontend/library_models.hpp"

namespace galias::frontend {
namespace {

std::vector<unsigned> objects(const PointsToSolver& s, PointsToSolver::Node n) {
    std::vector<unsigned> out;
    for (const unsigned o : s.points_to(n)) out.push_back(s.object_node(o));
    std::sort(out.begin(), out.end());
    return out;
}

TEST(PointsToSolver, AppliesTheFourRules) {
    // Nodes: p=0 q=1 r=2 pp=3 x=10 y=11.
    PointsToSolver s;
    s.add_address_of(0, 10);  // p = &x
    s.add_copy(1, 0);         // q = p
    s.add_address_of(3, 0);   // pp = &p
    s.add_address_of(2, 11);  // r = &y
    s.add_store(3, 2);        // *pp = r   -> p, q may point to y
    s.add_load(4, 3);         // t = *pp   -> t gets p's targets
    s.solve();
    EXPECT_EQ(objects(s, 0), (std::vector<unsigned>{10, 11}));
    EXPECT_EQ(objects(s, 1), (std::vector<unsigned>{10, 11}));
    EXPECT_EQ(objects(s, 4), (std::vector<unsigned>{10, 11}));
    EXPECT_EQ(objects(s, 2), (std::vector<unsigned>{11}));
    EXPECT_TRUE(objects(s, 99).empty());
}

TEST(PointsToSolver, ContinuesAfterConstraintsAreAdded) {
    PointsToSolver s;
    s.add_address_of(0, 10);
    s.add_address_of(3, 0);  // pp = &p
    s.add_load(4, 3);        // t = *pp
    s.solve();
    EXPECT_EQ(objects(s, 4), (std::vector<unsigned>{10}));
    s.add_address_of(5, 12);
    s.add_store(3, 5);  // *pp = w, added late
    s.add_copy(6, 4);   // u = t, added late
    s.solve();
    EXPECT_EQ(objects(s, 0), (std::vector<unsigned>{10, 12}));
    EXPECT_EQ(objects(s, 6), (std::vector<unsigned>{10, 12}));
}

TEST(PointsToSolver, HandlesCycles) {
    PointsToSolver s;
    s.add_copy(1, 0);
    s.add_copy(2, 1);
    s.add_copy(0, 2);
    s.add_address_of(1, 7);
    s.solve();
    for (PointsToSolver::Node n : {0u, 1u, 2u}) EXPECT_EQ(objects(s, n), (std::vector<unsigned>{7}));
}

// x0 = &o0 ... x9 = &o9; p = x0; ...; p = x9; q = p; r = q.
PointsToSolver fan_in() {
    PointsToSolver s;
    for (PointsToSolver::Node i = 0; i < 10; ++i) {
        s.add_address_of(i, 100 + i);
        s.add_copy(50, i);
    }
    s.add_copy(51, 50);
    s.add_copy(52, 51);
    return s;
}

TEST(PointsToSolver, StopsWithinItsBudgetAndGoesOnFromThere) {
    PointsToSolver s = fan_in();
    EXPECT_FALSE(s.solve(12));
    EXPECT_LE(s.work(), 12u);
    EXPECT_TRUE(s.solve());
    PointsToSolver whole = fan_in();
    EXPECT_TRUE(whole.solve());
    EXPECT_EQ(objects(s, 52), objects(whole, 52));
    EXPECT_EQ(objects(s, 52).size(), 10u);
}

TEST(PointsToSolver, StopsWhenASetOutgrowsTheLimit) {
    PointsToSolver small = fan_in();
    small.limit_set_size(10);
    EXPECT_TRUE(small.solve());
    PointsToSolver s = fan_in();
    s.limit_set_size(9);
    EXPECT_FALSE(s.solve());
    s.limit_set_size(0);  // no limit: it finishes what it started
    EXPECT_TRUE(s.solve());
    EXPECT_EQ(objects(s, 52).size(), 10u);
}

TEST(LibraryModels, TableIsSortedAndFound) {
    EXPECT_TRUE(library_models_sorted());
    ASSERT_NE(find_library_model("malloc"), nullptr);
    EXPECT_EQ(find_library_model("malloc")->kind, ModelKind::Allocate);
    ASSERT_NE(find_library_model("__builtin_memcpy"), nullptr);
    EXPECT_EQ(find_library_model("__builtin_memcpy")->kind, ModelKind::CopyPointees);
    ASSERT_NE(find_library_model("__builtin___memcpy_chk"), nullptr);
    EXPECT_EQ(find_library_model("strchr")->kind, ModelKind::ReturnArg);
    EXPECT_EQ(find_library_model("no_such_function"), nullptr);
}

}  // namespace
}  // namespace galias::frontend
