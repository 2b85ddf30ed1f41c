#pragma once
// A test-only Backend whose operators are a CPU backend's and whose memory is the test's:
// subclasses simulate a device or host (what allocation gives, how much memory is free,
// which capabilities there are) while every operator computes as the CPU backend does.

#include <memory>
#include <span>

#include "gpu_engine/cpu/cpu_backend.hpp"
#include "gpu_engine/runtime/backend.hpp"

namespace galias::engine {

class CpuOperatorsBackend : public Backend {
public:
    explicit CpuOperatorsBackend(sched::SchedMode mode = sched::SchedMode::kOff) : inner_(2, mode) {}

    unsigned threads() const override { return inner_.threads(); }
    std::size_t default_batch_bytes() const override { return inner_.default_batch_bytes(); }
    void upload(const Cell* h, std::size_t n, Cell* d) override { inner_.upload(h, n, d); }
    void download(const Cell* s, std::size_t n, Cell* h) override { inner_.download(s, n, h); }
    void copy(const Cell* s, std::size_t n, Cell* d) override { inner_.copy(s, n, d); }
    void permute(const TupleArray& in, std::span<const std::uint32_t> c, TupleArray& out) override {
        inner_.permute(in, c, out);
    }
    void sort(TupleArray& t) override { inner_.sort(t); }
    void sort_unique(TupleArray& t) override { inner_.sort_unique(t); }
    void difference(const TupleArray& a, const TupleArray& b, TupleArray& out) override {
        inner_.difference(a, b, out);
    }
    void merge(const TupleArray& a, const TupleArray& b, TupleArray& out) override {
        inner_.merge(a, b, out);
    }
    void build_index(Hisa& h, double lf) override { inner_.build_index(h, lf); }
    std::unique_ptr<JoinCounts> join_count(const JoinSpec& s, const TupleArray& o, std::uint64_t b,
                                           std::uint64_t e, const Hisa* i) override {
        return inner_.join_count(s, o, b, e, i);
    }
    void join_emit(const JoinSpec& s, const TupleArray& o, const Hisa* i, const JoinCounts& c,
                   std::uint64_t from, std::uint64_t to, TupleArray& out) override {
        inner_.join_emit(s, o, i, c, from, to, out);
    }

private:
    cpu::CpuBackend inner_;
};

}  // namespace galias::engine
