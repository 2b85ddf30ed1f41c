#include "gpu_engine/cpu/cpu_backend.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <type_traits>

#include "gpu_engine/cpu/distinct_set.hpp"
#include "gpu_engine/cpu/host_block_cache.hpp"
#include "gpu_engine/cpu/host_memory.hpp"
#include "gpu_engine/cpu/parallel.hpp"
#include "gpu_engine/cpu/radix_sort.hpp"
#include "gpu_engine/hisa/join_logic.hpp"
#include "gpu_engine/hisa/key_table.hpp"
#include "gpu_engine/hisa/rows.hpp"
#include "gpu_engine/hisa/tuple_ops.hpp"

namespace galias::engine::cpu {

namespace {

unsigned resolve_threads(unsigned requested) {
    if (requested != 0) return requested;
    const unsigned hardware = std::thread::hardware_concurrency();
    return hardware == 0 ? 1 : hardware;
}

constexpr std::size_t kHugePage = std::size_t{2} << 20;
// Allocations from this size on are checked against the memory available (fits_in_memory).
constexpr std::size_t kCheckedAllocation = std::size_t{64} << 20;

}  // namespace

CpuBackend::CpuBackend(unsigned threads, sched::SchedMode sched, std::size_t memory_limit_bytes)
    : threads_(resolve_threads(threads)),
      sched_(sched),
      limit_without_cache_(memory_limit_bytes),
      limit_given_(memory_limit_bytes != 0),
      parallelism_(std::make_unique<tbb::global_control>(
          tbb::global_control::max_allowed_parallelism,
          std::max<std::size_t>(
              threads_, tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism)))),
      arena_(static_cast<int>(threads_)),
      // Up to 1 GiB of freed large buffers, and never more than an eighth of the memory
      // available when the run starts.
      blocks_(std::make_unique<HostBlockCache>(std::min(std::size_t{1} << 30, system_available() / 8))),
      block_cache_budget_(blocks_->budget()) {
    if (!limit_given_) limit_without_cache_ = system_available();
    keep_freed_buffers(true);
}

CpuBackend::~CpuBackend() = default;

// Kept blocks are resident memory: on SG CA-HepTH with --no-ebm they raised the peak from
// 1.4 to 2.0 GB for no measurable time (docs/BENCHMARKS.md, CPU backend on this machine).
BackendCapabilities CpuBackend::capabilities() {
    BackendCapabilities capabilities;
    if (sched_ != sched::SchedMode::kOff) capabilities.lanes = this;
    capabilities.scheduling = this;
    capabilities.in_place_merge = this;
    capabilities.tuple_sets = this;
    capabilities.one_pass_join = this;
    capabilities.memory_pressure = this;
    return capabilities;
}

void CpuBackend::keep_freed_buffers(bool keep) {
    blocks_->set_budget(keep ? block_cache_budget_ : 0);
    // A limit of its own leaves room for kept blocks (which no buffer counts) only while
    // the cache may hold some.
    const std::size_t share = keep && !limit_given_ ? std::min(limit_without_cache_, block_cache_budget_) : 0;
    memory_limit_ = limit_without_cache_ - share;
}

void CpuBackend::on_memory_pressure(std::function<void()> relieve) {
    std::lock_guard lock(pressure_mutex_);
    relieve_ = std::move(relieve);
}

std::string CpuBackend::description() const {
    return "cpu (" + std::to_string(threads_) + (threads_ == 1 ? " thread)" : " threads)");
}

std::size_t CpuBackend::system_available() {
    return host_memory_available();
}

// What the engine may still allocate: the memory available now, and no more than the
// limit less every buffer held (EBM sizes its merge targets from this too).
std::size_t CpuBackend::free_memory() const {
    const std::size_t held = memory().current_bytes;
    const std::size_t limit = memory_limit_;
    const std::size_t under_limit = held < limit ? limit - held : 0;
    return std::min(system_available(), under_limit);
}

// Linux overcommits: an allocation the machine cannot back succeeds, and the process is
// killed when it touches the pages. So a large allocation is refused, and the engine
// reports "not enough memory" with the sizes involved, when it exceeds the memory
// available now, or when it and every buffer the engine already holds would exceed the
// limit: buffers are reserved with room to grow (capacity beyond size, merge targets), and
// those untouched pages do not show in MemAvailable until they are written, so a run
// checked against the available memory alone can pass each check and still meet the OOM
// killer.
bool CpuBackend::fits_in_memory(std::size_t bytes) const {
    return bytes < kCheckedAllocation || bytes <= free_memory();
}

// With EBM on, much of what the engine holds is kept only for speed: spare merge buffers,
// freed blocks. Before an allocation is refused, that is given back (the blocks here, the
// buffers by `relieve_`), so that a run meeting the limit goes on in the memory-lean mode
// rather than failing and starting over in it.
void CpuBackend::make_room() {
    std::lock_guard lock(pressure_mutex_);
    keep_freed_buffers(false);
    if (relieve_) relieve_();
}

bool CpuBackend::fits_after_making_room(std::size_t bytes) {
    if (fits_in_memory(bytes)) return true;
    make_room();
    return fits_in_memory(bytes);
}

// Large buffers come from the block cache: 2 MiB aligned and marked for transparent huge
// pages (fewer page faults and TLB misses), and reused rather than faulted in anew.
void* CpuBackend::allocate_block(std::size_t bytes) {
    return bytes >= kHugePage ? blocks_->allocate(bytes) : std::malloc(bytes);
}

void* CpuBackend::raw_allocate(std::size_t bytes) {
    if (!fits_after_making_room(bytes)) return nullptr;
    void* data = allocate_block(bytes);
    if (data == nullptr) {  // the system refused (RLIMIT_AS counts a block's whole size class)
        make_room();
        data = allocate_block(bytes);
    }
    return data;
}

void CpuBackend::raw_release(void* data, std::size_t bytes) {
    if (bytes >= kHugePage)
        blocks_->release(data, bytes);
    else
        std::free(data);
}

void* CpuBackend::raw_reallocate(void* data, std::size_t old_bytes, std::size_t new_bytes) {
    if (new_bytes > old_bytes && !fits_after_making_room(new_bytes - old_bytes)) return nullptr;
    // Large blocks keep their size class, so that the cache can hand them out again.
    const std::size_t size = new_bytes >= kHugePage ? HostBlockCache::size_class(new_bytes) : new_bytes;
    void* grown = std::realloc(data, size);
    if (grown == nullptr) {  // `data` is still there
        make_room();
        grown = std::realloc(data, size);
    }
    return grown;
}

void CpuBackend::parallel_copy(const Cell* src, std::size_t cells, Cell* dst) {
    const Chunking chunking(cells, threads_, 1 << 18, 1);
    parallel([&] {
        for_each_chunk(chunking, [&](std::uint64_t, std::uint64_t begin, std::uint64_t end) {
            std::memcpy(dst + begin, src + begin, (end - begin) * sizeof(Cell));
        });
    });
}

void CpuBackend::upload(const Cell* host, std::size_t cells, Cell* dst) {
    parallel_copy(host, cells, dst);
}
void CpuBackend::download(const Cell* src, std::size_t cells, Cell* host) {
    parallel_copy(src, cells, host);
}
void CpuBackend::copy(const Cell* src, std::size_t cells, Cell* dst) {
    parallel_copy(src, cells, dst);
}

void CpuBackend::permute(const TupleArray& in, std::span<const std::uint32_t> columns, TupleArray& out) {
    const auto out_arity = static_cast<std::uint32_t>(columns.size());
    out = make_array(out_arity, in.size);
    out.size = in.size;
    const Cell* src = in.data();
    Cell* dst = out.data();
    const std::uint32_t in_arity = in.arity;
    const Chunking chunking(in.size, threads_, 1 << 14, 1);
    parallel([&] {
        for_each_chunk(chunking, [&](std::uint64_t, std::uint64_t begin, std::uint64_t end) {
            for (std::uint64_t i = begin; i < end; ++i)
                for (std::uint32_t c = 0; c < out_arity; ++c)
                    dst[i * out_arity + c] = src[i * in_arity + columns[c]];
        });
    });
}

void CpuBackend::sort(TupleArray& tuples) {
    if (tuples.size < 2) return;
    TupleArray scratch = make_array(tuples.arity, tuples.size);
    bool in_scratch = false;
    parallel([&] {
        dispatch_arity(tuples.arity, [&]<std::uint32_t A>(std::integral_constant<std::uint32_t, A>) {
            Row<A>* result =
                radix_sort<A>(as_rows<A>(tuples.data()), as_rows<A>(scratch.data()), tuples.size, threads_);
            in_scratch = result != as_rows<A>(tuples.data());
        });
    });
    if (in_scratch) {
        scratch.size = tuples.size;
        tuples = std::move(scratch);
    }
}

namespace {

// Compacts the sorted rows of `src` into `dst`, dropping repeats; returns the count.
template <std::uint32_t A>
std::uint64_t unique_rows(const Row<A>* src, std::uint64_t n, Row<A>* dst, unsigned threads) {
    const Chunking chunking(n, threads);
    std::vector<std::uint64_t> counts(chunking.chunks);
    for_each_chunk(chunking, [&](std::uint64_t chunk, std::uint64_t begin, std::uint64_t end) {
        std::uint64_t count = 0;
        for (std::uint64_t i = begin; i < end; ++i) count += (i == 0 || !(src[i] == src[i - 1])) ? 1 : 0;
        counts[chunk] = count;
    });
    const std::uint64_t total = exclusive_scan(counts);
    for_each_chunk(chunking, [&](std::uint64_t chunk, std::uint64_t begin, std::uint64_t end) {
        Row<A>* out = dst + counts[chunk];
        for (std::uint64_t i = begin; i < end; ++i)
            if (i == 0 || !(src[i] == src[i - 1])) *out++ = src[i];
    });
    return total;
}

// First position in sorted b[lo, n) not less than x, searched forward from lo by
// doubling steps then bisection (cheap when consecutive probes are close together).
template <std::uint32_t A>
std::uint64_t gallop_lower_bound(const Row<A>* b, std::uint64_t lo, std::uint64_t n, const Row<A>& x) {
    std::uint64_t step = 1;
    std::uint64_t hi = lo;
    while (hi < n && b[hi] < x) {
        lo = hi + 1;
        hi += step;
        step *= 2;
    }
    hi = std::min(hi, n);
    return static_cast<std::uint64_t>(std::lower_bound(b + lo, b + hi, x) - b);
}

}  // namespace

// The hash pre-filter pays only while its set stays in cache: 2^17 keys fill a table of
// 2^18 slots (2 MiB). A part with more distinct tuples goes to the radix sort, whose
// buckets are sorted in cache after one scatter through memory (see radix_sort.hpp).
constexpr std::uint64_t kMostHashedKeys = std::uint64_t{1} << 17;

// Hash pre-filter for one- and two-column batches with many duplicates: each thread
// collects the distinct tuples of its part in a DistinctSet; when a part turns out to be
// mostly distinct (fewer than 4 copies per tuple) or has more distinct tuples than the
// cache holds, hashing cannot pay and the batch goes to the radix sort unchanged.
// Otherwise the (much smaller) distinct tuples replace the batch and are sorted.
bool CpuBackend::remove_duplicates_by_hashing(TupleArray& tuples) {
    const std::uint64_t n = tuples.size;
    const std::uint32_t arity = tuples.arity;
    if (arity > 2 || n < (std::uint64_t{1} << 16)) return false;
    const Cell* rows = tuples.data();
    const Chunking parts(n, threads_, 1 << 16, 1);
    std::vector<DistinctSet> sets = take_distinct_sets(parts.chunks);
    std::atomic<bool> give_up{false};
    parallel([&] {
        for_each_chunk(parts, [&](std::uint64_t part, std::uint64_t begin, std::uint64_t end) {
            DistinctSet& set = sets[part];
            const std::uint64_t limit =
                std::min<std::uint64_t>(std::max<std::uint64_t>((end - begin) / 4, 1 << 12), kMostHashedKeys);
            for (std::uint64_t i = begin; i < end; ++i) {
                const std::uint64_t key = pack_key(rows[arity * i], arity == 2 ? rows[2 * i + 1] : 0, arity);
                if (set.insert(key) && set.size() > limit) {
                    give_up = true;
                    return;
                }
                if ((i & 0xFFFF) == 0 && give_up) return;
            }
        });
    });
    if (give_up) {
        give_back_distinct_sets(std::move(sets));
        return false;
    }
    std::vector<std::uint64_t> offsets(parts.chunks);
    for (std::uint64_t p = 0; p < parts.chunks; ++p) offsets[p] = sets[p].size();
    const std::uint64_t total = exclusive_scan(offsets);
    TupleArray distinct = make_array(arity, total);
    distinct.size = total;
    Cell* out = distinct.data();
    parallel([&] {
        tbb::parallel_for(std::uint64_t{0}, parts.chunks, [&](std::uint64_t p) {
            std::uint64_t w = offsets[p];
            sets[p].for_each([&](std::uint64_t key) {
                if (arity == 2) {
                    out[2 * w] = static_cast<Cell>(key >> 32);
                    out[2 * w + 1] = static_cast<Cell>(key);
                } else {
                    out[w] = static_cast<Cell>(key);
                }
                ++w;
            });
        });
    });
    give_back_distinct_sets(std::move(sets));
    tuples = std::move(distinct);
    return true;
}

std::vector<DistinctSet> CpuBackend::take_distinct_sets(std::size_t count) {
    std::vector<DistinctSet> sets;
    {
        std::lock_guard lock(distinct_sets_mutex_);
        if (!spare_distinct_sets_.empty()) {
            sets = std::move(spare_distinct_sets_.back());
            spare_distinct_sets_.pop_back();
        }
    }
    sets.resize(count);
    return sets;
}

void CpuBackend::give_back_distinct_sets(std::vector<DistinctSet> sets) {
    for (DistinctSet& set : sets) set.clear();
    std::lock_guard lock(distinct_sets_mutex_);
    spare_distinct_sets_.push_back(std::move(sets));
}

void CpuBackend::sort_unique(TupleArray& tuples) {
    if (tuples.size < 2) return;
    if (sort_unique_through_bitmap(tuples)) return;
    remove_duplicates_by_hashing(tuples);  // leaves distinct tuples (still unsorted) when it pays
    // The radix sort ping-pongs between the rows and one scratch buffer; the unique pass
    // then writes into whichever of the two the sorted rows are not in.
    TupleArray scratch = make_array(tuples.arity, tuples.size);
    bool result_in_scratch = false;
    parallel([&] {
        dispatch_arity(tuples.arity, [&]<std::uint32_t A>(std::integral_constant<std::uint32_t, A>) {
            Row<A>* rows = as_rows<A>(tuples.data());
            Row<A>* spare = as_rows<A>(scratch.data());
            Row<A>* sorted = radix_sort<A>(rows, spare, tuples.size, threads_);
            Row<A>* target = sorted == rows ? spare : rows;
            const std::uint64_t count = unique_rows<A>(sorted, tuples.size, target, threads_);
            result_in_scratch = target == spare;
            tuples.size = count;
            scratch.size = count;
        });
    });
    if (result_in_scratch) tuples = std::move(scratch);
}

void CpuBackend::difference(const TupleArray& a, const TupleArray& b, TupleArray& out) {
    out = make_array(a.arity, a.size);
    if (a.size == 0) return;
    // Survivors are staged at their chunk's own offset, then compacted into `out`.
    TupleArray staged = make_array(a.arity, a.size);
    const Chunking chunking(a.size, threads_);
    std::vector<std::uint64_t> counts(chunking.chunks);
    parallel([&] {
        dispatch_arity(a.arity, [&]<std::uint32_t A>(std::integral_constant<std::uint32_t, A>) {
            const Row<A>* x = as_rows<A>(a.data());
            const Row<A>* y = as_rows<A>(b.data());
            Row<A>* stage = as_rows<A>(staged.data());
            for_each_chunk(chunking, [&](std::uint64_t chunk, std::uint64_t begin, std::uint64_t end) {
                std::uint64_t cursor =
                    begin == end ? 0
                                 : static_cast<std::uint64_t>(std::lower_bound(y, y + b.size, x[begin]) - y);
                Row<A>* w = stage + begin;
                for (std::uint64_t i = begin; i < end; ++i) {
                    if (i != 0 && x[i] == x[i - 1]) continue;
                    cursor = gallop_lower_bound<A>(y, cursor, b.size, x[i]);
                    if (cursor < b.size && y[cursor] == x[i]) continue;
                    *w++ = x[i];
                }
                counts[chunk] = static_cast<std::uint64_t>(w - (stage + begin));
            });
            std::vector<std::uint64_t> offsets = counts;
            out.size = exclusive_scan(offsets);
            Row<A>* dst = as_rows<A>(out.data());
            for_each_chunk(chunking, [&](std::uint64_t chunk, std::uint64_t begin, std::uint64_t) {
                std::copy(stage + begin, stage + begin + counts[chunk], dst + offsets[chunk]);
            });
        });
    });
}

void CpuBackend::merge(const TupleArray& a, const TupleArray& b, TupleArray& out) {
    const std::uint64_t total = a.size + b.size;
    if (out.capacity() < total) throw std::logic_error("merge: output buffer too small");
    out.arity = a.arity;
    out.size = total;
    if (total == 0) return;
    const Chunking chunking(total, threads_, 1 << 16, 4);
    parallel([&] {
        dispatch_arity(a.arity, [&]<std::uint32_t A>(std::integral_constant<std::uint32_t, A>) {
            const Row<A>* x = as_rows<A>(a.data());
            const Row<A>* y = as_rows<A>(b.data());
            Row<A>* dst = as_rows<A>(out.data());
            const std::uint64_t na = a.size, nb = b.size;
            // Merge path: the split of output position d between a and b.
            auto split = [&](std::uint64_t d) {
                std::uint64_t lo = d > nb ? d - nb : 0;
                std::uint64_t hi = std::min(d, na);
                while (lo < hi) {
                    const std::uint64_t mid = (lo + hi) / 2;
                    if (x[mid] < y[d - mid - 1])
                        lo = mid + 1;
                    else
                        hi = mid;
                }
                return lo;
            };
            for_each_chunk(chunking, [&](std::uint64_t, std::uint64_t begin, std::uint64_t end) {
                std::uint64_t i = split(begin), j = begin - i;
                const std::uint64_t i_end = split(end), j_end = end - i_end;
                Row<A>* w = dst + begin;
                while (i < i_end && j < j_end) *w++ = (y[j] < x[i]) ? y[j++] : x[i++];
                w = std::copy(x + i, x + i_end, w);
                std::copy(y + j, y + j_end, w);
            });
        });
    });
}

// Backward merge: the largest remaining tuple of full or delta goes to the end of the
// grown buffer, so nothing is overwritten before it is read and no second buffer is needed.
// Stops as soon as delta is exhausted: the rest of full is already in place.
bool CpuBackend::merge_in_place(TupleArray& full, const TupleArray& delta, std::uint64_t capacity) {
    const std::uint64_t total = full.size + delta.size;
    if (full.capacity() < total) {
        reallocate(full.buffer, std::max(capacity, total) * full.arity * sizeof(Cell));
    }
    dispatch_arity(full.arity, [&]<std::uint32_t A>(std::integral_constant<std::uint32_t, A>) {
        Row<A>* f = as_rows<A>(full.data());
        const Row<A>* d = as_rows<A>(delta.data());
        std::uint64_t i = full.size, j = delta.size, w = total;
        while (j > 0) {
            if (i > 0 && d[j - 1] < f[i - 1])
                f[--w] = f[--i];
            else
                f[--w] = d[--j];
        }
    });
    full.size = total;
    return true;
}

void CpuBackend::build_index(Hisa& hisa, double load_factor) {
    const std::uint64_t n = hisa.data.size;
    const std::uint32_t arity = hisa.data.arity;
    const std::uint32_t key_len = hisa.key_len;
    hisa.drop_index();
    if (key_len == 0 || n == 0) return;
    if (n >= kEmptySlot)
        throw std::length_error("relation of " + std::to_string(n) +
                                " tuples is too large for a 32-bit index");
    const Cell* data = hisa.data.data();
    const Chunking chunking(n, threads_);
    std::vector<std::uint64_t> counts(chunking.chunks);
    parallel([&] {
        for_each_chunk(chunking, [&](std::uint64_t chunk, std::uint64_t begin, std::uint64_t end) {
            std::uint64_t runs = 0;
            for (std::uint64_t i = begin; i < end; ++i)
                runs += starts_key_run(data, i, arity, key_len) ? 1 : 0;
            counts[chunk] = runs;
        });
    });
    std::uint64_t keys = 0;
    for (std::uint64_t c : counts) keys += c;
    hisa.slot_count = index_capacity(keys, load_factor);
    hisa.slots = allocate(hisa.slot_count * sizeof(IndexSlot));
    auto* slots = static_cast<IndexSlot*>(hisa.slots.get());
    const std::uint64_t slot_count = hisa.slot_count;
    parallel([&] {
        const Chunking fill(slot_count, threads_);
        for_each_chunk(fill, [&](std::uint64_t, std::uint64_t begin, std::uint64_t end) {
            std::memset(static_cast<void*>(slots + begin), 0xFF, (end - begin) * sizeof(IndexSlot));
        });
        auto cas = [](std::uint32_t* address, std::uint32_t expected, std::uint32_t desired) {
            std::atomic_ref<std::uint32_t>(*address).compare_exchange_strong(expected, desired);
            return expected;
        };
        for_each_chunk(chunking, [&](std::uint64_t, std::uint64_t begin, std::uint64_t end) {
            for (std::uint64_t i = begin; i < end; ++i)
                insert_run_starting_at(slots, slot_count, data, i, n, arity, key_len, cas);
        });
    });
}

namespace {

// Per-chunk output counts: chunk c covers outer tuples [bounds[c], bounds[c+1]) and
// its output starts at prefix[c] (relative to the counted range).
class CpuJoinCounts final : public JoinCounts {
public:
    static constexpr std::uint64_t kChunk = 512;  // slicing granularity, in outer tuples

    std::vector<std::uint64_t> prefix;

    [[nodiscard]] std::uint64_t chunks() const { return prefix.size() - 1; }
    [[nodiscard]] std::uint64_t bound(std::uint64_t c) const { return std::min(end, begin + c * kChunk); }
    [[nodiscard]] std::uint64_t chunk_of(std::uint64_t position) const {
        return (position - begin + kChunk - 1) / kChunk;
    }

    [[nodiscard]] std::uint64_t split(std::uint64_t from, std::uint64_t budget) const override {
        const std::uint64_t c0 = chunk_of(from);
        // Last chunk boundary whose output since `from` still fits the budget.
        auto it = std::upper_bound(prefix.begin() + static_cast<std::ptrdiff_t>(c0), prefix.end(),
                                   prefix[c0] + budget);
        std::uint64_t c1 = static_cast<std::uint64_t>(it - prefix.begin()) - 1;
        if (c1 <= c0) c1 = c0 + 1;
        return bound(c1);
    }
};

}  // namespace

std::unique_ptr<JoinCounts> CpuBackend::join_count(const JoinSpec& spec, const TupleArray& outer,
                                                   std::uint64_t begin, std::uint64_t end,
                                                   const Hisa* inner) {
    auto counts = std::make_unique<CpuJoinCounts>();
    counts->begin = begin;
    counts->end = end;
    const std::uint64_t chunks = (end - begin + CpuJoinCounts::kChunk - 1) / CpuJoinCounts::kChunk;
    counts->prefix.assign(chunks + 1, 0);
    const HisaRef inner_ref = inner != nullptr ? inner->ref() : HisaRef{};
    if (end == begin || (spec.has_inner && inner_ref.size == 0)) return counts;
    const Cell* outer_data = outer.data();
    const std::uint32_t outer_arity = outer.arity;
    CpuJoinCounts& c = *counts;
    parallel([&] {
        tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, chunks, 8),
                          [&](const tbb::blocked_range<std::uint64_t>& r) {
                              for (std::uint64_t chunk = r.begin(); chunk != r.end(); ++chunk) {
                                  std::uint64_t count = 0;
                                  for (std::uint64_t i = c.bound(chunk); i < c.bound(chunk + 1); ++i)
                                      count += count_matches(spec, inner_ref, outer_data + i * outer_arity);
                                  c.prefix[chunk] = count;
                              }
                          });
    });
    std::vector<std::uint64_t>& prefix = c.prefix;
    std::uint64_t sum = 0;
    for (std::uint64_t& v : prefix) {
        const std::uint64_t x = v;
        v = sum;
        sum += x;
    }
    c.total = sum;
    return counts;
}

void CpuBackend::join_emit(const JoinSpec& spec, const TupleArray& outer, const Hisa* inner,
                           const JoinCounts& counts, std::uint64_t from, std::uint64_t to, TupleArray& out) {
    const auto& c = static_cast<const CpuJoinCounts&>(counts);
    const std::uint64_t c_from = c.chunk_of(from), c_to = c.chunk_of(to);
    const std::uint64_t produced = c.prefix[c_to] - c.prefix[c_from];
    if (produced == 0) return;
    const HisaRef inner_ref = inner != nullptr ? inner->ref() : HisaRef{};
    const std::uint64_t base = out.size;
    reserve(out, base + produced);
    Cell* dst = out.data() + base * spec.out_arity;
    const Cell* outer_data = outer.data();
    const std::uint32_t outer_arity = outer.arity;
    parallel([&] {
        tbb::parallel_for(tbb::blocked_range<std::uint64_t>(c_from, c_to, 8),
                          [&](const tbb::blocked_range<std::uint64_t>& r) {
                              for (std::uint64_t chunk = r.begin(); chunk != r.end(); ++chunk) {
                                  Cell* w = dst + (c.prefix[chunk] - c.prefix[c_from]) * spec.out_arity;
                                  for (std::uint64_t i = c.bound(chunk); i < c.bound(chunk + 1); ++i)
                                      w += emit_matches(spec, inner_ref, outer_data + i * outer_arity, w) *
                                           spec.out_arity;
                              }
                          });
    });
    out.size = base + produced;
}

}  // namespace galias::engine::cpu
