// Unit tests of every backend operator against std:: algorithms, including empty inputs,
// duplicates, self-loops and extreme 32-bit values. Parameterized over the backend (and
// the CUDA backend's switches, backends_under_test.hpp): the CUDA instances skip with a
// message when no GPU is present.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>

#include "gpu_engine/hisa/join_logic.hpp"
#include "gpu_engine/hisa/tuple_ops.hpp"
#include "gpu_engine/runtime/backend_factory.hpp"
#include "tests/engine/backends_under_test.hpp"

namespace galias::engine {
namespace {

using Rows = std::vector<std::vector<Cell>>;

struct ProjectedJoin;
Rows sorted_unique(Rows rows);

class OperatorsTest : public ::testing::TestWithParam<test::BackendUnderTest> {
protected:
    void SetUp() override {
        if (const std::optional<std::string> why = test::backend_unavailable(GetParam().kind))
            GTEST_SKIP() << *why << ": CUDA operator tests skipped";
        backend_ = make_backend(GetParam().kind, 2, GetParam().cuda);
    }

    TupleArray upload(const Rows& rows, std::uint32_t arity) {
        std::vector<Cell> cells;
        for (const auto& r : rows) cells.insert(cells.end(), r.begin(), r.end());
        return backend_->upload_array(cells.data(), rows.size(), arity);
    }
    Rows download(const TupleArray& array) {
        std::vector<Cell> cells(array.cells());
        if (!cells.empty()) backend_->download(array.data(), cells.size(), cells.data());
        Rows rows;
        for (std::uint64_t i = 0; i < array.size; ++i)
            rows.emplace_back(cells.begin() + static_cast<std::ptrdiff_t>(i * array.arity),
                              cells.begin() + static_cast<std::ptrdiff_t>((i + 1) * array.arity));
        return rows;
    }

    // The backend's optional capabilities (backend.hpp); both backends have tuple sets and
    // the one-pass join.
    TupleSets& sets() { return *backend_->capabilities().tuple_sets; }
    OnePassJoin& one_pass() { return *backend_->capabilities().one_pass_join; }
    std::unique_ptr<DuplicateFilter> make_duplicate_filter(std::uint32_t arity) {
        DuplicateFiltering* filtering = backend_->capabilities().duplicate_filtering;
        return filtering != nullptr ? filtering->make_duplicate_filter(arity) : nullptr;
    }
    // Through the filter where the backend filters this arity (and so made `filter`), else
    // join_emit.
    std::uint64_t join_emit_distinct(const JoinSpec& spec, const TupleArray& outer, const Hisa* inner,
                                     const JoinCounts& counts, std::uint64_t from, std::uint64_t to,
                                     TupleArray& out, DuplicateFilter& filter) {
        DuplicateFiltering* filtering = backend_->capabilities().duplicate_filtering;
        if (filtering == nullptr || !filtering->filters(out.arity))
            return emit_unfiltered(*backend_, spec, outer, inner, counts, from, to, out);
        return filtering->join_emit_distinct(spec, outer, inner, counts, from, to, out, filter);
    }
    // The counting pass that may emit, where the backend has one, else join_count.
    std::unique_ptr<JoinCounts> join_count_emit(const JoinSpec& spec, const TupleArray& outer,
                                                const Hisa* inner, TupleArray& out, std::uint64_t room) {
        CountingEmit* emit = backend_->capabilities().counting_emit;
        if (emit == nullptr) return backend_->join_count(spec, outer, 0, outer.size, inner);
        return emit->join_count_emit(spec, outer, inner, out, room);
    }

    // outer ⋈ inner on outer.1 = inner.0, projected to (outer.0, inner.1) or, with
    // outer_column_first false, (inner.1, outer.0).
    ProjectedJoin projected_join(const Rows& outer_rows, Rows inner_rows, bool outer_column_first = true);
    std::uint64_t emit_distinct_in_parts(const ProjectedJoin& join, std::uint64_t parts,
                                         DuplicateFilter& filter);
    void run_out_of_room(const ProjectedJoin& join, TupleHashSet& set, std::set<std::vector<Cell>>& held,
                         std::uint64_t room);

    // Inserts `rows` into `set` and checks that exactly the distinct rows `held` lacks come
    // back, each once, and the set's size; adds them to `held`.
    void insert_new_and_check(TupleHashSet& set, const Rows& rows, std::uint32_t arity,
                              std::set<std::vector<Cell>>& held, const std::string& where) {
        Rows expected;
        for (const auto& row : sorted_unique(rows))
            if (!held.contains(row)) expected.push_back(row);
        TupleArray out;
        sets().insert_new(set, upload(rows, arity), out);
        Rows got = download(out);
        std::sort(got.begin(), got.end());
        ASSERT_EQ(got, expected) << where;
        held.insert(expected.begin(), expected.end());
        ASSERT_EQ(set.size(), held.size()) << where;
    }

    std::unique_ptr<Backend> backend_;
};

// Cells drawn from a small range (many duplicates) or anywhere in 32 bits (huge radix spans).
Rows random_rows(std::mt19937& rng, std::size_t n, std::uint32_t arity, bool wide) {
    std::uniform_int_distribution<Cell> small(0, 7);
    std::uniform_int_distribution<Cell> any(0, 0xFFFFFFFFu);
    Rows rows(n, std::vector<Cell>(arity));
    for (auto& r : rows)
        for (auto& c : r) {
            c = wide ? any(rng) : small(rng);
            if (wide && rng() % 16 == 0) c = 0xFFFFFFFFu;
        }
    return rows;
}

// n pairs (a, b) with a < first_below and b < second_below: small ranges, many repeats.
Rows random_pairs(std::mt19937& rng, std::size_t n, Cell first_below, Cell second_below) {
    Rows rows(n, std::vector<Cell>(2));
    for (auto& r : rows) {
        r[0] = static_cast<Cell>(rng() % first_below);
        r[1] = static_cast<Cell>(rng() % second_below);
    }
    return rows;
}

Rows sorted_unique(Rows rows) {
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    return rows;
}

// More memory than any machine has: a clear OutOfMemory, never a crash or (on Linux,
// which overcommits) a process killed later when the pages are touched.
TEST_P(OperatorsTest, AllocationBeyondMemoryThrowsOutOfMemory) {
    const std::size_t petabyte = std::size_t{1} << 50;
    EXPECT_THROW((void)backend_->make_array(2, petabyte / 8), OutOfMemory);
    TupleArray small = backend_->make_array(2, 16);  // the backend still works afterwards
    EXPECT_GE(small.capacity(), 16u);
}

TEST_P(OperatorsTest, SortUniqueEmptyAndSingle) {
    TupleArray empty = upload({}, 2);
    backend_->sort_unique(empty);
    EXPECT_EQ(empty.size, 0u);
    TupleArray one = upload({{0xFFFFFFFFu, 0}}, 2);
    backend_->sort_unique(one);
    EXPECT_EQ(download(one), (Rows{{0xFFFFFFFFu, 0}}));
}

TEST_P(OperatorsTest, SortUniqueMatchesStd) {
    std::mt19937 rng(1);
    for (std::uint32_t arity = 1; arity <= kMaxArity; ++arity) {
        for (std::size_t n : {2u, 100u, 5000u, 70000u}) {
            for (bool wide : {false, true}) {
                const Rows rows = random_rows(rng, n, arity, wide);
                TupleArray array = upload(rows, arity);
                backend_->sort_unique(array);
                ASSERT_EQ(download(array), sorted_unique(rows))
                    << "arity " << arity << " n " << n << " wide " << wide;
            }
        }
    }
}

// Large enough for the host's MSD split (>= 2^17 rows) with buckets of every size,
// including single rows (a regression: a one-row bucket stayed in the wrong buffer).
TEST_P(OperatorsTest, SortUniqueLargeWithSparseBuckets) {
    std::mt19937 rng(7);
    for (std::uint32_t arity : {1u, 2u, 3u}) {
        Rows rows(400000, std::vector<Cell>(arity));
        for (auto& r : rows) {
            for (auto& c : r) c = static_cast<Cell>(rng() % 300);
            if (rng() % 1000 == 0)
                r[0] = static_cast<Cell>(rng() % 2048) * 1000u + 300u;  // lonely MSD buckets
        }
        TupleArray array = upload(rows, arity);
        backend_->sort_unique(array);
        ASSERT_EQ(download(array), sorted_unique(rows)) << "arity " << arity;
        TupleArray plain = upload(rows, arity);
        backend_->sort(plain);
        Rows expected = rows;
        std::sort(expected.begin(), expected.end());
        ASSERT_EQ(download(plain), expected) << "arity " << arity;
    }
}

// Millions of pairs, past the small-array sort path (2^18 tuples on CUDA): many copies of
// few tuples, and millions of distinct tuples including copies of the all-ones pair (the
// largest packed key, which is also the duplicate filter's empty marker). The distinct set
// must be exact.
TEST_P(OperatorsTest, SortUniqueOfMillionsOfPairs) {
    std::mt19937_64 rng(11);
    for (const bool few_distinct : {true, false}) {
        const std::size_t n = few_distinct ? 3'000'000 : 6'000'000;
        std::vector<Cell> cells(2 * n);
        std::vector<std::uint64_t> expected(n);
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint64_t r = rng();
            Cell a = static_cast<Cell>(r), b = static_cast<Cell>(r >> 32);
            if (few_distinct) a %= 1000, b %= 50;
            if (!few_distinct && i % 1000 == 0) a = b = 0xFFFFFFFFu;
            cells[2 * i] = a;
            cells[2 * i + 1] = b;
            expected[i] = std::uint64_t{a} << 32 | b;
        }
        std::sort(expected.begin(), expected.end());
        expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
        TupleArray array = backend_->upload_array(cells.data(), n, 2);
        backend_->sort_unique(array);
        ASSERT_EQ(array.size, expected.size()) << (few_distinct ? "few distinct" : "many distinct");
        std::vector<Cell> result(array.cells());
        backend_->download(array.data(), result.size(), result.data());
        for (std::size_t i = 0; i < expected.size(); ++i)
            ASSERT_EQ(std::uint64_t{result[2 * i]} << 32 | result[2 * i + 1], expected[i]) << "row " << i;
    }
}

TEST_P(OperatorsTest, SortKeepsDuplicates) {
    std::mt19937 rng(2);
    Rows rows = random_rows(rng, 50000, 2, false);
    TupleArray array = upload(rows, 2);
    backend_->sort(array);
    std::sort(rows.begin(), rows.end());
    EXPECT_EQ(download(array), rows);
}

TEST_P(OperatorsTest, DifferenceRemovesFullMembers) {
    std::mt19937 rng(3);
    for (std::size_t n : {0u, 1u, 300u, 60000u}) {
        for (std::size_t m : {0u, 1u, 500u, 90000u}) {
            const Rows a = sorted_unique(random_rows(rng, n, 2, m > 1000));
            Rows b = sorted_unique(random_rows(rng, m, 2, m > 1000));
            TupleArray ta = upload(a, 2), tb = upload(b, 2), out;
            backend_->difference(ta, tb, out);
            Rows expected;
            std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(expected));
            ASSERT_EQ(download(out), expected) << "n " << n << " m " << m;
        }
    }
}

// The fused dedup of a batch (one round trip on CUDA for batches up to 2^18 tuples of one or
// two columns, the two operators otherwise): equal to sort + unique + set difference, with
// copies in the batch, members of b, and both sizes on either side of the fused limit.
TEST_P(OperatorsTest, UniqueDifferenceEqualsSortUniqueThenDifference) {
    std::mt19937 rng(13);
    for (std::uint32_t arity : {1u, 2u, 3u}) {
        for (std::size_t n : {0u, 1u, 2u, 700u, 70000u, 300000u}) {
            for (std::size_t m : {0u, 1u, 900u, 120000u}) {
                Rows fresh = random_rows(rng, n, arity, n > 1000);
                const Rows b = sorted_unique(random_rows(rng, m, arity, n > 1000));
                // Some of b's rows and some copies in the batch, so that both removals happen.
                for (std::size_t i = 0; i < b.size() && i < n / 4; i += 3) fresh[i] = b[i];
                for (std::size_t i = 1; i < n / 8; i += 2) fresh[i] = fresh[i - 1];
                TupleArray tf = upload(fresh, arity), tb = upload(b, arity), out;
                backend_->unique_difference(tf, tb, out);
                const Rows distinct = sorted_unique(fresh);
                Rows expected;
                std::set_difference(distinct.begin(), distinct.end(), b.begin(), b.end(),
                                    std::back_inserter(expected));
                ASSERT_EQ(out.arity, arity);
                ASSERT_EQ(download(out), expected) << "arity " << arity << " n " << n << " m " << m;
            }
        }
    }
}

// Under a value bound (Backend::set_value_bound) the CUDA backend packs each column to the
// bound's bit width: 32-bit keys while the row fits them (bound 65535 with two columns),
// 64-bit keys past that (65536: 34 bits), and the unbounded paths past 64 bits. Rows reach
// the bound itself; sizes above the one-block tile and on both sides of the fused
// unique_difference's limit (2^18 tuples). Bounds 1 and 255 (and 65535, 65536 with one
// column) make sort_unique a counting sort through a small bitmap on CUDA.
TEST_P(OperatorsTest, SortAndUniqueDifferenceUnderAValueBound) {
    std::mt19937 rng(37);
    for (Cell bound : {Cell{1}, Cell{255}, Cell{65535}, Cell{65536}, Cell{0xFFFFFFFFu}}) {
        backend_->set_value_bound(bound);
        for (std::uint32_t arity : {1u, 2u, 3u}) {
            for (std::size_t n : {5000u, 300000u}) {
                Rows fresh(n, std::vector<Cell>(arity));
                for (auto& r : fresh)
                    for (Cell& cell : r)
                        cell = rng() % 8 == 0 ? bound : static_cast<Cell>(rng() % (std::uint64_t{bound} + 1));
                const Rows distinct = sorted_unique(fresh);
                Rows all = fresh;
                std::sort(all.begin(), all.end());
                Rows b;
                for (std::size_t i = 0; i < distinct.size(); i += 3) b.push_back(distinct[i]);
                const std::string where = "bound " + std::to_string(bound) + " arity " +
                                          std::to_string(arity) + " n " + std::to_string(n);

                TupleArray sorted = upload(fresh, arity);
                backend_->sort(sorted);
                ASSERT_EQ(download(sorted), all) << where;
                TupleArray unique = upload(fresh, arity);
                backend_->sort_unique(unique);
                ASSERT_EQ(download(unique), distinct) << where;
                TupleArray tf = upload(fresh, arity), tb = upload(b, arity), out;
                backend_->unique_difference(tf, tb, out);
                Rows expected;
                std::set_difference(distinct.begin(), distinct.end(), b.begin(), b.end(),
                                    std::back_inserter(expected));
                ASSERT_EQ(download(out), expected) << where;
            }
        }
    }
}

// Sizes around the CUDA backend's one-block tile (kTileTuples = 256 threads x 8 = 2048
// tuples of one or two columns: sort, sort_unique, difference and unique_difference in one
// launch; up to 256 tuples one per thread), on either side of it, for every backend.
constexpr std::size_t kTileSizes[] = {1, 2, 3, 255, 256, 257, 2047, 2048, 2049, 4100};

// Rows drawn from 0..range-1 per column (range 0: anywhere in 32 bits, with all-ones cells;
// range 1: column 0 anywhere, the others 0, so the CUDA tile sorts on column 0's bits only).
Rows rows_in_range(std::mt19937& rng, std::size_t n, std::uint32_t arity, Cell range) {
    Rows rows(n, std::vector<Cell>(arity));
    for (auto& r : rows)
        for (std::uint32_t c = 0; c < arity; ++c) {
            if (range == 1)
                r[c] = c == 0 ? static_cast<Cell>(rng() % 100000u) * 40000u : 0;
            else
                r[c] = range == 0 ? static_cast<Cell>(rng()) : static_cast<Cell>(rng() % range);
            if (range == 0 && rng() % 16 == 0) r[c] = 0xFFFFFFFFu;
        }
    return rows;
}

// Batches past the CUDA backend's one-block tile and up to just over 2^18 tuples (CUDA:
// CUB's radix sort of packed keys, 32- or 64-bit), with all-ones rows (the largest key)
// and many copies: sort keeps every copy, sort_unique one.
TEST_P(OperatorsTest, SortsOfSeveralTilesUpTo2To18) {
    std::mt19937 rng(41);
    for (std::uint32_t arity : {1u, 2u}) {
        for (std::size_t n : {std::size_t{2049}, std::size_t{3 * 2048 + 1}, std::size_t{65536},
                              std::size_t{1} << 18, (std::size_t{1} << 18) + 1}) {
            for (Cell range : {Cell{5}, Cell{0}, Cell{70000}}) {
                Rows rows = rows_in_range(rng, n, arity, range);
                if (range == 0) rows[n - 1] = rows[n / 3] = std::vector<Cell>(arity, 0xFFFFFFFFu);
                const std::string where = "arity " + std::to_string(arity) + " n " + std::to_string(n) +
                                          " range " + std::to_string(range);
                Rows all = rows;
                std::sort(all.begin(), all.end());
                TupleArray sorted = upload(rows, arity);
                backend_->sort(sorted);
                ASSERT_EQ(download(sorted), all) << where;
                TupleArray unique = upload(rows, arity);
                backend_->sort_unique(unique);
                ASSERT_EQ(download(unique), sorted_unique(rows)) << where;
            }
        }
    }
}

TEST_P(OperatorsTest, UniqueDifferenceAroundTheTileSize) {
    std::mt19937 rng(19);
    for (std::uint32_t arity : {1u, 2u}) {
        for (std::size_t n : kTileSizes) {
            // Many copies (small range), few copies (wide), and all-ones rows (the pad key).
            for (Cell range : {Cell{5}, Cell{0}, Cell{2000}, Cell{1}}) {
                Rows fresh = rows_in_range(rng, n, arity, range);
                if (range == 0 && n > 2) fresh[n / 2] = fresh[n - 1] = std::vector<Cell>(arity, 0xFFFFFFFFu);
                const Rows distinct = sorted_unique(fresh);
                // b: empty; everything in fresh (and more); some of it among many other rows.
                Rows everything = distinct;
                for (const auto& r : rows_in_range(rng, 100, arity, range)) everything.push_back(r);
                Rows some = rows_in_range(rng, 20000, arity, range <= 1 ? range : range + 3);
                for (std::size_t i = 0; i < distinct.size(); i += 2) some.push_back(distinct[i]);
                for (const Rows& b_rows : {Rows{}, sorted_unique(everything), sorted_unique(some)}) {
                    TupleArray tf = upload(fresh, arity), tb = upload(b_rows, arity), out;
                    backend_->unique_difference(tf, tb, out);
                    Rows expected;
                    std::set_difference(distinct.begin(), distinct.end(), b_rows.begin(), b_rows.end(),
                                        std::back_inserter(expected));
                    ASSERT_EQ(out.arity, arity);
                    ASSERT_EQ(download(out), expected)
                        << "arity " << arity << " n " << n << " range " << range << " |b| " << b_rows.size();
                }
            }
        }
    }
}

TEST_P(OperatorsTest, SortAndDifferenceAroundTheTileSize) {
    std::mt19937 rng(23);
    for (std::uint32_t arity : {1u, 2u}) {
        for (std::size_t n : kTileSizes) {
            for (Cell range : {Cell{5}, Cell{0}, Cell{1}}) {
                const Rows rows = rows_in_range(rng, n, arity, range);
                TupleArray plain = upload(rows, arity);
                backend_->sort(plain);
                Rows sorted = rows;
                std::sort(sorted.begin(), sorted.end());
                ASSERT_EQ(download(plain), sorted)
                    << "sort: arity " << arity << " n " << n << " range " << range;
                TupleArray unique = upload(rows, arity);
                backend_->sort_unique(unique);
                const Rows distinct = sorted_unique(rows);
                ASSERT_EQ(download(unique), distinct)
                    << "sort_unique: arity " << arity << " n " << n << " range " << range;
                // difference of the distinct rows: b empty, b = all of them, b = every third.
                Rows third;
                for (std::size_t i = 0; i < distinct.size(); i += 3) third.push_back(distinct[i]);
                for (const Rows& b_rows : {Rows{}, distinct, third}) {
                    TupleArray ta = upload(distinct, arity), tb = upload(b_rows, arity), out;
                    backend_->difference(ta, tb, out);
                    Rows expected;
                    std::set_difference(distinct.begin(), distinct.end(), b_rows.begin(), b_rows.end(),
                                        std::back_inserter(expected));
                    ASSERT_EQ(download(out), expected) << "difference: arity " << arity << " |a| "
                                                       << distinct.size() << " |b| " << b_rows.size();
                }
            }
        }
    }
}

// Index builds of relations around the tile size (one launch on CUDA up to 2048 tuples):
// one key, every key distinct, and runs of mixed length.
TEST_P(OperatorsTest, IndexAroundTheTileSize) {
    std::mt19937 rng(29);
    for (std::uint32_t arity : {1u, 2u, 3u}) {
        for (std::uint32_t key_len = 1; key_len <= arity && key_len <= 2; ++key_len) {
            for (std::size_t n : kTileSizes) {
                for (Cell range : {Cell{1}, Cell{3}, Cell{0}}) {
                    Rows generated = rows_in_range(rng, n, arity, range);
                    if (range == 1)  // a single key: column 0 constant, distinct rest
                        for (std::size_t i = 0; i < n; ++i) {
                            generated[i][0] = 42;
                            for (std::uint32_t c = 1; c < arity; ++c)
                                generated[i][c] = static_cast<Cell>(i * 7 + c);
                        }
                    const Rows rows = sorted_unique(generated);
                    Hisa hisa;
                    hisa.data = upload(rows, arity);
                    hisa.key_len = key_len;
                    backend_->build_index(hisa, 0.8);
                    std::vector<Cell> data(hisa.data.cells());
                    backend_->download(hisa.data.data(), data.size(), data.data());
                    std::vector<IndexSlot> slots(hisa.slot_count);
                    backend_->download(static_cast<const Cell*>(hisa.slots.get()), slots.size() * 4,
                                       reinterpret_cast<Cell*>(slots.data()));
                    HisaRef ref{data.data(), hisa.data.size, arity, key_len, slots.data(), hisa.slot_count};
                    std::map<std::vector<Cell>, std::pair<std::uint64_t, std::uint64_t>> expected;
                    for (std::uint64_t i = 0; i < rows.size(); ++i) {
                        auto [it, inserted] =
                            expected.emplace(std::vector<Cell>(rows[i].begin(), rows[i].begin() + key_len),
                                             std::make_pair(i, 0));
                        it->second.second++;
                    }
                    std::size_t used = 0;
                    for (const IndexSlot& slot : slots) used += slot.begin != kEmptySlot ? 1 : 0;
                    ASSERT_EQ(used, expected.size())
                        << "arity " << arity << " key_len " << key_len << " n " << n;
                    for (const auto& [key, range_of_key] : expected) {
                        const Range found = ref.find(key.data());
                        ASSERT_EQ(found.begin, range_of_key.first)
                            << "arity " << arity << " key_len " << key_len << " n " << n;
                        ASSERT_EQ(found.count, range_of_key.second)
                            << "arity " << arity << " key_len " << key_len << " n " << n;
                    }
                }
            }
        }
    }
}

TEST_P(OperatorsTest, MergeOfDisjointSortedArrays) {
    std::mt19937 rng(4);
    for (std::size_t n : {0u, 1u, 1000u, 80000u}) {
        for (std::size_t m : {0u, 1u, 700u, 50000u}) {
            const Rows all = sorted_unique(random_rows(rng, n + m, 3, true));
            Rows a, b;
            for (const auto& r : all) (rng() % 3 == 0 ? a : b).push_back(r);
            TupleArray ta = upload(a, 3), tb = upload(b, 3);
            TupleArray out = backend_->make_array(3, a.size() + b.size() + 5);
            backend_->merge(ta, tb, out);
            ASSERT_EQ(download(out), all) << "n " << n << " m " << m;
        }
    }
}

// The tuple hash set: each insert yields exactly the tuples of its batch that no earlier
// batch held, each once (batches with many copies, the all-ones tuple whose key is the
// table's empty marker, growth over batches of up to 10^5 tuples), and none for wider
// tuples.
TEST_P(OperatorsTest, TupleHashSetYieldsEachNewTupleOnce) {
    EXPECT_EQ(sets().make_tuple_hash_set(3), nullptr);
    std::mt19937 rng(12);
    for (std::uint32_t arity : {1u, 2u}) {
        const std::unique_ptr<TupleHashSet> set = sets().make_tuple_hash_set(arity);
        ASSERT_NE(set, nullptr);
        std::set<std::vector<Cell>> held;
        for (std::size_t batch = 0; batch < 24; ++batch) {
            const std::size_t n = batch % 4 == 0 ? batch / 4 : (batch % 5 == 0 ? 100000 : 3000);
            // A range that widens with the batches: each brings known and new tuples.
            std::uniform_int_distribution<Cell> value(0, static_cast<Cell>(40 * (batch + 1)));
            Rows rows(n, std::vector<Cell>(arity));
            for (auto& row : rows)
                for (auto& cell : row) cell = rng() % 64 == 0 ? 0xFFFFFFFFu : value(rng);
            if (n != 0) rows[0].assign(arity, 0xFFFFFFFFu);
            ASSERT_NO_FATAL_FAILURE(insert_new_and_check(*set, rows, arity, held,
                                                         "arity " + std::to_string(arity) + ", batch " +
                                                             std::to_string(batch) + " of " +
                                                             std::to_string(n)));
        }
    }
}

// With a value bound the set moves into a bitmap once its table would take half the
// bitmap's bytes (hisa/tuple_hash_set.hpp): the batches before and after the move, and the
// move itself, must yield exactly the new tuples — the values 0 and the bound included
// (the bitmap's first and last bits of a row) — and the bitmap must list them sorted. With
// bitmaps off (CUDA, --cuda-off bitmap) the set stays a table, and its inserts stay exact.
TEST_P(OperatorsTest, TupleHashSetBecomesBitmap) {
    const bool bitmaps = !GetParam().is_cuda() || GetParam().cuda.bitmaps;
    std::mt19937 rng(21);
    for (std::uint32_t arity : {1u, 2u}) {
        // Bitmaps of 1.1 MB and 0.5 MB: the move comes with the first batch of 60,000.
        const Cell largest = arity == 2 ? 3000 : 4000000;
        backend_->set_value_bound(largest);
        const std::unique_ptr<TupleHashSet> set = sets().make_tuple_hash_set(arity);
        ASSERT_NE(set, nullptr);
        std::set<std::vector<Cell>> held;
        for (std::size_t batch = 0; batch < 12; ++batch) {
            const std::size_t n = batch < 4 ? 500 : 60000;
            std::uniform_int_distribution<Cell> value(0, largest);
            Rows rows(n, std::vector<Cell>(arity));
            for (auto& row : rows)
                for (auto& cell : row) cell = value(rng);
            rows[0].assign(arity, largest);
            rows[1].assign(arity, 0);
            ASSERT_NO_FATAL_FAILURE(insert_new_and_check(*set, rows, arity, held,
                                                         "arity " + std::to_string(arity) + ", batch " +
                                                             std::to_string(batch) + " of " +
                                                             std::to_string(n)));
            ASSERT_EQ(set->is_bitmap(), bitmaps && batch >= 4) << "arity " << arity << ", batch " << batch;
        }
        if (!bitmaps) continue;  // only a bitmap lists its tuples (TupleSets::list_sorted)
        // The bitmap lists every tuple, sorted.
        TupleArray listed;
        sets().list_sorted(*set, arity, listed);
        ASSERT_EQ(download(listed), Rows(held.begin(), held.end())) << "arity " << arity;
    }
}

TEST_P(OperatorsTest, IndexFindsEveryKeyRange) {
    std::mt19937 rng(5);
    for (std::uint32_t key_len = 1; key_len <= 3; ++key_len) {
        for (double load : {0.3, 0.8, 0.99}) {
            const Rows rows = sorted_unique(random_rows(rng, 20000, 3, key_len == 1 && load > 0.9));
            Hisa hisa;
            hisa.data = upload(rows, 3);
            hisa.key_len = key_len;
            backend_->build_index(hisa, load);
            // Check through a host copy of data + slots (the ref is host code here).
            std::vector<Cell> data(hisa.data.cells());
            backend_->download(hisa.data.data(), data.size(), data.data());
            std::vector<IndexSlot> slots(hisa.slot_count);
            backend_->download(static_cast<const Cell*>(hisa.slots.get()), slots.size() * 4,
                               reinterpret_cast<Cell*>(slots.data()));
            HisaRef ref{data.data(), hisa.data.size, 3, key_len, slots.data(), hisa.slot_count};
            std::map<std::vector<Cell>, std::pair<std::uint64_t, std::uint64_t>> expected;
            for (std::uint64_t i = 0; i < rows.size(); ++i) {
                std::vector<Cell> key(rows[i].begin(), rows[i].begin() + key_len);
                auto [it, inserted] = expected.emplace(key, std::make_pair(i, 0));
                it->second.second++;
            }
            for (const auto& [key, range] : expected) {
                const Range found = ref.find(key.data());
                ASSERT_EQ(found.begin, range.first);
                ASSERT_EQ(found.count, range.second);
            }
            std::vector<Cell> missing(key_len, 12345u);
            if (!expected.contains(missing)) EXPECT_EQ(ref.find(missing.data()).count, 0u);
        }
    }
}

// Above a million tuples the CUDA backend reads the number of keys back to size the table
// (below, it sizes it for one key per tuple): both must find every run.
TEST_P(OperatorsTest, IndexOfMoreThanAMillionTuples) {
    std::mt19937 rng(17);
    const std::uint64_t n = (std::uint64_t{1} << 20) + 4099;
    std::vector<Cell> cells(n * 2);
    Cell key = 0;
    for (std::uint64_t i = 0; i < n; ++i) {  // sorted: runs of 1 to 4 tuples per key
        if (i == 0 || rng() % 3 == 0) ++key;
        cells[2 * i] = key;
        cells[2 * i + 1] = static_cast<Cell>(i);
    }
    Hisa hisa;
    hisa.data = backend_->upload_array(cells.data(), n, 2);
    hisa.key_len = 1;
    backend_->build_index(hisa, 0.8);
    ASSERT_LT(hisa.slot_count, n / 0.8 * 0.5) << "the table should be sized for the keys, not the tuples";
    std::vector<IndexSlot> slots(hisa.slot_count);
    backend_->download(static_cast<const Cell*>(hisa.slots.get()), slots.size() * 4,
                       reinterpret_cast<Cell*>(slots.data()));
    HisaRef ref{cells.data(), n, 2, 1, slots.data(), hisa.slot_count};
    for (std::uint64_t i = 0; i < n;) {
        std::uint64_t end = i;
        while (end < n && cells[2 * end] == cells[2 * i]) ++end;
        const Range found = ref.find(&cells[2 * i]);
        ASSERT_EQ(found.begin, i) << "key " << cells[2 * i];
        ASSERT_EQ(found.count, end - i) << "key " << cells[2 * i];
        i = end;
    }
}

TEST_P(OperatorsTest, IndexOfEmptyRelation) {
    Hisa hisa;
    hisa.data = upload({}, 2);
    hisa.key_len = 1;
    backend_->build_index(hisa, 0.8);
    EXPECT_EQ(hisa.slot_count, 0u);
    Cell key = 3;
    EXPECT_EQ(hisa.ref().find(&key).count, 0u);
}

TEST_P(OperatorsTest, PermuteReordersColumns) {
    TupleArray in = upload({{1, 2, 3}, {4, 5, 6}}, 3), out;
    const std::uint32_t columns[] = {2, 0};
    backend_->permute(in, columns, out);
    EXPECT_EQ(download(out), (Rows{{3, 1}, {6, 4}}));
}

// Join: outer (a, b) joined with inner stored as (key, c) on outer.b = inner.key, output
// (a, c), filter a != c — compared with a nested loop. Includes self-loops and max values.
TEST_P(OperatorsTest, JoinMatchesNestedLoop) {
    std::mt19937 rng(6);
    for (int round = 0; round < 20; ++round) {
        const Rows outer_rows = random_rows(rng, static_cast<std::size_t>(rng() % 3000), 2, false);
        Rows inner_rows =
            sorted_unique(random_rows(rng, static_cast<std::size_t>(rng() % 400), 2, round % 5 == 0));
        Hisa inner;
        inner.data = upload(inner_rows, 2);
        inner.key_len = 1;
        backend_->build_index(inner, 0.8);
        JoinSpec spec;
        spec.outer_arity = 2;
        spec.inner_arity = 2;
        spec.out_arity = 2;
        spec.key_len = 1;
        spec.has_inner = true;
        spec.key[0] = Operand{OperandKind::Outer, 1, 0};
        spec.out[0] = Operand{OperandKind::Outer, 0, 0};
        spec.out[1] = Operand{OperandKind::Inner, 1, 0};
        spec.filter_count = round % 2;
        spec.filters[0] =
            Filter{Operand{OperandKind::Outer, 0, 0}, Operand{OperandKind::Inner, 1, 0}, CompareKind::Ne};
        TupleArray outer = upload(outer_rows, 2);
        TupleArray out(2);
        backend_->join(spec, outer, &inner, out);
        Rows got = download(out);
        Rows expected;
        for (const auto& o : outer_rows)
            for (const auto& i : inner_rows)
                if (o[1] == i[0] && (spec.filter_count == 0 || o[0] != i[1]))
                    expected.push_back({o[0], i[1]});
        std::sort(got.begin(), got.end());
        std::sort(expected.begin(), expected.end());
        ASSERT_EQ(got, expected) << "round " << round;
    }
}

// join_emit_distinct through the backend's duplicate pre-filter (CUDA), or the default
// (plain join_emit) where the backend has none: the same distinct tuples as join_emit, in
// slices and across calls until clear(); on a backend with a filter, far fewer copies.
struct NoFilter final : DuplicateFilter {
    void clear() override {}
};

// A join of outer (a, b) with inner (b, c) on b, projected to (a, c), and its distinct
// result computed the plain way (join, then sort_unique).
struct ProjectedJoin {
    Hisa inner;
    JoinSpec spec;
    TupleArray outer;
    Rows expected;
};

ProjectedJoin OperatorsTest::projected_join(const Rows& outer_rows, Rows inner_rows,
                                            bool outer_column_first) {
    ProjectedJoin join;
    join.inner.data = upload(sorted_unique(std::move(inner_rows)), 2);
    join.inner.key_len = 1;
    backend_->build_index(join.inner, 0.8);
    join.spec.outer_arity = 2;
    join.spec.inner_arity = 2;
    join.spec.out_arity = 2;
    join.spec.key_len = 1;
    join.spec.has_inner = true;
    join.spec.key[0] = Operand{OperandKind::Outer, 1, 0};
    join.spec.out[outer_column_first ? 0 : 1] = Operand{OperandKind::Outer, 0, 0};
    join.spec.out[outer_column_first ? 1 : 0] = Operand{OperandKind::Inner, 1, 0};
    join.outer = upload(outer_rows, 2);
    TupleArray plain(2);
    backend_->join(join.spec, join.outer, &join.inner, plain);
    backend_->sort_unique(plain);
    join.expected = download(plain);
    return join;
}

// join_emit_distinct over the whole outer range in `parts` slices of about equal output;
// checks that every derived tuple is counted and that none is lost, and returns how many
// tuples the filter let through.
std::uint64_t OperatorsTest::emit_distinct_in_parts(const ProjectedJoin& join, std::uint64_t parts,
                                                    DuplicateFilter& filter) {
    std::unique_ptr<JoinCounts> counts =
        backend_->join_count(join.spec, join.outer, 0, join.outer.size, &join.inner);
    TupleArray out(2);
    std::uint64_t derived = 0;
    for (std::uint64_t from = 0; from < join.outer.size;) {
        const std::uint64_t to = counts->split(from, counts->total / parts + 1);
        derived += join_emit_distinct(join.spec, join.outer, &join.inner, *counts, from, to, out, filter);
        from = to;
    }
    EXPECT_EQ(derived, counts->total);
    EXPECT_LE(out.size, derived);
    const std::uint64_t admitted = out.size;
    backend_->sort_unique(out);
    EXPECT_EQ(download(out), join.expected) << "parts " << parts;
    filter.clear();
    return admitted;
}

// Outputs projected to (outer.0 % 50, inner.1 % 40): each tuple is derived many times.
// With the outer column first and the outer sorted, copies of a tuple come from nearby
// outer tuples (the CUDA backend filters those in each block's shared memory first); with
// the inner column first, or the outer unsorted, they are spread over the whole output.
TEST_P(OperatorsTest, JoinEmitDistinctKeepsEveryTupleAndDropsCopies) {
    std::mt19937 rng(9);
    const Rows outer_rows = random_pairs(rng, 200000, 50, 300);
    const Rows inner_rows = random_pairs(rng, 3000, 300, 40);
    for (const bool outer_column_first : {true, false}) {
        for (const bool sorted : {true, false}) {
            const ProjectedJoin join = projected_join(sorted ? sorted_unique(outer_rows) : outer_rows,
                                                      inner_rows, outer_column_first);
            std::unique_ptr<DuplicateFilter> filter = make_duplicate_filter(2);
            NoFilter none;
            DuplicateFilter& used = filter ? *filter : none;
            for (int round = 0; round < 2; ++round) {  // the second round after clear()
                const std::uint64_t admitted =
                    emit_distinct_in_parts(join, 4, used);  // slices of about a quarter
                if (filter)
                    EXPECT_LT(admitted, 2 * join.expected.size())
                        << "the filter let most copies through (outer column first " << outer_column_first
                        << ", sorted " << sorted << ")";
            }
        }
    }
}

// All 2^21 derived tuples distinct: a filter that admits most of what it sees leaves the
// next emits unfiltered (CUDA backend), then measures again; no tuple may be lost either way.
TEST_P(OperatorsTest, JoinEmitDistinctOfMostlyNewTuples) {
    Rows outer_rows, inner_rows;
    for (Cell a = 0; a < (Cell{1} << 17); ++a) outer_rows.push_back({a, a % 16});
    for (Cell k = 0; k < 16; ++k)
        for (Cell v = 0; v < 16; ++v) inner_rows.push_back({k, v});
    const ProjectedJoin join = projected_join(outer_rows, inner_rows);
    ASSERT_EQ(join.expected.size(), std::size_t{1} << 21);
    std::unique_ptr<DuplicateFilter> filter = make_duplicate_filter(2);
    NoFilter none;
    for (std::uint64_t parts : {24, 5}) (void)emit_distinct_in_parts(join, parts, filter ? *filter : none);
}

// join_into_set, a join's last step into a bitmap set in one pass: exactly the tuples the
// set lacked are appended, each once, and every derived tuple is counted — across chunks
// of outer tuples, with a hub key whose matches outnumber a block's threads many times,
// values up to the bound (a row's last bit), and either output column order. A second
// run appends nothing; a set that is still a hash table, or too little room, is declined
// with nothing done.
TEST_P(OperatorsTest, JoinIntoBitmapSetAppendsExactlyTheNewTuples) {
    if (!GetParam().one_pass_into_bitmaps())
        GTEST_SKIP() << "bitmaps or the one pass are off on " << GetParam().name
                     << " (CudaSwitchesTurnOffStrategiesOfTheCudaBackendOnly checks the one pass declines)";
    constexpr Cell kLargest = 2999;
    backend_->set_value_bound(kLargest);
    std::mt19937 rng(41);
    Rows inner_rows = random_pairs(rng, 3000, 300, kLargest + 1);
    for (Cell v = 0; v <= kLargest; v += 1 + v % 3) inner_rows.push_back({7, v});  // the hub: 1,500 matches
    inner_rows.push_back({299, kLargest});
    for (const bool outer_column_first : {true, false}) {
        for (const std::size_t outer_size : {std::size_t{2000}, std::size_t{20000}}) {
            Rows outer_rows = random_pairs(rng, outer_size, kLargest + 1, 300);
            outer_rows.push_back({kLargest, 299});
            const ProjectedJoin join =
                projected_join(sorted_unique(outer_rows), inner_rows, outer_column_first);
            const std::string where = "outer column first " + std::to_string(outer_column_first) + ", " +
                                      std::to_string(outer_size) + " outer tuples";
            // A table first: declined.
            const std::unique_ptr<TupleHashSet> set = sets().make_tuple_hash_set(2);
            std::set<std::vector<Cell>> held;
            ASSERT_NO_FATAL_FAILURE(insert_new_and_check(
                *set, random_pairs(rng, 100, kLargest + 1, kLargest + 1), 2, held, where));
            ASSERT_FALSE(set->is_bitmap());
            TupleArray out(2);
            ASSERT_FALSE(one_pass().join_into_set(join.spec, join.outer, &join.inner, out, *set, 1u << 30))
                << where;
            // 60,000 more tuples make it a bitmap (TupleHashSetBecomesBitmap).
            ASSERT_NO_FATAL_FAILURE(insert_new_and_check(
                *set, random_pairs(rng, 60000, kLargest + 1, kLargest + 1), 2, held, where));
            ASSERT_TRUE(set->is_bitmap()) << where;
            // No room: declined with nothing done, or (a backend that reserves no room) run.
            const std::uint64_t total =
                backend_->join_count(join.spec, join.outer, 0, join.outer.size, &join.inner)->total;
            std::optional<std::uint64_t> derived =
                one_pass().join_into_set(join.spec, join.outer, &join.inner, out, *set, 0);
            if (!derived) {
                ASSERT_EQ(out.size, 0u) << where;
                ASSERT_EQ(set->size(), held.size()) << where;
                derived = one_pass().join_into_set(join.spec, join.outer, &join.inner, out, *set, 1u << 30);
            }
            ASSERT_TRUE(derived.has_value()) << where;
            EXPECT_EQ(*derived, total) << where;
            Rows expected;
            for (const auto& row : join.expected)
                if (!held.contains(row)) expected.push_back(row);
            ASSERT_GT(expected.size(), 1000u) << where;  // the join adds tuples
            Rows got = download(out);
            std::sort(got.begin(), got.end());
            ASSERT_EQ(got, expected) << where;  // each once: copies would show
            held.insert(expected.begin(), expected.end());
            ASSERT_EQ(set->size(), held.size()) << where;
            TupleArray again(2);
            ASSERT_EQ(one_pass().join_into_set(join.spec, join.outer, &join.inner, again, *set, 1u << 30),
                      total)
                << where;
            EXPECT_EQ(again.size, 0u) << where;
            TupleArray listed;
            sets().list_sorted(*set, 2, listed);
            ASSERT_EQ(download(listed), Rows(held.begin(), held.end())) << where;
        }
    }
}

// join_into_set with less room than its bound: the CUDA backend runs it optimistically,
// and here the room runs out — it fills, each tuple once, and the set holds exactly the
// tuples written (those past the room are withdrawn); the two passes (join_emit_new) then
// append exactly the rest. With the optimism off (--cuda-off optimistic) it declines with
// nothing done, and the two passes append everything. The host reserves no room and runs
// the join whole. `held`: the tuples of `set` (a bitmap) before.
void OperatorsTest::run_out_of_room(const ProjectedJoin& join, TupleHashSet& set,
                                    std::set<std::vector<Cell>>& held, std::uint64_t room) {
    const std::uint32_t arity = join.spec.out_arity;
    ASSERT_TRUE(set.is_bitmap());
    Rows expected;
    for (const auto& row : join.expected)
        if (!held.contains(row)) expected.push_back(row);
    ASSERT_GT(expected.size(), 2 * room);
    const std::uint64_t total =
        backend_->join_count(join.spec, join.outer, 0, join.outer.size, &join.inner)->total;
    TupleArray out(arity);
    const std::optional<std::uint64_t> derived =
        one_pass().join_into_set(join.spec, join.outer, &join.inner, out, set, room);
    Rows got = download(out);
    std::sort(got.begin(), got.end());
    if (GetParam().is_cuda()) {
        ASSERT_FALSE(derived.has_value());
        ASSERT_EQ(out.size, GetParam().cuda.optimistic ? room : 0u);
        ASSERT_EQ(std::adjacent_find(got.begin(), got.end()), got.end());  // each once
        ASSERT_TRUE(std::includes(expected.begin(), expected.end(), got.begin(), got.end()));
        std::set<std::vector<Cell>> written = held;
        written.insert(got.begin(), got.end());
        ASSERT_EQ(set.size(), written.size());
        TupleArray listed;
        sets().list_sorted(set, arity, listed);
        ASSERT_EQ(download(listed), Rows(written.begin(), written.end()));  // nothing withdrawn is left
        const std::unique_ptr<JoinCounts> counts =
            backend_->join_count(join.spec, join.outer, 0, join.outer.size, &join.inner);
        EXPECT_EQ(
            sets().join_emit_new(join.spec, join.outer, &join.inner, *counts, 0, join.outer.size, out, set),
            total);
        got = download(out);
        std::sort(got.begin(), got.end());
    } else {
        ASSERT_TRUE(derived.has_value());
        EXPECT_EQ(*derived, total);
    }
    ASSERT_EQ(got, expected);  // each once: copies would show
    held.insert(expected.begin(), expected.end());
    ASSERT_EQ(set.size(), held.size());
    TupleArray listed;
    sets().list_sorted(set, arity, listed);
    ASSERT_EQ(download(listed), Rows(held.begin(), held.end()));
}

// Two output columns: 2^16 tuples of room for about 190,000 new ones.
TEST_P(OperatorsTest, JoinIntoBitmapSetWhoseRoomRunsOutLeavesTheRestToTheTwoPasses) {
    if (!GetParam().one_pass_into_bitmaps())
        GTEST_SKIP() << "bitmaps or the one pass are off on " << GetParam().name;
    constexpr Cell kLargest = 2999;
    backend_->set_value_bound(kLargest);
    std::mt19937 rng(47);
    const ProjectedJoin join = projected_join(sorted_unique(random_pairs(rng, 20000, kLargest + 1, 300)),
                                              random_pairs(rng, 3000, 300, kLargest + 1));
    const std::unique_ptr<TupleHashSet> set = sets().make_tuple_hash_set(2);
    std::set<std::vector<Cell>> held;
    ASSERT_NO_FATAL_FAILURE(insert_new_and_check(*set, random_pairs(rng, 60000, kLargest + 1, kLargest + 1),
                                                 2, held, "known tuples"));
    run_out_of_room(join, *set, held, std::uint64_t{1} << 16);
}

// One output column (the inner's second): 2^16 values of room for about 185,000 new ones.
TEST_P(OperatorsTest, OneColumnJoinIntoBitmapSetWhoseRoomRunsOutLeavesTheRestToTheTwoPasses) {
    if (!GetParam().one_pass_into_bitmaps())
        GTEST_SKIP() << "bitmaps or the one pass are off on " << GetParam().name;
    constexpr Cell kLargest = 299999;
    backend_->set_value_bound(kLargest);
    std::mt19937 rng(53);
    ProjectedJoin join = projected_join(sorted_unique(random_pairs(rng, 2000, 3000, 300)),
                                        random_pairs(rng, 300000, 300, kLargest + 1));
    join.spec.out_arity = 1;
    join.spec.out[0] = Operand{OperandKind::Inner, 1, 0};
    TupleArray plain(1);
    backend_->join(join.spec, join.outer, &join.inner, plain);
    backend_->sort_unique(plain);
    join.expected = download(plain);
    const std::unique_ptr<TupleHashSet> set = sets().make_tuple_hash_set(1);
    std::set<std::vector<Cell>> held;
    Rows known;
    for (Cell v = 0; v <= kLargest; v += 40) known.push_back({v});
    ASSERT_NO_FATAL_FAILURE(insert_new_and_check(*set, known, 1, held, "known values"));
    run_out_of_room(join, *set, held, std::uint64_t{1} << 16);
}

// join_distinct, an intermediate step in one pass through a scratch bitmap: each derived
// tuple once (outputs repeat many times here), every derivation counted, on both
// backends; a bitmap too large for the rows (a handful of outer tuples) is declined.
TEST_P(OperatorsTest, JoinDistinctYieldsEachDerivedTupleOnce) {
    if (!GetParam().one_pass_into_bitmaps())
        GTEST_SKIP() << "bitmaps or the one pass are off on " << GetParam().name
                     << " (CudaSwitchesTurnOffStrategiesOfTheCudaBackendOnly checks the one pass declines)";
    constexpr Cell kLargest = 999;  // a 125 kB bitmap of two-column tuples
    backend_->set_value_bound(kLargest);
    std::mt19937 rng(43);
    Rows inner_rows = random_pairs(rng, 4000, 200, 60);
    inner_rows.push_back({199, kLargest});
    for (const bool outer_column_first : {true, false}) {
        Rows outer_rows = random_pairs(rng, 30000, 80, 200);
        outer_rows.push_back({kLargest, 199});
        const ProjectedJoin join = projected_join(outer_rows, inner_rows, outer_column_first);
        const std::uint64_t total =
            backend_->join_count(join.spec, join.outer, 0, join.outer.size, &join.inner)->total;
        ASSERT_GT(total, 4 * join.expected.size());  // many copies of each tuple
        TupleArray out(2);
        const std::optional<std::uint64_t> derived =
            one_pass().join_distinct(join.spec, join.outer, &join.inner, out, std::uint64_t{1} << 30);
        ASSERT_TRUE(derived.has_value()) << "outer column first " << outer_column_first;
        EXPECT_EQ(*derived, total);
        Rows got = download(out);
        std::sort(got.begin(), got.end());
        ASSERT_EQ(got, join.expected) << "outer column first " << outer_column_first;
    }
    const ProjectedJoin few = projected_join(random_pairs(rng, 10, 80, 200), inner_rows);
    TupleArray out(2);
    EXPECT_FALSE(one_pass().join_distinct(few.spec, few.outer, &few.inner, out, std::uint64_t{1} << 30));
    EXPECT_EQ(out.size, 0u);
    // A per-match filter (a != c): the host runs it, the CUDA backend declines it (nothing
    // done); either way no tuple may be wrong.
    ProjectedJoin filtered = projected_join(random_pairs(rng, 30000, 80, 200), inner_rows);
    filtered.spec.filter_count = 1;
    filtered.spec.filters[0] =
        Filter{Operand{OperandKind::Outer, 0, 0}, Operand{OperandKind::Inner, 1, 0}, CompareKind::Ne};
    Rows expected;
    for (const auto& row : filtered.expected)
        if (row[0] != row[1]) expected.push_back(row);
    TupleArray kept(2);
    if (one_pass().join_distinct(filtered.spec, filtered.outer, &filtered.inner, kept,
                                 std::uint64_t{1} << 30)) {
        Rows got = download(kept);
        std::sort(got.begin(), got.end());
        EXPECT_EQ(got, expected);
    } else {
        EXPECT_EQ(kept.size, 0u);
    }
}

// The executor keeps a filter across flushes (its tuples are in full or the next delta by
// then), so a filter that was not cleared may drop tuples it admitted before — but only
// those: a second emit of the same join admits only a few copies, all of them tuples of
// the join, and a join of other tuples loses none of them.
TEST_P(OperatorsTest, JoinEmitDistinctRemembersTuplesAdmittedBefore) {
    std::unique_ptr<DuplicateFilter> filter = make_duplicate_filter(2);
    if (!filter) GTEST_SKIP() << "the " << backend_->description() << " backend has no duplicate pre-filter";
    std::mt19937 rng(31);
    const ProjectedJoin join =
        projected_join(random_pairs(rng, 200000, 50, 300), random_pairs(rng, 3000, 300, 40));
    std::unique_ptr<JoinCounts> counts =
        backend_->join_count(join.spec, join.outer, 0, join.outer.size, &join.inner);
    TupleArray first(2);
    ASSERT_EQ(
        join_emit_distinct(join.spec, join.outer, &join.inner, *counts, 0, join.outer.size, first, *filter),
        counts->total);
    backend_->sort_unique(first);
    ASSERT_EQ(download(first), join.expected);

    TupleArray again(2);
    ASSERT_EQ(
        join_emit_distinct(join.spec, join.outer, &join.inner, *counts, 0, join.outer.size, again, *filter),
        counts->total);
    EXPECT_LT(again.size, join.expected.size() / 10) << "the filter forgot the tuples it admitted before";
    backend_->sort_unique(again);
    for (const std::vector<Cell>& row : download(again))
        EXPECT_TRUE(std::binary_search(join.expected.begin(), join.expected.end(), row));

    // Outer values shifted past the first join's: all new tuples, none may be dropped.
    Rows shifted;
    for (const std::vector<Cell>& row : download(join.outer)) shifted.push_back({row[0] + 1000, row[1]});
    const ProjectedJoin other = projected_join(shifted, download(join.inner.data));
    std::unique_ptr<JoinCounts> other_counts =
        backend_->join_count(other.spec, other.outer, 0, other.outer.size, &other.inner);
    TupleArray fresh(2);
    (void)join_emit_distinct(other.spec, other.outer, &other.inner, *other_counts, 0, other.outer.size, fresh,
                             *filter);
    backend_->sort_unique(fresh);
    EXPECT_EQ(download(fresh), other.expected);
}

// Hubs of 2,000 matches each, 3,000 outer tuples apart with no match in between: a tile of
// the load-balanced emit then spans more outer tuples than it stages in shared memory
// (CUDA: 2 x 1024 + 1 offsets) and searches global memory instead; tiles inside a hub's
// output stage two offsets. Both the plain and the filtered emit must give every tuple.
TEST_P(OperatorsTest, JoinEmitAcrossLongRunsOfUnmatchedOuterTuples) {
    Rows outer_rows, inner_rows;
    for (Cell a = 0; a < 60000; ++a) outer_rows.push_back({a % 97, a % 3000 == 0 ? Cell{0} : 1 + a % 7});
    for (Cell c = 0; c < 2000; ++c) inner_rows.push_back({0, c});
    const ProjectedJoin join = projected_join(outer_rows, inner_rows);
    Rows expected;
    for (Cell a = 0; a < 60000; a += 3000)
        for (Cell c = 0; c < 2000; ++c) expected.push_back({a % 97, c});
    expected = sorted_unique(std::move(expected));
    ASSERT_EQ(join.expected, expected);
    std::unique_ptr<DuplicateFilter> filter = make_duplicate_filter(2);
    NoFilter none;
    for (std::uint64_t parts : {1, 3}) (void)emit_distinct_in_parts(join, parts, filter ? *filter : none);
}

// Small join outputs (the CUDA backend appends those of at most 2^14 tuples without its
// filter, so that no admitted count is read back): every derived tuple is counted, none is
// lost, and a slice of a small output still goes through the filter.
TEST_P(OperatorsTest, JoinEmitDistinctOfSmallOutputs) {
    std::mt19937 rng(11);
    for (std::size_t outer_size : {1, 50, 700, 3000}) {
        const Rows outer_rows = random_pairs(rng, outer_size, 20, 30);
        const ProjectedJoin join = projected_join(outer_rows, random_pairs(rng, 40, 30, 10));
        std::unique_ptr<DuplicateFilter> filter = make_duplicate_filter(2);
        NoFilter none;
        DuplicateFilter& used = filter ? *filter : none;
        for (std::uint64_t parts : {1, 3}) {  // the whole range, then slices
            SCOPED_TRACE(::testing::Message() << "outer " << outer_size);
            (void)emit_distinct_in_parts(join, parts, used);
        }
    }
}

// join_count_emit: a backend may write the whole output in the counting pass when it fits
// the room given (CUDA with tiles on: outer relations of one tile, outputs up to 2^14
// tuples), appended after what `out` holds; otherwise the counts drive join_emit as usual.
// Either way `out` ends with the plain join's output. With a per-match filter (a != c) the one-launch path
// emits per outer tuple, without it load-balanced.
TEST_P(OperatorsTest, JoinCountEmitAppendsTheOutputOrLeavesItToJoinEmit) {
    std::mt19937 rng(12);
    for (std::size_t outer_size : {1, 50, 700, 2048, 2049, 3000}) {
        for (std::uint32_t filters : {0u, 1u}) {
            const Rows outer_rows = random_pairs(rng, outer_size, 20, 30);
            ProjectedJoin join = projected_join(outer_rows, random_pairs(rng, 60, 30, 20));
            join.spec.filter_count = filters;
            join.spec.filters[0] =
                Filter{Operand{OperandKind::Outer, 0, 0}, Operand{OperandKind::Inner, 1, 0}, CompareKind::Ne};
            TupleArray plain(2);
            backend_->join(join.spec, join.outer, &join.inner, plain);
            const Rows prefix{{7, 7}, {0xFFFFFFFFu, 0}};
            const std::uint64_t just_short = plain.size - (plain.size != 0 ? 1 : 0);
            for (std::uint64_t room : {std::uint64_t{0}, just_short, plain.size, std::uint64_t{20000}}) {
                SCOPED_TRACE(::testing::Message() << "outer " << outer_size << ", filters " << filters
                                                  << ", room " << room << " of " << plain.size);
                TupleArray out = upload(prefix, 2);
                std::unique_ptr<JoinCounts> counts =
                    join_count_emit(join.spec, join.outer, &join.inner, out, room);
                ASSERT_EQ(counts->total, plain.size);
                if (counts->emitted) {
                    EXPECT_LE(counts->total, room);
                    EXPECT_EQ(out.size, prefix.size() + plain.size);
                } else {
                    EXPECT_EQ(out.size, prefix.size());
                    if (counts->total != 0)
                        backend_->join_emit(join.spec, join.outer, &join.inner, *counts, 0, join.outer.size,
                                            out);
                }
                if (GetParam().is_cuda() && GetParam().cuda.tile_ops && outer_size <= 2048 &&
                    plain.size != 0 && plain.size <= room)
                    EXPECT_TRUE(counts->emitted)
                        << "a one-tile join whose output fits is written in one launch";
                Rows got = download(out);
                ASSERT_GE(got.size(), prefix.size());
                EXPECT_EQ(Rows(got.begin(), got.begin() + 2), prefix);
                got.erase(got.begin(), got.begin() + 2);
                std::sort(got.begin(), got.end());
                Rows expected = download(plain);
                std::sort(expected.begin(), expected.end());
                EXPECT_EQ(got, expected);
            }
        }
    }
}

// The CUDA backend's switches (engine::CudaSwitches) reach the backend: each strategy
// switched off is not taken, and each left on is — the counting launch that also writes a
// small join's output (tile), the duplicate pre-filter, the move of a tuple set into a
// bitmap, the one pass into a set and through a scratch bitmap (declined with nothing
// done where off, and the two passes then give the same tuples). The CPU backend, made
// here with every switch off, ignores them: it keeps its bitmaps and one passes (it has
// no tiles nor duplicate filter).
TEST_P(OperatorsTest, CudaSwitchesTurnOffStrategiesOfTheCudaBackendOnly) {
    const bool cuda = GetParam().is_cuda();
    const CudaSwitches on = cuda ? GetParam().cuda : CudaSwitches{};
    if (!cuda) backend_ = make_backend(GetParam().kind, 2, CudaSwitches::plain());
    std::mt19937 rng(61);

    DuplicateFiltering* filtering = backend_->capabilities().duplicate_filtering;
    EXPECT_EQ(filtering != nullptr && filtering->filters(2), cuda && on.duplicate_filter);
    EXPECT_EQ(make_duplicate_filter(2) != nullptr, cuda && on.duplicate_filter);

    const ProjectedJoin small = projected_join(random_pairs(rng, 100, 20, 30), random_pairs(rng, 60, 30, 20));
    TupleArray written(2);
    const std::unique_ptr<JoinCounts> small_counts =
        join_count_emit(small.spec, small.outer, &small.inner, written, std::uint64_t{1} << 14);
    ASSERT_GT(small_counts->total, 0u);
    EXPECT_EQ(small_counts->emitted, cuda && on.tile_ops) << "a one-tile join whose output fits";
    EXPECT_EQ(written.size, cuda && on.tile_ops ? small_counts->total : 0u);

    // join_distinct through a scratch bitmap of 128 kB (bound 999), which 30,000 outer
    // tuples pay for.
    backend_->set_value_bound(999);
    const ProjectedJoin many =
        projected_join(random_pairs(rng, 30000, 80, 200), random_pairs(rng, 4000, 200, 60));
    TupleArray distinct(2);
    const std::optional<std::uint64_t> once =
        one_pass().join_distinct(many.spec, many.outer, &many.inner, distinct, std::uint64_t{1} << 30);
    ASSERT_EQ(once.has_value(), on.bitmaps && on.one_pass);
    if (once) {
        Rows got = download(distinct);
        std::sort(got.begin(), got.end());
        EXPECT_EQ(got, many.expected);
    } else {
        EXPECT_EQ(distinct.size, 0u);
    }

    // A tuple set under bound 2999: a table after 100 tuples, a bitmap after 60,000 more
    // where bitmaps are on (TupleHashSetBecomesBitmap).
    constexpr Cell kLargest = 2999;
    backend_->set_value_bound(kLargest);
    const std::unique_ptr<TupleHashSet> set = sets().make_tuple_hash_set(2);
    std::set<std::vector<Cell>> held;
    ASSERT_NO_FATAL_FAILURE(insert_new_and_check(*set, random_pairs(rng, 100, kLargest + 1, kLargest + 1), 2,
                                                 held, "100 tuples"));
    ASSERT_FALSE(set->is_bitmap());
    ASSERT_NO_FATAL_FAILURE(insert_new_and_check(*set, random_pairs(rng, 60000, kLargest + 1, kLargest + 1),
                                                 2, held, "60,000 tuples"));
    ASSERT_EQ(set->is_bitmap(), on.bitmaps);

    // The one pass into the set, with room for its whole bound.
    const ProjectedJoin join = projected_join(sorted_unique(random_pairs(rng, 2000, kLargest + 1, 300)),
                                              random_pairs(rng, 3000, 300, kLargest + 1));
    Rows expected;
    for (const auto& row : join.expected)
        if (!held.contains(row)) expected.push_back(row);
    ASSERT_GT(expected.size(), 1000u);
    const std::uint64_t total =
        backend_->join_count(join.spec, join.outer, 0, join.outer.size, &join.inner)->total;
    TupleArray out(2);
    const std::optional<std::uint64_t> derived =
        one_pass().join_into_set(join.spec, join.outer, &join.inner, out, *set, std::uint64_t{1} << 30);
    ASSERT_EQ(derived.has_value(), on.bitmaps && on.one_pass);
    if (!derived) {
        ASSERT_EQ(out.size, 0u);
        ASSERT_EQ(set->size(), held.size());
        const std::unique_ptr<JoinCounts> counts =
            backend_->join_count(join.spec, join.outer, 0, join.outer.size, &join.inner);
        EXPECT_EQ(
            sets().join_emit_new(join.spec, join.outer, &join.inner, *counts, 0, join.outer.size, out, *set),
            total);
    } else {
        EXPECT_EQ(*derived, total);
    }
    Rows got = download(out);
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, expected);  // each once: copies would show
    EXPECT_EQ(set->size(), held.size() + expected.size());
}

TEST_P(OperatorsTest, JoinWithoutInnerFiltersAndProjects) {
    TupleArray outer = upload({{1, 1}, {1, 2}, {0xFFFFFFFFu, 0xFFFFFFFFu}}, 2);
    JoinSpec spec;
    spec.outer_arity = 2;
    spec.out_arity = 1;
    spec.out[0] = Operand{OperandKind::Outer, 1, 0};
    spec.outer_filter_count = 1;
    spec.outer_filters[0] =
        Filter{Operand{OperandKind::Outer, 0, 0}, Operand{OperandKind::Outer, 1, 0}, CompareKind::Eq};
    TupleArray out(1);
    backend_->join(spec, outer, nullptr, out);
    Rows got = download(out);
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, (Rows{{1}, {0xFFFFFFFFu}}));
}

TEST_P(OperatorsTest, SignedAndUnsignedComparisons) {
    // -1 (0xFFFFFFFF) < 0 as a signed number, but not as unsigned.
    EXPECT_TRUE(compare_cells(CompareKind::LtSigned, 0xFFFFFFFFu, 0));
    EXPECT_FALSE(compare_cells(CompareKind::LtUnsigned, 0xFFFFFFFFu, 0));
    EXPECT_TRUE(compare_cells(CompareKind::LeUnsigned, 0xFFFFFFFFu, 0xFFFFFFFFu));
}

// On the backends of the test program that links this suite (backends_under_test.hpp).
INSTANTIATE_TEST_SUITE_P(Backends, OperatorsTest, ::testing::ValuesIn(test::backends_under_test()),
                         test::backend_test_name);

}  // namespace
}  // namespace galias::engine
