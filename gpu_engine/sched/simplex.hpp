#pragma once
// A small dense simplex solver for the restricted master LP of the batch model
// (docs/SCHEDULING.md, "LP solver"). It solves
//     maximize c.y  subject to  G y <= h,  y >= 0,  with h >= 0,
// which is the dual of the master problem "minimize 1.x subject to A x >= 1, x >= 0":
// with h >= 0 the slack basis is feasible, so no phase 1 is needed. Constraints can be
// added after a solve (a new column of the master is a new row here); the next solve
// restarts from the previous optimal basis with the dual simplex method, so each column
// generation round costs a few pivots instead of a solve from scratch.
//
// Tableau size is constraints x (variables + constraints); meant for up to a few hundred
// rows. Degenerate pivots (frequent in bin packing) switch the pivoting rule to Bland's,
// which cannot cycle.

#include <cstddef>
#include <span>
#include <vector>

namespace galias::engine::sched {

class DenseSimplex {
public:
    enum class Status { kOptimal, kUnbounded, kInfeasible, kIterationLimit };

    explicit DenseSimplex(std::vector<double> objective, int max_pivots = 100000);

    // Adds  coefficients . y <= rhs  (rhs >= 0, one coefficient per variable).
    void add_constraint(std::span<const double> coefficients, double rhs);
    Status solve();

    [[nodiscard]] std::size_t variables() const { return variables_; }
    [[nodiscard]] std::size_t constraints() const { return rows_.size(); }
    [[nodiscard]] double objective_value() const { return value_; }
    [[nodiscard]] std::vector<double> primal() const;  // y, one per variable
    [[nodiscard]] std::vector<double> duals() const;   // one per constraint, >= 0 at the optimum
    [[nodiscard]] long pivots() const { return pivots_; }

private:
    Status run(bool use_dual);
    void pivot(std::size_t row, std::size_t column);
    void restart_from_slack_basis();
    bool primal_feasible() const;
    bool dual_feasible() const;
    bool primal_step(bool bland, Status& status);
    bool dual_step(bool bland, Status& status);

    std::size_t variables_;
    int max_pivots_;
    std::vector<double> objective_;
    // The constraints as given, to restart from the slack basis if needed.
    std::vector<std::vector<double>> original_rows_;
    std::vector<double> original_rhs_;
    // Row r of the tableau: x[basis_[r]] + sum_j rows_[r][j] x[j] = rhs_[r], in canonical
    // form (basic columns are unit vectors). Columns: variables, then one slack per row.
    std::vector<std::vector<double>> rows_;
    std::vector<double> rhs_;
    std::vector<std::size_t> basis_;
    // Objective row: z = value_ - sum_j reduced_[j] x[j]; optimal when all reduced_ >= 0.
    std::vector<double> reduced_;
    double value_ = 0;
    long pivots_ = 0;
    std::vector<std::size_t> nonzero_;  // pivot row's nonzero columns (work space)
};

}  // namespace galias::engine::sched
