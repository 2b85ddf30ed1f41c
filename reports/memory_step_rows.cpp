#include "reports/memory_step_rows.hpp"

#include <algorithm>
#include <vector>

#include "reports/witness_path.hpp"

namespace galias::reports {

namespace {

bool ascending(std::span<const facts::NodeId> list) {
    return std::adjacent_find(list.begin(), list.end(), std::greater_equal<>()) == list.end();
}

}  // namespace

MemoryStepRows::MemoryStepRows(const MemoryEdges& memory, std::size_t nodes) {
    // A list can have a row when it is ascending and names only nodes below `nodes`; those
    // lists' nodes get bits, in ascending order.
    std::vector<bool> usable(nodes, false);
    bit_of_.assign(nodes, kNone);
    for (facts::NodeId n = 0; n < nodes; ++n) {
        const std::span<const facts::NodeId> list = memory.sources_into(n);
        if (!ascending(list) || (!list.empty() && list.back() >= nodes)) continue;
        usable[n] = true;
        for (const facts::NodeId m : list) bit_of_[m] = 0;
    }
    for (facts::NodeId n = 0; n < nodes; ++n) {
        if (bit_of_[n] == kNone) continue;
        bit_of_[n] = static_cast<std::uint32_t>(members_.size());
        members_.push_back(n);
    }
    words_ = (members_.size() + 63) / 64;
    if (words_ == 0) return;
    row_of_.assign(nodes, kNone);
    std::size_t rows = 0;
    for (facts::NodeId n = 0; n < nodes; ++n) {
        if (!usable[n]) continue;
        const std::span<const facts::NodeId> list = memory.sources_into(n);
        if (list.size() * 4 < words_) continue;
        if ((rows + 1) * words_ * sizeof(std::uint64_t) > kMaxBytes) break;
        row_of_[n] = static_cast<std::uint32_t>(rows++);
        bits_.resize(rows * words_, 0);
        std::uint64_t* row = &bits_[(rows - 1) * words_];
        for (const facts::NodeId m : list) row[bit_of_[m] / 64] |= std::uint64_t{1} << (bit_of_[m] % 64);
    }
}

}  // namespace galias::reports
