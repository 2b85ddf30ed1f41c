// Column generation for the batch model (docs/SCHEDULING.md, "Batch-level model").
// Master: minimize the number of batches x_j taken from known feasible sets S_j so that
// every kernel is covered (sum over j with k in S_j of x_j >= 1); covering is enough
// because any subset of a set that fits also fits. DenseSimplex solves the master's dual
// (max sum pi_k, sum over k in S_j of pi_k <= 1), whose optimal pi are the prices for
// best_subset(); a set with price above 1 is a new column. When none is, the LP optimum
// is reached; in any round, LP value / best price is a valid lower bound (Farley).
//
// Integer batches, tried in order until one meets the lower bound: first-fit decreasing
// (also the first columns), rounding the LP solution, a bounded search for the fewest
// generated columns that cover all kernels, and diving: fix the column the LP uses most
// as a batch, generate columns for the remaining kernels, repeat.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <limits>
#include <numeric>

#include "gpu_engine/sched/batch_model.hpp"
#include "gpu_engine/sched/fit_check.hpp"
#include "gpu_engine/sched/pricing.hpp"
#include "gpu_engine/sched/simplex.hpp"

namespace galias::engine::sched {
namespace {

constexpr double kImproving = 1e-9;   // a column must price above 1 + this to enter
constexpr double kBoundSlack = 1e-6;  // ceil() of LP bounds tolerates this much error

using Batches = std::vector<std::vector<std::size_t>>;

int ceil_bound(double bound) {
    return static_cast<int>(std::ceil(bound - kBoundSlack));
}

// The master LP restricted to some kernels ("active"), with its columns.
struct Master {
    bool solved = false;    // the LP of the current columns was solved to optimality
    bool optimal = false;   // ... and no column prices above 1: the LP optimum itself
    double bound = 0;       // lower bound on the batches the active kernels need
    Batches columns;        // kernel indices (into all kernels), each within the active set
    std::vector<double> x;  // LP solution, one per column (when solved)
};

class ColumnGenerator {
public:
    ColumnGenerator(const DeviceProfile& device, std::span<const KernelCosts> kernels,
                    const BatchOptions& options, BatchPlan& stats)
        : kernels_(kernels), options_(options), stats_(stats), pricer_(device, kernels) {}

    // Column generation over `active` (increasing kernel indices), seeded with every
    // column of `pool` cut down to `active` (and singletons for kernels none covers).
    // New columns are added to `pool`. Stops early once ceil(bound) >= stop_at. Without
    // `exact`, only greedy pricing runs: a good LP solution, but no bound.
    Master run(const std::vector<std::size_t>& active, Batches& pool, int stop_at, bool exact = true) {
        Master master;
        std::vector<int> position(kernels_.size(), -1);  // kernel -> LP variable
        for (std::size_t i = 0; i < active.size(); ++i) position[active[i]] = static_cast<int>(i);
        DenseSimplex lp(std::vector<double>(active.size(), 1.0));
        std::vector<double> row(active.size());
        const auto add = [&](std::vector<std::size_t> members) {
            if (members.empty() ||
                std::find(master.columns.begin(), master.columns.end(), members) != master.columns.end())
                return false;
            std::fill(row.begin(), row.end(), 0.0);
            for (std::size_t k : members) row[static_cast<std::size_t>(position[k])] = 1.0;
            lp.add_constraint(row, 1.0);
            master.columns.push_back(std::move(members));
            return true;
        };
        std::vector<char> covered(kernels_.size(), 0);
        for (const auto& column : pool) {
            std::vector<std::size_t> members;
            for (std::size_t k : column)
                if (position[k] >= 0) members.push_back(k);
            for (std::size_t k : members) covered[k] = 1;
            add(std::move(members));
        }
        for (std::size_t k : active)
            if (!covered[k]) add({k});

        std::vector<double> profit(kernels_.size(), 0.0);
        for (int round = 0;; ++round) {
            master.solved = lp.solve() == DenseSimplex::Status::kOptimal;
            if (!master.solved || round >= options_.max_rounds) break;
            const std::vector<double> prices = lp.primal();
            for (std::size_t i = 0; i < active.size(); ++i) profit[active[i]] = prices[i];
            const auto per_round = static_cast<std::size_t>(std::max(1, options_.columns_per_round));
            ++stats_.rounds;
            // Cheap columns first; the exact pricing only when they run out, since only
            // it yields a bound (and proves the LP optimum).
            if (options_.greedy_pricing) {
                bool added = false;
                for (const PricingResult& column : pricer_.greedy(profit, per_round, 1.0 + kImproving))
                    if (add(column.members)) {
                        pool.push_back(column.members);
                        added = true;
                    }
                if (added) continue;
                if (!exact) break;
            }
            ++stats_.exact_pricings;
            const std::vector<PricingResult> priced = pricer_.solve(profit, per_round, 1.0 + kImproving);
            const double value = lp.objective_value();
            master.bound = std::max(master.bound, value / std::max(1.0, priced.front().value));
            if (priced.front().value <= 1.0 + kImproving) {
                master.optimal = true;
                master.bound = value;
                break;
            }
            if (ceil_bound(master.bound) >= stop_at) break;
            bool added = false;
            for (const PricingResult& column : priced) {
                if (column.value <= 1.0 + kImproving || !add(column.members)) continue;
                pool.push_back(column.members);
                added = true;
            }
            if (!added) break;  // numerical stall: the columns are known
        }
        if (master.solved) master.x = lp.duals();
        stats_.pivots += lp.pivots();
        return master;
    }

private:
    std::span<const KernelCosts> kernels_;
    const BatchOptions& options_;
    BatchPlan& stats_;
    Pricer pricer_;
};

// One more first column per kernel: the kernel, then every other kernel that still fits
// with its most compact shape, largest first. A varied start saves pricing rounds.
Batches seed_columns(const DeviceProfile& device, const FitChecker& checker) {
    std::vector<std::size_t> by_size(checker.kernel_count());
    std::iota(by_size.begin(), by_size.end(), std::size_t{0});
    std::stable_sort(by_size.begin(), by_size.end(),
                     [&](std::size_t a, std::size_t b) { return checker.size(a) > checker.size(b); });
    Batches seeds;
    for (std::size_t first : by_size) {
        std::vector<std::size_t> members{first};
        ResourceUse sum = checker.compact(first);
        for (std::size_t k : by_size)
            if (k != first && fits(sum + checker.compact(k), device)) {
                sum += checker.compact(k);
                members.push_back(k);
            }
        std::sort(members.begin(), members.end());
        if (std::find(seeds.begin(), seeds.end(), members) == seeds.end())
            seeds.push_back(std::move(members));
    }
    return seeds;
}

// Integer batches from an LP solution: columns by decreasing x_j, each cut down to the
// kernels not yet covered; kernels the positive columns miss go first-fit into the batches.
Batches round_lp(const FitChecker& checker, const Master& master, const std::vector<std::size_t>& active) {
    std::vector<std::size_t> order(master.columns.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return master.x[a] > master.x[b]; });
    std::vector<char> covered(checker.kernel_count(), 0);
    Batches batches;
    for (std::size_t j : order) {
        if (master.x[j] <= kImproving) break;
        std::vector<std::size_t> members;
        for (std::size_t k : master.columns[j])
            if (!covered[k]) members.push_back(k);
        if (members.empty()) continue;
        for (std::size_t k : members) covered[k] = 1;
        batches.push_back(std::move(members));
    }
    for (std::size_t k : active) {
        if (covered[k]) continue;
        bool placed = false;
        for (auto& batch : batches) {
            batch.push_back(k);
            if (checker.fits(batch)) {
                placed = true;
                break;
            }
            batch.pop_back();
        }
        if (!placed) batches.push_back({k});
    }
    for (auto& batch : batches) std::sort(batch.begin(), batch.end());
    return batches;
}

// Depth-first search for the fewest generated columns covering all kernels (at most 64),
// pruned by a volume bound; each column may be cut down to the kernels it newly covers.
class ColumnSearch {
public:
    ColumnSearch(const Batches& columns, std::size_t kernel_count, long max_nodes)
        : kernel_count_(kernel_count), max_nodes_(max_nodes), covering_(kernel_count) {
        for (const auto& column : columns) {
            std::uint64_t mask = 0;
            for (std::size_t k : column) mask |= std::uint64_t{1} << k;
            if (std::find(masks_.begin(), masks_.end(), mask) != masks_.end()) continue;
            masks_.push_back(mask);
            widest_ = std::max(widest_, std::popcount(mask));
        }
        for (std::size_t j = 0; j < masks_.size(); ++j)
            for (std::size_t k = 0; k < kernel_count; ++k)
                if (masks_[j] >> k & 1U) covering_[k].push_back(j);
    }

    // True when a cover with fewer than `best_count` columns was found (then in best()).
    bool improve(int best_count, int lower_bound) {
        best_count_ = best_count;
        lower_bound_ = lower_bound;
        found_ = false;
        const std::uint64_t all =
            kernel_count_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << kernel_count_) - 1;
        search(all, 0);
        return found_;
    }
    [[nodiscard]] Batches best() const {
        Batches batches;
        for (std::uint64_t mask : best_) {
            std::vector<std::size_t> members;
            for (std::size_t k = 0; k < kernel_count_; ++k)
                if (mask >> k & 1U) members.push_back(k);
            batches.push_back(std::move(members));
        }
        return batches;
    }
    [[nodiscard]] long nodes() const { return nodes_; }

private:
    void search(std::uint64_t uncovered, int depth) {
        if (nodes_ >= max_nodes_ || best_count_ <= lower_bound_) return;
        ++nodes_;
        if (uncovered == 0) {
            best_count_ = depth;
            best_ = chosen_;
            found_ = true;
            return;
        }
        if (depth + (std::popcount(uncovered) + widest_ - 1) / widest_ >= best_count_) return;
        // Branch on the uncovered kernel with the fewest columns; widest pieces first.
        std::size_t pick = kernel_count_;
        for (std::size_t k = 0; k < kernel_count_; ++k)
            if ((uncovered >> k & 1U) &&
                (pick == kernel_count_ || covering_[k].size() < covering_[pick].size()))
                pick = k;
        std::vector<std::uint64_t> pieces;
        for (std::size_t j : covering_[pick]) pieces.push_back(masks_[j] & uncovered);
        std::sort(pieces.begin(), pieces.end(),
                  [](std::uint64_t a, std::uint64_t b) { return std::popcount(a) > std::popcount(b); });
        pieces.erase(std::unique(pieces.begin(), pieces.end()), pieces.end());
        for (std::uint64_t piece : pieces) {
            chosen_.push_back(piece);
            search(uncovered & ~piece, depth + 1);
            chosen_.pop_back();
        }
    }

    std::size_t kernel_count_;
    long max_nodes_;
    std::vector<std::uint64_t> masks_;
    std::vector<std::vector<std::size_t>> covering_;
    int widest_ = 1;
    int best_count_ = 0;
    int lower_bound_ = 0;
    bool found_ = false;
    long nodes_ = 0;
    std::vector<std::uint64_t> chosen_;
    std::vector<std::uint64_t> best_;
};

// Diving: fix the column with the largest LP value as a batch, re-solve the master for
// the kernels left (greedy pricing only: a heuristic needs no proof), repeat; abandoned
// as soon as the fixed batches plus the remaining kernels' bound cannot beat `best`.
// Each step also tries rounding the residual LP.
void dive(ColumnGenerator& generator, const FitChecker& checker, Batches& pool, const Master& start,
          std::size_t kernel_count, Batches& best, int lower_bound) {
    std::vector<std::size_t> active(kernel_count);
    std::iota(active.begin(), active.end(), std::size_t{0});
    Batches fixed;
    Master master = start;
    while (!active.empty() && master.solved) {
        const auto best_count = static_cast<int>(best.size());
        if (static_cast<int>(fixed.size()) + ceil_bound(master.bound) >= best_count) return;
        Batches completed = round_lp(checker, master, active);
        if (fixed.size() + completed.size() < best.size()) {
            completed.insert(completed.begin(), fixed.begin(), fixed.end());
            best = std::move(completed);
            if (static_cast<int>(best.size()) <= lower_bound) return;
        }
        const auto most = std::max_element(master.x.begin(), master.x.end()) - master.x.begin();
        const std::vector<std::size_t>& batch = master.columns[static_cast<std::size_t>(most)];
        fixed.push_back(batch);
        std::vector<std::size_t> rest;
        std::set_difference(active.begin(), active.end(), batch.begin(), batch.end(),
                            std::back_inserter(rest));
        active = std::move(rest);
        if (active.empty()) break;
        master = generator.run(active, pool, std::numeric_limits<int>::max(), false);
        master.bound = std::max(master.bound, static_cast<double>(checker.volume_lower_bound(active)));
    }
    if (active.empty() && fixed.size() < best.size()) best = std::move(fixed);
}

}  // namespace

BatchPlan solve_batch_level(const DeviceProfile& device, std::span<const KernelCosts> kernels,
                            const BatchOptions& options) {
    BatchPlan plan = greedy_batches(device, kernels);
    if (options.method == BatchMethod::kGreedy || kernels.empty() ||
        kernels.size() > options.column_generation_limit)
        return plan;
    plan.method = BatchMethod::kColumnGeneration;
    const FitChecker checker(device, kernels);
    const std::size_t n = kernels.size();
    std::vector<std::size_t> all(n);
    std::iota(all.begin(), all.end(), std::size_t{0});

    ColumnGenerator generator(device, kernels, options, plan);
    Batches pool = plan.batches;
    if (options.seed_columns)
        for (auto& seed : seed_columns(device, checker))
            if (std::find(pool.begin(), pool.end(), seed) == pool.end()) pool.push_back(std::move(seed));
    const int stop_at =
        options.stop_when_proven ? static_cast<int>(plan.batches.size()) : std::numeric_limits<int>::max();
    const Master master = generator.run(all, pool, stop_at);
    plan.lp_bound = master.bound;
    plan.lp_optimal = master.optimal;
    plan.lower_bound = std::max(plan.lower_bound, ceil_bound(master.bound));
    const auto done = [&] { return static_cast<int>(plan.batches.size()) <= plan.lower_bound; };

    if (!done() && master.solved) {
        Batches rounded = round_lp(checker, master, all);
        if (rounded.size() < plan.batches.size()) plan.batches = std::move(rounded);
    }
    if (!done() && n <= 64) {
        ColumnSearch search(pool, n, options.max_search_nodes);
        if (search.improve(static_cast<int>(plan.batches.size()), plan.lower_bound))
            plan.batches = search.best();
        plan.search_nodes = search.nodes();
    }
    if (!done() && master.solved && options.dive)
        dive(generator, checker, pool, master, n, plan.batches, plan.lower_bound);
    plan.columns = static_cast<int>(pool.size());
    for (auto& batch : plan.batches) std::sort(batch.begin(), batch.end());
    return plan;
}

}  // namespace galias::engine::sched
