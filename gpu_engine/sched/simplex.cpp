#include "gpu_engine/sched/simplex.hpp"

#include <cmath>
#include <stdexcept>

namespace galias::engine::sched {
namespace {

constexpr double kPivotTolerance = 1e-7;  // smaller pivots amplify rounding errors
constexpr double kFeasibilityTolerance = 1e-9;
constexpr double kZero = 1e-12;             // entries below this are cleared after a pivot
constexpr int kDegenerateBeforeBland = 30;  // stalled pivots before switching to Bland's rule

}  // namespace

DenseSimplex::DenseSimplex(std::vector<double> objective, int max_pivots)
    : variables_(objective.size()), max_pivots_(max_pivots), objective_(std::move(objective)) {
    restart_from_slack_basis();
}

void DenseSimplex::restart_from_slack_basis() {
    rows_.clear();
    rhs_.clear();
    basis_.clear();
    reduced_.assign(variables_ + original_rows_.size(), 0.0);
    for (std::size_t j = 0; j < variables_; ++j) reduced_[j] = -objective_[j];
    value_ = 0;
    const std::size_t width = variables_ + original_rows_.size();
    for (std::size_t r = 0; r < original_rows_.size(); ++r) {
        std::vector<double> row(width, 0.0);
        for (std::size_t j = 0; j < variables_; ++j) row[j] = original_rows_[r][j];
        row[variables_ + r] = 1.0;
        rows_.push_back(std::move(row));
        rhs_.push_back(original_rhs_[r]);
        basis_.push_back(variables_ + r);
    }
}

void DenseSimplex::add_constraint(std::span<const double> coefficients, double rhs) {
    if (coefficients.size() != variables_) throw std::invalid_argument("simplex: constraint width");
    if (!(rhs >= 0)) throw std::invalid_argument("simplex: right-hand side must be >= 0");
    original_rows_.emplace_back(coefficients.begin(), coefficients.end());
    original_rhs_.push_back(rhs);

    // A new slack column (zero in every existing row), then the row in canonical form:
    // subtract each basic variable's row times the new row's coefficient on it.
    for (auto& row : rows_) row.push_back(0.0);
    reduced_.push_back(0.0);
    std::vector<double> row(variables_ + rows_.size() + 1, 0.0);
    for (std::size_t j = 0; j < variables_; ++j) row[j] = coefficients[j];
    row.back() = 1.0;
    double right = rhs;
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        const double factor = row[basis_[r]];
        if (factor == 0.0) continue;
        for (std::size_t j = 0; j < row.size(); ++j) row[j] -= factor * rows_[r][j];
        right -= factor * rhs_[r];
        row[basis_[r]] = 0.0;
    }
    rows_.push_back(std::move(row));
    rhs_.push_back(right);
    basis_.push_back(rows_.back().size() - 1);
}

void DenseSimplex::pivot(std::size_t row, std::size_t column) {
    std::vector<double>& pivot_row = rows_[row];
    const double scale = 1.0 / pivot_row[column];
    // The tableau stays sparse (0/1 master columns): eliminate over the pivot row's
    // nonzero entries only.
    nonzero_.clear();
    for (std::size_t j = 0; j < pivot_row.size(); ++j) {
        if (pivot_row[j] == 0.0) continue;
        pivot_row[j] *= scale;
        nonzero_.push_back(j);
    }
    rhs_[row] *= scale;
    pivot_row[column] = 1.0;
    const auto eliminate = [&](std::vector<double>& target, double& target_rhs) {
        const double factor = target[column];
        if (factor == 0.0) return;
        for (std::size_t j : nonzero_) {
            double& v = target[j];
            v -= factor * pivot_row[j];
            if (std::fabs(v) < kZero) v = 0.0;
        }
        target[column] = 0.0;
        target_rhs -= factor * rhs_[row];
    };
    for (std::size_t r = 0; r < rows_.size(); ++r)
        if (r != row) eliminate(rows_[r], rhs_[r]);
    eliminate(reduced_, value_);
    basis_[row] = column;
    ++pivots_;
}

bool DenseSimplex::primal_feasible() const {
    for (double v : rhs_)
        if (v < -kFeasibilityTolerance) return false;
    return true;
}

bool DenseSimplex::dual_feasible() const {
    for (double v : reduced_)
        if (v < -kFeasibilityTolerance) return false;
    return true;
}

// One primal simplex pivot; false when no pivot was possible (optimal or unbounded).
bool DenseSimplex::primal_step(bool bland, Status& status) {
    std::size_t entering = reduced_.size();
    for (std::size_t j = 0; j < reduced_.size(); ++j) {
        if (reduced_[j] >= -kFeasibilityTolerance) continue;
        if (entering == reduced_.size() || (!bland && reduced_[j] < reduced_[entering])) entering = j;
        if (bland) break;
    }
    if (entering == reduced_.size()) {
        status = Status::kOptimal;
        return false;
    }
    std::size_t leaving = rows_.size();
    double best_ratio = 0;
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        const double a = rows_[r][entering];
        if (a <= kPivotTolerance) continue;
        const double ratio = std::max(0.0, rhs_[r]) / a;
        if (leaving == rows_.size() || ratio < best_ratio - kPivotTolerance ||
            (ratio <= best_ratio + kPivotTolerance && basis_[r] < basis_[leaving])) {
            leaving = r;
            best_ratio = ratio;
        }
    }
    if (leaving == rows_.size()) {
        status = Status::kUnbounded;
        return false;
    }
    pivot(leaving, entering);
    return true;
}

// One dual simplex pivot (the basis is dual feasible, some rhs negative); false when no
// pivot was possible (primal feasible: optimal; or no entering column: infeasible).
bool DenseSimplex::dual_step(bool bland, Status& status) {
    std::size_t leaving = rows_.size();
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        if (rhs_[r] >= -kFeasibilityTolerance) continue;
        if (leaving == rows_.size() || (bland ? basis_[r] < basis_[leaving] : rhs_[r] < rhs_[leaving]))
            leaving = r;
    }
    if (leaving == rows_.size()) {
        status = Status::kOptimal;
        return false;
    }
    const std::vector<double>& row = rows_[leaving];
    std::size_t entering = row.size();
    double best_ratio = 0;
    for (std::size_t j = 0; j < row.size(); ++j) {
        if (row[j] >= -kPivotTolerance) continue;
        const double ratio = std::max(0.0, reduced_[j]) / -row[j];
        // Near-ties go to the larger pivot (numerically safer), or under Bland's rule to
        // the smaller index (the first met).
        const bool first = entering == row.size();
        const bool better = first || ratio < best_ratio - kPivotTolerance;
        const bool larger_tie =
            !better && !bland && ratio <= best_ratio + kPivotTolerance && -row[j] > -row[entering];
        if (better || larger_tie) {
            entering = j;
            best_ratio = better ? ratio : std::min(best_ratio, ratio);
        }
    }
    if (entering == row.size()) {
        status = Status::kInfeasible;
        return false;
    }
    pivot(leaving, entering);
    return true;
}

DenseSimplex::Status DenseSimplex::solve() {
    // After add_constraint the old optimum is dual feasible: finish with the dual simplex.
    // Otherwise (first solve, or a row added to a non-optimal tableau) use the primal
    // simplex, from the slack basis if the current one is not primal feasible. If the
    // warm start runs into numerical trouble (the objective moving the wrong way, or far
    // more pivots than the size warrants), solve again from the slack basis: a fresh
    // tableau has no accumulated rounding error.
    const bool use_dual = !primal_feasible() && dual_feasible();
    if (use_dual) {
        const Status status = run(true);
        if (status != Status::kIterationLimit) return status;
        restart_from_slack_basis();
        return run(false);
    }
    if (!primal_feasible()) restart_from_slack_basis();
    return run(false);
}

DenseSimplex::Status DenseSimplex::run(bool use_dual) {
    const long start = pivots_;
    // A warm-started dual simplex needs a few pivots per added row; give up on it early.
    const long limit = use_dual
                           ? std::min<long>(max_pivots_, 4 * static_cast<long>(rows_.size() + variables_))
                           : max_pivots_;
    Status status = Status::kOptimal;
    int stalled = 0;
    bool bland = false;
    for (;;) {
        if (pivots_ - start >= limit) return Status::kIterationLimit;
        const double before = value_;
        const bool pivoted = use_dual ? dual_step(bland, status) : primal_step(bland, status);
        if (!pivoted) break;
        // The dual simplex only lowers the objective, the primal only raises it.
        const double change = use_dual ? before - value_ : value_ - before;
        if (change < -1e-7 * (1.0 + std::fabs(before))) return Status::kIterationLimit;
        stalled = change <= kPivotTolerance ? stalled + 1 : 0;
        if (stalled > kDegenerateBeforeBland) bland = true;
    }
    // The dual simplex ends primal feasible; finish any remaining primal improvement
    // (none in exact arithmetic, but tolerances can leave a slightly negative reduced cost).
    if (use_dual && status == Status::kOptimal) {
        while (pivots_ - start < limit && primal_step(true, status)) {
        }
        if (pivots_ - start >= limit) return Status::kIterationLimit;
    }
    return status;
}

std::vector<double> DenseSimplex::primal() const {
    std::vector<double> y(variables_, 0.0);
    for (std::size_t r = 0; r < rows_.size(); ++r)
        if (basis_[r] < variables_) y[basis_[r]] = rhs_[r];
    return y;
}

std::vector<double> DenseSimplex::duals() const {
    std::vector<double> x(rows_.size(), 0.0);
    for (std::size_t r = 0; r < rows_.size(); ++r) x[r] = reduced_[variables_ + r];
    return x;
}

}  // namespace galias::engine::sched
