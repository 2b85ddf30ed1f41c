#pragma once
// The witness search's memory steps as bit rows. On large programs a few thousand
// dereferenced pointers each have hundreds of MemoryAlias sources, and every witness search
// walks most of those lists (PostgreSQL: 1.3 million list entries per search). A list is the
// same set at every search, so it is kept once as a bit row over the nodes that appear in
// any row, and a search steps through it a word at a time against a bit set of the nodes it
// has visited: only the nodes not yet visited are touched. The rows hold the lists'
// nodes in ascending order, so they visit them in the same order as the lists do (which
// decides the witness's ties); a list that is not ascending keeps no row.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "facts/program_facts.hpp"

namespace galias::reports {

class MemoryEdges;

class MemoryStepRows {
public:
    static constexpr std::uint32_t kNone = 0xFFFFFFFFu;

    MemoryStepRows() = default;
    // Rows for the nodes below `nodes` whose sources_into() is ascending and long enough
    // that a row is cheaper to step through than the list (at least a quarter of a row's
    // words); no more than kMaxBytes of rows in all, the first nodes first.
    MemoryStepRows(const MemoryEdges& memory, std::size_t nodes);

    // The row of node n, or nullptr when its list is stepped through as it is.
    [[nodiscard]] const std::uint64_t* row(facts::NodeId n) const {
        return n < row_of_.size() && row_of_[n] != kNone ? &bits_[std::size_t{row_of_[n]} * words_] : nullptr;
    }
    [[nodiscard]] std::size_t words() const { return words_; }
    // The bit of node n in every row (and in a search's visited set), or kNone.
    [[nodiscard]] std::span<const std::uint32_t> bit_of() const { return bit_of_; }
    [[nodiscard]] facts::NodeId node_of_bit(std::size_t bit) const { return members_[bit]; }
    [[nodiscard]] bool empty() const { return words_ == 0; }

    static constexpr std::size_t kMaxBytes = std::size_t{256} << 20;

private:
    std::vector<facts::NodeId> members_;  // bit -> node, ascending
    std::vector<std::uint32_t> bit_of_;   // node -> bit, or kNone
    std::vector<std::uint32_t> row_of_;   // node -> row, or kNone
    std::vector<std::uint64_t> bits_;     // row r: words [r * words_, (r + 1) * words_)
    std::size_t words_ = 0;
};

}  // namespace galias::reports
