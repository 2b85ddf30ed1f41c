// The results database's indexed relations (pipeline/indexed_relation.hpp): every
// key's values as the rows say, whatever their order; a damaged file refused when opened
// (header, index) or when a lookup first reaches the damaged block; and the oracle and
// witness paths answered from them equal to those answered from the engine's rows.
#include "pipeline/indexed_relation.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>

#include "facts/content_hash.hpp"
#include "facts/diagnostic.hpp"
#include "facts_builder.hpp"
#include "pipeline/database_oracle.hpp"

namespace galias::pipeline {
namespace {

namespace fs = std::filesystem;
using reports::testing::FactsBuilder;

class IndexedRelationTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("galias-indexed-" + std::to_string(::getpid()) + "-" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    [[nodiscard]] fs::path file(const std::string& name) const { return dir_ / name; }

    fs::path dir_;
};

std::vector<std::uint32_t> random_rows(std::size_t rows, std::uint32_t keys, unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_int_distribution<std::uint32_t> node(0, keys - 1);
    std::vector<std::uint32_t> cells;
    for (std::size_t i = 0; i < rows; ++i) {
        cells.push_back(node(random));
        cells.push_back(node(random));
    }
    return cells;
}

// key -> its values, ascending and distinct.
std::map<std::uint32_t, std::set<std::uint32_t>> expected(const std::vector<std::uint32_t>& cells,
                                                          unsigned column) {
    std::map<std::uint32_t, std::set<std::uint32_t>> out;
    for (std::size_t i = 0; i + 1 < cells.size(); i += 2)
        out[cells[i + column]].insert(cells[i + 1 - column]);
    return out;
}

std::string contents(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void corrupt_byte(const fs::path& path, std::uint64_t offset) {
    std::fstream io(path, std::ios::in | std::ios::out | std::ios::binary);
    io.seekg(static_cast<std::streamoff>(offset));
    const char byte = static_cast<char>(io.get() ^ 0x40);
    io.seekp(static_cast<std::streamoff>(offset));
    io.put(byte);
}

TEST_F(IndexedRelationTest, EveryKeyHasItsValuesInEitherColumnAndAnyRowOrder) {
    constexpr std::uint32_t kKeys = 300;
    const std::vector<std::uint32_t> cells = random_rows(5000, kKeys, 7);  // duplicates, unsorted
    for (unsigned column : {0u, 1u}) {
        const fs::path path = file("r" + std::to_string(column));
        const IndexedRelationInfo info = write_indexed_relation(path, cells, column, kKeys);
        const auto want = expected(cells, column);
        std::uint64_t distinct = 0;
        for (const auto& [key, values] : want) distinct += values.size();
        EXPECT_EQ(info.rows, distinct);
        EXPECT_EQ(info.bytes, fs::file_size(path));
        const IndexedRelation relation(path, column, kKeys, info.rows, info.index_hash);
        for (std::uint32_t key = 0; key < kKeys + 5; ++key) {
            const std::span<const std::uint32_t> got = relation.values(key);
            auto it = want.find(key);
            const std::vector<std::uint32_t> expect =
                it == want.end() ? std::vector<std::uint32_t>{}
                                 : std::vector<std::uint32_t>(it->second.begin(), it->second.end());
            EXPECT_EQ(std::vector<std::uint32_t>(got.begin(), got.end()), expect) << "key " << key;
            for (std::uint32_t v : expect) EXPECT_TRUE(relation.contains(key, v));
        }
        EXPECT_FALSE(relation.contains(kKeys + 1, 0));
    }
}

TEST_F(IndexedRelationTest, SortedRowsAreStreamedToTheSameBytes) {
    constexpr std::uint32_t kKeys = 1000;
    std::vector<std::uint32_t> cells = random_rows(20000, kKeys, 11);
    write_indexed_relation(file("copied"), cells, 0, kKeys);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
    for (std::size_t i = 0; i < cells.size(); i += 2) pairs.emplace_back(cells[i], cells[i + 1]);
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    std::vector<std::uint32_t> sorted;
    for (const auto& [a, b] : pairs) {
        sorted.push_back(a);
        sorted.push_back(b);
    }
    write_indexed_relation(file("streamed"), sorted, 0, kKeys);
    EXPECT_EQ(contents(file("copied")), contents(file("streamed")));
}

TEST_F(IndexedRelationTest, AnEmptyRelationOpensAndAnswersNothing) {
    const IndexedRelationInfo info = write_indexed_relation(file("empty"), {}, 0, 4);
    const IndexedRelation relation(file("empty"), 0, 4, 0, info.index_hash);
    EXPECT_TRUE(relation.values(0).empty());
    EXPECT_EQ(relation.rows(), 0u);
}

TEST_F(IndexedRelationTest, ADamagedFileIsRefusedWhenOpened) {
    constexpr std::uint32_t kKeys = 50;
    const std::vector<std::uint32_t> cells = random_rows(400, kKeys, 3);
    const fs::path path = file("r");
    const IndexedRelationInfo info = write_indexed_relation(path, cells, 0, kKeys);
    auto open = [&](std::uint64_t keys, std::uint64_t rows, std::uint64_t hash) {
        IndexedRelation relation(path, 0, keys, rows, hash);
    };
    EXPECT_NO_THROW(open(kKeys, info.rows, info.index_hash));
    EXPECT_THROW(open(kKeys + 1, info.rows, info.index_hash), DiagnosticError);  // another size
    EXPECT_THROW(open(kKeys, info.rows, info.index_hash ^ 1), DiagnosticError);
    EXPECT_THROW(IndexedRelation(path, 1, kKeys, info.rows, info.index_hash), DiagnosticError);  // column
    EXPECT_THROW(IndexedRelation(file("missing"), 0, kKeys, info.rows, info.index_hash), DiagnosticError);

    corrupt_byte(path, 40 + 8 * 3);  // an offset
    EXPECT_THROW(open(kKeys, info.rows, info.index_hash), DiagnosticError);
    fs::resize_file(path, info.bytes - 8);
    EXPECT_THROW(open(kKeys, info.rows, info.index_hash), DiagnosticError);
}

// Only the lookups that reach a damaged block fail; the others answer.
TEST_F(IndexedRelationTest, ADamagedBlockIsRefusedWhenALookupFirstReachesIt) {
    constexpr std::uint32_t kKeys = 4;
    std::vector<std::uint32_t> cells;  // key k has values [k * 70000, k * 70000 + 70000): blocks 0-4
    for (std::uint32_t k = 0; k < kKeys; ++k) {
        for (std::uint32_t v = 0; v < 70000; ++v) {
            cells.push_back(k);
            cells.push_back(k * 70000 + v);
        }
    }
    const fs::path path = file("r");
    const IndexedRelationInfo info = write_indexed_relation(path, cells, 0, kKeys * 70000);
    const std::uint64_t values = 40 + 8 * (std::uint64_t{kKeys} * 70000 + 1);
    corrupt_byte(path, values + 4 * (3 * 70000 + 10));  // a value of key 3, in block 3
    const IndexedRelation relation(path, 0, kKeys * 70000, info.rows, info.index_hash);
    EXPECT_EQ(relation.values(0).size(), 70000u);  // blocks 0 and 1
    EXPECT_TRUE(relation.contains(1, 70000 + 5));
    EXPECT_THROW((void)relation.values(3), DiagnosticError);
    EXPECT_THROW((void)relation.values(2), DiagnosticError);  // key 2 ends in block 3
}

// The oracle and the witness paths from indexed relations answer as from the engine's rows.
TEST_F(IndexedRelationTest, DatabaseOracleAndWitnessesEqualThoseFromRows) {
    FactsBuilder b;
    constexpr std::uint32_t kNodes = 120;
    for (std::uint32_t i = 0; i < kNodes; ++i) {
        const auto kind = i % 4 == 0 ? facts::NodeKind::Heap : facts::NodeKind::Local;
        b.node("f::v" + std::to_string(i), kind, "f", i + 1);
    }
    std::mt19937 random(5);
    std::uniform_int_distribution<std::uint32_t> node(0, kNodes - 1);
    for (int i = 0; i < 150; ++i) b.assign(node(random), node(random), 1 + i % 50);
    std::vector<std::uint32_t> value_alias = random_rows(800, kNodes, 21);
    const std::vector<std::uint32_t> points_to = random_rows(200, kNodes, 22);
    const std::vector<std::uint32_t> memory_alias = random_rows(150, kNodes, 23);

    auto open = [&](const std::string& name, const std::vector<std::uint32_t>& cells, unsigned column) {
        const IndexedRelationInfo info = write_indexed_relation(file(name), cells, column, kNodes);
        return std::make_unique<IndexedRelation>(file(name), column, kNodes, info.rows, info.index_hash);
    };
    const auto va = open("va", value_alias, 0);
    const auto pt = open("pt", points_to, 0);
    const auto ma = open("ma", memory_alias, 1);
    const DatabaseAliasOracle stored(b.facts, *va, *pt);
    const DatabaseMemoryEdges stored_edges(*ma);
    const reports::WitnessFinder stored_witness(b.facts, stored_edges);

    // Unsorted rows: RelationAliasOracle sorts them, and the finder's memory steps then come
    // in row order, so the rows go in sorted as the engine's do.
    std::vector<std::pair<facts::NodeId, facts::NodeId>> memory;
    for (std::size_t i = 0; i < memory_alias.size(); i += 2)
        memory.emplace_back(memory_alias[i], memory_alias[i + 1]);
    std::sort(memory.begin(), memory.end());
    memory.erase(std::unique(memory.begin(), memory.end()), memory.end());
    const std::vector<std::uint32_t> sorted_memory = reports::testing::rows(memory);
    const reports::RelationAliasOracle rows(b.facts, value_alias, points_to);
    const reports::WitnessFinder row_witness(b.facts, sorted_memory);

    for (facts::NodeId x = 0; x < kNodes; ++x) {
        EXPECT_EQ(stored.points_to(x), rows.points_to(x)) << x;
        for (facts::NodeId y = 0; y < kNodes; ++y) {
            ASSERT_EQ(stored.alias(x, y), rows.alias(x, y)) << x << " " << y;
            const std::vector<facts::NodeId> a{x};
            const std::vector<facts::NodeId> c{y};
            const auto from_db = stored_witness.find(a, c);
            const auto from_rows = row_witness.find(a, c);
            ASSERT_EQ(from_db.has_value(), from_rows.has_value()) << x << " " << y;
            if (from_db) {
                ASSERT_EQ(from_db->source, from_rows->source);
                ASSERT_EQ(stored_witness.steps(*from_db).size(), row_witness.steps(*from_rows).size());
                for (std::size_t i = 0; i < from_db->to_a.size(); ++i) {
                    EXPECT_EQ(from_db->to_a[i].src, from_rows->to_a[i].src);
                    EXPECT_EQ(from_db->to_a[i].through_memory, from_rows->to_a[i].through_memory);
                }
            }
        }
    }
}

}  // namespace
}  // namespace galias::pipeline
