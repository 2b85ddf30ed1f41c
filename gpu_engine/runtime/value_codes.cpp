#include "gpu_engine/runtime/value_codes.hpp"

#include <algorithm>
#include <bit>

namespace galias::engine {

Cell ValueCodes::largest_value(std::span<const std::vector<Cell>> inputs, std::span<const Cell> constants) {
    Cell largest = constants.empty() ? 0 : *std::max_element(constants.begin(), constants.end());
    for (const std::vector<Cell>& input : inputs)
        if (!input.empty()) largest = std::max(largest, *std::max_element(input.begin(), input.end()));
    return largest;
}

ValueCodes ValueCodes::for_values(std::span<const std::vector<Cell>> inputs, std::span<const Cell> constants,
                                  Cell largest) {
    constexpr Cell kMostValue = 0x7FFFFFFFu;
    // Below this bound a tuple bitmap is small anyway (2^12 values: 2 MB for two columns).
    constexpr std::uint64_t kLeastBound = std::uint64_t{1} << 12;
    std::uint64_t cells = constants.size();
    for (const std::vector<Cell>& input : inputs) cells += input.size();
    const std::uint64_t bound = std::uint64_t{largest} + 1;
    if (largest > kMostValue || bound < kLeastBound) return {};
    ValueCodes codes;
    // A presence bitmap (one pass over the cells, an encode is a popcount) unless the
    // values are so sparse that it would outweigh them: then the distinct values sorted,
    // an encode a binary search.
    if (bound <= std::max<std::uint64_t>(std::uint64_t{1} << 26, 64 * cells)) {
        std::vector<std::uint64_t> present((bound + 63) / 64, 0);
        auto mark = [&](Cell c) { present[c / 64] |= std::uint64_t{1} << (c % 64); };
        for (const std::vector<Cell>& input : inputs)
            for (Cell c : input) mark(c);
        for (Cell c : constants) mark(c);
        std::uint64_t distinct = 0;
        for (std::uint64_t word : present) distinct += static_cast<std::uint64_t>(std::popcount(word));
        if (2 * distinct > bound) return {};  // dense already: codes would not pay their passes
        codes.rank_.resize(present.size());
        codes.values_.reserve(distinct);
        for (std::size_t w = 0; w < present.size(); ++w) {
            codes.rank_[w] = static_cast<std::uint32_t>(codes.values_.size());
            for (std::uint64_t word = present[w]; word != 0; word &= word - 1)
                codes.values_.push_back(
                    static_cast<Cell>(w * 64 + static_cast<std::uint64_t>(std::countr_zero(word))));
        }
        codes.present_ = std::move(present);
        return codes;
    }
    std::vector<Cell> values(constants.begin(), constants.end());
    values.reserve(cells);
    for (const std::vector<Cell>& input : inputs) values.insert(values.end(), input.begin(), input.end());
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    codes.values_ = std::move(values);
    return codes;
}

Cell ValueCodes::encode(Cell value) const {
    if (present_.empty())
        return static_cast<Cell>(std::lower_bound(values_.begin(), values_.end(), value) - values_.begin());
    const std::uint64_t below = (std::uint64_t{1} << (value % 64)) - 1;
    return rank_[value / 64] + static_cast<Cell>(std::popcount(present_[value / 64] & below));
}

void ValueCodes::encode(std::span<Cell> cells) const {
    if (!active()) return;
    for (Cell& c : cells) c = encode(c);
}

void ValueCodes::decode(std::span<Cell> cells) const {
    if (!active()) return;
    for (Cell& c : cells) c = values_[c];
}

}  // namespace galias::engine
