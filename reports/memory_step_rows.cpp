#include "reports/memory_step_rows.hpp"

#include <algorithm>

#include "reports/witness_path.hpp"

namespace galias::reports {

namespace {

bool ascending(std::span<const facts::NodeId> list) {
    return std::adjacent_find(list.begin(), list.end(), std::greater_equal<>()) == list.end();
}

}  // namespace

MemoryStepRows::MemoryStepRows(const MemoryEdges& memory, std::size_t nodes) {
    // The nodes of the ascending lists get bits, in ascending order.
    bit_of_.assign(nodes, kNone);
    for (facts::NodeId n = 0; n < nodes; ++n) {
        const std::span<const facts::NodeId> list = memory.sources_into(n);
        if (!ascending(list)) continue;
        for (const facts::NodeId m : list) {
            if (m < nodes) bit_of_[m] = 0;
        }
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
        const std::span<const facts::NodeId> list = memory.sources_into(n);
        if (list.size() * 4 < words_ || !ascending(list)) continue;
        if (std::any_of(list.begin(), list.end(), [&](facts::NodeId m) { return m >= nodes; })) continue;
        if ((rows + 1) * words_ * sizeof(std::uint64_t) > kMaxBytes) break;
        row_of_[n] = static_cast<std::uint32_t>(rows++);
        bits_.resize(rows * words_, 0);
        std::uint64_t* row = &bits_[(rows - 1) * words_];
        for (const facts::NodeId m : list) row[bit_of_[m] / 64] |= std::uint64_t{1} << (bit_of_[m] % 64);
    }
}

}  // namespace galias::reports
