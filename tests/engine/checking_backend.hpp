#pragma once
// A test-only Backend decorator: forwards every operator to a host backend and checks its
// output against its contract (sorted, distinct, sizes, membership) with plain std::
// algorithms. Slow; used to localize a fault to one operator.

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>

#include "gpu_engine/runtime/backend.hpp"

namespace galias::test {

class CheckingBackend final : public engine::Backend {
public:
    explicit CheckingBackend(engine::Backend& inner) : inner_(inner) {
        if (!inner.host_accessible()) throw std::invalid_argument("CheckingBackend needs host memory");
    }
    std::string description() const override { return "checked " + inner_.description(); }
    unsigned threads() const override { return inner_.threads(); }
    std::size_t free_memory() const override { return inner_.free_memory(); }
    std::size_t default_batch_bytes() const override { return inner_.default_batch_bytes(); }
    bool host_accessible() const override { return true; }
    void upload(const engine::Cell* h, std::size_t n, engine::Cell* d) override { inner_.upload(h, n, d); }
    void download(const engine::Cell* s, std::size_t n, engine::Cell* h) override {
        inner_.download(s, n, h);
    }
    void copy(const engine::Cell* s, std::size_t n, engine::Cell* d) override { inner_.copy(s, n, d); }
    void permute(const engine::TupleArray& in, std::span<const std::uint32_t> c,
                 engine::TupleArray& out) override {
        inner_.permute(in, c, out);
    }
    void sort(engine::TupleArray& t) override {
        const auto before = rows(t);
        inner_.sort(t);
        auto expected = before;
        std::sort(expected.begin(), expected.end());
        require(rows(t) == expected, "sort");
    }
    void sort_unique(engine::TupleArray& t) override {
        const auto before = rows(t);
        inner_.sort_unique(t);
        std::set<Row> expected(before.begin(), before.end());
        if (rows(t) != std::vector<Row>(expected.begin(), expected.end())) {
            if (std::FILE* f = std::fopen("/tmp/sort_unique_input.bin", "wb")) {
                for (const Row& r : before) std::fwrite(r.data(), sizeof(engine::Cell), r.size(), f);
                std::fclose(f);
            }
            require(false, "sort_unique (" + std::to_string(before.size()) + " rows of arity " +
                               std::to_string(t.arity) + ", input saved to /tmp/sort_unique_input.bin)");
        }
    }
    void difference(const engine::TupleArray& a, const engine::TupleArray& b,
                    engine::TupleArray& out) override {
        require_sorted_unique(a, "difference input a");
        require_sorted_unique(b, "difference input b");
        inner_.difference(a, b, out);
        const auto x = rows(a), y = rows(b);
        std::vector<Row> expected;
        std::set_difference(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(expected));
        require(rows(out) == expected, "difference");
    }
    void merge(const engine::TupleArray& a, const engine::TupleArray& b, engine::TupleArray& out) override {
        require_sorted_unique(a, "merge input a");
        require_sorted_unique(b, "merge input b");
        inner_.merge(a, b, out);
        const auto x = rows(a), y = rows(b);
        std::vector<Row> expected;
        std::merge(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(expected));
        require(rows(out) == expected, "merge");
        require_sorted_unique(out, "merge output (inputs not disjoint)");
    }
    void build_index(engine::Hisa& h, double lf) override { inner_.build_index(h, lf); }
    std::unique_ptr<engine::JoinCounts> join_count(const engine::JoinSpec& s, const engine::TupleArray& o,
                                                   std::uint64_t b, std::uint64_t e,
                                                   const engine::Hisa* i) override {
        return inner_.join_count(s, o, b, e, i);
    }
    void join_emit(const engine::JoinSpec& s, const engine::TupleArray& o, const engine::Hisa* i,
                   const engine::JoinCounts& c, std::uint64_t from, std::uint64_t to,
                   engine::TupleArray& out) override {
        inner_.join_emit(s, o, i, c, from, to, out);
    }

protected:
    void* raw_allocate(std::size_t bytes) override { return std::malloc(bytes); }
    void raw_release(void* data, std::size_t) override { std::free(data); }

private:
    using Row = std::vector<engine::Cell>;
    static std::vector<Row> rows(const engine::TupleArray& t) {
        std::vector<Row> out;
        for (std::uint64_t i = 0; i < t.size; ++i)
            out.emplace_back(t.data() + i * t.arity, t.data() + (i + 1) * t.arity);
        return out;
    }
    static void require(bool ok, const std::string& what) {
        if (!ok) throw std::logic_error("CheckingBackend: " + what + " broke its contract");
    }
    static void require_sorted_unique(const engine::TupleArray& t, const std::string& what) {
        const auto r = rows(t);
        for (std::size_t i = 1; i < r.size(); ++i) require(r[i - 1] < r[i], what + " not sorted/distinct");
    }
    engine::Backend& inner_;
};

}  // namespace galias::test
