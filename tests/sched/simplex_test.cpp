// The dense simplex solver: a textbook LP with known optimum and duals, and random LPs
// (general and 0/1 bin-packing-like, highly degenerate) checked by optimality
// certificates: primal feasibility, dual feasibility and equal objectives. Rows added
// after a solve (the column generation pattern) must give the same optimum as a fresh
// solve of all rows.
#include "gpu_engine/sched/simplex.hpp"

#include <gtest/gtest.h>

#include <random>

namespace galias::engine::sched {
namespace {

constexpr double kTolerance = 1e-7;

struct Lp {
    std::vector<double> c;
    std::vector<std::vector<double>> g;
    std::vector<double> h;
};

// y and x certify optimality of  max c.y, G y <= h, y >= 0  and its dual
// min h.x, G^T x >= c, x >= 0.
void expect_certified(const Lp& lp, const DenseSimplex& solver) {
    const std::vector<double> y = solver.primal();
    const std::vector<double> x = solver.duals();
    ASSERT_EQ(y.size(), lp.c.size());
    ASSERT_EQ(x.size(), lp.h.size());
    double primal_value = 0;
    for (std::size_t j = 0; j < y.size(); ++j) {
        EXPECT_GE(y[j], -kTolerance);
        primal_value += lp.c[j] * y[j];
    }
    double dual_value = 0;
    for (std::size_t r = 0; r < lp.h.size(); ++r) {
        double lhs = 0;
        for (std::size_t j = 0; j < y.size(); ++j) lhs += lp.g[r][j] * y[j];
        EXPECT_LE(lhs, lp.h[r] + kTolerance) << "row " << r;
        EXPECT_GE(x[r], -kTolerance);
        dual_value += lp.h[r] * x[r];
    }
    for (std::size_t j = 0; j < y.size(); ++j) {
        double lhs = 0;
        for (std::size_t r = 0; r < lp.h.size(); ++r) lhs += lp.g[r][j] * x[r];
        EXPECT_GE(lhs, lp.c[j] - kTolerance) << "dual row " << j;
    }
    EXPECT_NEAR(primal_value, dual_value, kTolerance);
    EXPECT_NEAR(primal_value, solver.objective_value(), kTolerance);
}

Lp random_lp(std::mt19937& rng, bool binary) {
    const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    Lp lp;
    const int n = pick(1, 12);
    const int m = pick(1, 20);
    for (int j = 0; j < n; ++j) lp.c.push_back(binary ? 1.0 : pick(0, 6));
    for (int r = 0; r < m; ++r) {
        std::vector<double> row(static_cast<std::size_t>(n));
        for (double& v : row) v = binary ? pick(0, 2) / 2 : pick(-1, 4);  // binary: 0/1 entries
        lp.g.push_back(row);
        lp.h.push_back(binary ? 1.0 : pick(0, 9));
    }
    if (binary) {
        // As in the master problem: every variable appears in some row, so it is bounded.
        for (int j = 0; j < n; ++j)
            lp.g[static_cast<std::size_t>(pick(0, m - 1))][static_cast<std::size_t>(j)] = 1.0;
    }
    return lp;
}

TEST(Simplex, TextbookProblem) {
    // max 3a + 5b  s.t.  a <= 4, 2b <= 12, 3a + 2b <= 18: optimum 36 at (2, 6), duals (0, 1.5, 1).
    DenseSimplex solver({3.0, 5.0});
    solver.add_constraint(std::vector<double>{1.0, 0.0}, 4.0);
    solver.add_constraint(std::vector<double>{0.0, 2.0}, 12.0);
    solver.add_constraint(std::vector<double>{3.0, 2.0}, 18.0);
    ASSERT_EQ(solver.solve(), DenseSimplex::Status::kOptimal);
    EXPECT_NEAR(solver.objective_value(), 36.0, 1e-12);
    EXPECT_NEAR(solver.primal()[0], 2.0, 1e-12);
    EXPECT_NEAR(solver.primal()[1], 6.0, 1e-12);
    EXPECT_NEAR(solver.duals()[0], 0.0, 1e-12);
    EXPECT_NEAR(solver.duals()[1], 1.5, 1e-12);
    EXPECT_NEAR(solver.duals()[2], 1.0, 1e-12);
}

TEST(Simplex, DetectsUnboundedness) {
    DenseSimplex solver({1.0, 1.0});
    solver.add_constraint(std::vector<double>{1.0, 0.0}, 3.0);  // the second variable is free to grow
    EXPECT_EQ(solver.solve(), DenseSimplex::Status::kUnbounded);
}

TEST(Simplex, RejectsNegativeRightHandSide) {
    DenseSimplex solver({1.0});
    EXPECT_THROW(solver.add_constraint(std::vector<double>{1.0}, -1.0), std::invalid_argument);
    EXPECT_THROW(solver.add_constraint(std::vector<double>{1.0, 2.0}, 1.0), std::invalid_argument);
}

TEST(Simplex, RandomProblemsAreSolvedWithCertificates) {
    std::mt19937 rng(11);
    int optimal = 0;
    for (int trial = 0; trial < 400; ++trial) {
        const Lp lp = random_lp(rng, trial % 2 == 1);
        DenseSimplex solver(lp.c);
        for (std::size_t r = 0; r < lp.h.size(); ++r) solver.add_constraint(lp.g[r], lp.h[r]);
        const DenseSimplex::Status status = solver.solve();
        ASSERT_NE(status, DenseSimplex::Status::kIterationLimit);
        ASSERT_NE(status, DenseSimplex::Status::kInfeasible);  // y = 0 is always feasible
        if (status == DenseSimplex::Status::kUnbounded) {
            EXPECT_EQ(trial % 2, 0) << "0/1 problems with every variable in a row are bounded";
            continue;
        }
        ++optimal;
        expect_certified(lp, solver);
    }
    EXPECT_GT(optimal, 250);
}

TEST(Simplex, RowsAddedAfterASolveGiveTheSameOptimum) {
    std::mt19937 rng(5);
    for (int trial = 0; trial < 300; ++trial) {
        const Lp lp = random_lp(rng, true);
        // Incremental: the first row, solve, then each further row followed by a solve.
        DenseSimplex incremental(lp.c);
        Lp so_far{lp.c, {}, {}};
        bool bounded_so_far = true;
        for (std::size_t r = 0; r < lp.h.size(); ++r) {
            incremental.add_constraint(lp.g[r], lp.h[r]);
            so_far.g.push_back(lp.g[r]);
            so_far.h.push_back(lp.h[r]);
            const DenseSimplex::Status status = incremental.solve();
            ASSERT_NE(status, DenseSimplex::Status::kIterationLimit);
            ASSERT_NE(status, DenseSimplex::Status::kInfeasible);
            bounded_so_far = status == DenseSimplex::Status::kOptimal;
            if (bounded_so_far) expect_certified(so_far, incremental);
        }
        ASSERT_TRUE(bounded_so_far);
        DenseSimplex fresh(lp.c);
        for (std::size_t r = 0; r < lp.h.size(); ++r) fresh.add_constraint(lp.g[r], lp.h[r]);
        ASSERT_EQ(fresh.solve(), DenseSimplex::Status::kOptimal);
        EXPECT_NEAR(incremental.objective_value(), fresh.objective_value(), kTolerance);
    }
}

}  // namespace
}  // namespace galias::engine::sched
