#pragma once
// Dense, order-preserving codes for the values of a run. Rules only copy, join and
// compare the values of their inputs and constants (the rule language has no arithmetic),
// so evaluating on codes — value v becomes its rank among the distinct values — derives
// exactly the coded tuples, in the same sorted order. What it buys: the value bound falls
// from the largest value to the number of distinct values, and with it the size of a
// tuple bitmap ((bound + 1)^2 bits for two columns). A graph's subset keeps its parent's
// node ids: CA-HepTH's first 20,000 edges use 6,137 ids up to 68,745 — a bitmap of 4.7 MB
// coded, 590 MB not (docs/ENGINE.md, "Values are coded densely").

#include <cstdint>
#include <span>
#include <vector>

#include "gpu_engine/hisa/config.hpp"

namespace galias::engine {

class ValueCodes {
public:
    // The largest value of `inputs` and `constants` (0 when there is none).
    static Cell largest_value(std::span<const std::vector<Cell>> inputs, std::span<const Cell> constants);
    // Codes for every value of `inputs` and `constants`, whose largest is `largest`, where
    // that at least halves the value bound; none (active() false) otherwise, or where a
    // value is 2^31 or more (a negative number: signed comparisons would not keep their
    // order on codes).
    static ValueCodes for_values(std::span<const std::vector<Cell>> inputs, std::span<const Cell> constants,
                                 Cell largest);

    [[nodiscard]] bool active() const { return !values_.empty(); }
    [[nodiscard]] std::uint64_t distinct() const { return values_.size(); }
    // The largest code (active only).
    [[nodiscard]] Cell largest() const { return static_cast<Cell>(values_.size() - 1); }
    // The code of `value`, which must be one of the coded values.
    [[nodiscard]] Cell encode(Cell value) const;
    // In place; nothing when not active.
    void encode(std::span<Cell> cells) const;
    void decode(std::span<Cell> cells) const;

private:
    std::vector<Cell> values_;            // the distinct values, ascending: code = index
    std::vector<std::uint64_t> present_;  // bit v: value v is coded (none: encode searches values_)
    std::vector<std::uint32_t> rank_;     // codes of the values below word w of present_
};

}  // namespace galias::engine
