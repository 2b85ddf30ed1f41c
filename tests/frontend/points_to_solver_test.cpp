// The Andersen pre-analysis solver, on constraint sets small enough to check by hand, and
// when constraints arrive after a first solve (as indirect calls get bound).
#include "frontend/points_to_solver.hpp"

#include <gtest/gtest.h>

#include "frontend/library_models.hpp"

namespace galias::frontend {
namespace {

std::vector<unsigned> objects(const PointsToSolver& s, PointsToSolver::Node n) {
    std::vector<unsigned> out;
    for (const unsigned o : s.points_to(n)) out.push_back(o);
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
