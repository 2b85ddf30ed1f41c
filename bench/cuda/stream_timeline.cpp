// Stream timeline accounting for the api_profile injection library (stream_timeline.hpp).
#include "stream_timeline.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <unordered_map>
#include <vector>

namespace galias::bench {
namespace {

// What an op is, for the queued times: copies and memsets need no SM (a wait for them
// is not a wait for other streams' blocks), one-block kernels need one SM slot.
enum class OpKind { Copy, Memset, SmallKernel, Kernel };
constexpr const char* kOpKindNames[] = {"copies", "memsets", "kernels of <= 4 blocks", "larger kernels"};

struct Op {  // a kernel, memset or copy as the device ran it
    std::uint32_t stream;
    std::uint32_t correlation;
    std::uint64_t start, end;
    OpKind kind;
};
struct Call {  // the runtime call that submitted an op
    std::uint32_t thread;
    std::uint64_t end;
};

std::vector<Op>& ops() {
    static auto* all = new std::vector<Op>;  // never destroyed: read at exit
    return *all;
}
std::unordered_map<std::uint32_t, Call>& calls() {
    static auto* all = new std::unordered_map<std::uint32_t, Call>;
    return *all;
}
// Returns of cudaStreamSynchronize per thread.
std::map<std::uint32_t, std::vector<std::uint64_t>>& sync_returns() {
    static auto* all = new std::map<std::uint32_t, std::vector<std::uint64_t>>;
    return *all;
}

double seconds(std::uint64_t ns) {
    return static_cast<double>(ns) * 1e-9;
}

}  // namespace

void stream_timeline_enable() {
    cuptiActivityEnable(CUPTI_ACTIVITY_KIND_RUNTIME);
}

void stream_timeline_take(const CUpti_Activity* record) {
    switch (record->kind) {
        case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
            const auto* k = reinterpret_cast<const CUpti_ActivityKernel10*>(record);
            const std::uint64_t blocks = static_cast<std::uint64_t>(k->gridX) * k->gridY * k->gridZ;
            ops().push_back(Op{k->streamId, k->correlationId, k->start, k->end,
                               blocks <= 4 ? OpKind::SmallKernel : OpKind::Kernel});
            break;
        }
        case CUPTI_ACTIVITY_KIND_MEMSET: {
            const auto* m = reinterpret_cast<const CUpti_ActivityMemset4*>(record);
            ops().push_back(Op{m->streamId, m->correlationId, m->start, m->end, OpKind::Memset});
            break;
        }
        case CUPTI_ACTIVITY_KIND_MEMCPY: {
            const auto* m = reinterpret_cast<const CUpti_ActivityMemcpy6*>(record);
            ops().push_back(Op{m->streamId, m->correlationId, m->start, m->end, OpKind::Copy});
            break;
        }
        case CUPTI_ACTIVITY_KIND_RUNTIME: {
            const auto* api = reinterpret_cast<const CUpti_ActivityAPI*>(record);
            if (api->cbid == CUPTI_RUNTIME_TRACE_CBID_cudaStreamSynchronize_v3020)
                sync_returns()[api->threadId].push_back(api->end);
            else
                calls()[api->correlationId] = Call{api->threadId, api->end};
            break;
        }
        default:
            break;
    }
}

void stream_timeline_print() {
    std::map<std::uint32_t, std::vector<Op>> by_stream;
    for (const Op& op : ops()) by_stream[op.stream].push_back(op);
    for (auto& [thread, returns] : sync_returns()) std::sort(returns.begin(), returns.end());
    std::uint64_t life = 0, running = 0, queued = 0, wake = 0, host_after_sync = 0, host_alone = 0;
    std::uint64_t waits = 0, unmatched = 0;
    std::uint64_t queued_by_kind[4] = {}, ops_by_kind[4] = {};
    // Queued behind the stream's previous op (submitted before it ended: the dependency's
    // latency, which programmatic dependent launch can hide) by the kinds of both ops.
    std::uint64_t behind[4][4] = {}, behind_ops[4][4] = {};
    for (auto& [stream, list] : by_stream) {
        std::sort(list.begin(), list.end(), [](const Op& a, const Op& b) { return a.start < b.start; });
        life += list.back().end - list.front().start;
        running += list.front().end - list.front().start;
        std::uint64_t previous_end = list.front().end;
        OpKind last_kind = list.front().kind;
        for (std::size_t i = 1; i < list.size(); ++i) {
            const Op& op = list[i];
            running += op.end - op.start;
            const std::uint64_t queued_before = queued;
            const auto call = calls().find(op.correlation);
            if (call == calls().end()) {
                ++unmatched;
                if (op.start > previous_end) queued += op.start - previous_end;
            } else {
                const std::uint64_t submitted = std::min(call->second.end, op.start);
                if (submitted > previous_end) {
                    // The stream stood empty until the host submitted this op: after a
                    // synchronization's return on that thread, or host work alone.
                    const std::vector<std::uint64_t>& returns = sync_returns()[call->second.thread];
                    auto after = std::upper_bound(returns.begin(), returns.end(), submitted);
                    if (after != returns.begin() && *std::prev(after) >= previous_end) {
                        const std::uint64_t returned = *std::prev(after);
                        wake += returned - previous_end;
                        host_after_sync += submitted - returned;
                        ++waits;
                    } else {
                        host_alone += submitted - previous_end;
                    }
                    queued += op.start - submitted;
                } else if (op.start > previous_end) {
                    queued += op.start - previous_end;
                    behind[static_cast<int>(last_kind)][static_cast<int>(op.kind)] += op.start - previous_end;
                    ++behind_ops[static_cast<int>(last_kind)][static_cast<int>(op.kind)];
                }
            }
            queued_by_kind[static_cast<int>(op.kind)] += queued - queued_before;
            ++ops_by_kind[static_cast<int>(op.kind)];
            if (op.end >= previous_end) last_kind = op.kind;
            previous_end = std::max(previous_end, op.end);
        }
    }
    if (life == 0) return;
    auto share = [&](std::uint64_t ns) {
        return 100.0 * static_cast<double>(ns) / static_cast<double>(life);
    };
    std::fprintf(
        stderr,
        "stream timeline: %zu streams, lives summed %.3f s: running %.1f %%, queued %.1f %%, "
        "sync wake-up %.1f %% (%llu, %.1f us each), host after the sync %.1f %%, host without a sync %.1f %%",
        by_stream.size(), seconds(life), share(running), share(queued), share(wake),
        static_cast<unsigned long long>(waits),
        waits ? static_cast<double>(wake) * 1e-3 / static_cast<double>(waits) : 0.0, share(host_after_sync),
        share(host_alone));
    if (unmatched)
        std::fprintf(stderr, " (%llu ops without their call)", static_cast<unsigned long long>(unmatched));
    std::fprintf(stderr, "\n");
    for (int k = 0; k < 4; ++k)
        if (ops_by_kind[k] != 0)
            std::fprintf(stderr, "stream timeline: queued %s: %.3f s over %llu, %.2f us each\n",
                         kOpKindNames[k], seconds(queued_by_kind[k]),
                         static_cast<unsigned long long>(ops_by_kind[k]),
                         static_cast<double>(queued_by_kind[k]) * 1e-3 / static_cast<double>(ops_by_kind[k]));
    for (int a = 0; a < 4; ++a)
        for (int b = 0; b < 4; ++b)
            if (behind_ops[a][b] != 0)
                std::fprintf(
                    stderr,
                    "stream timeline: queued behind the previous op, %s after %s: %.3f s over %llu, %.2f us "
                    "each\n",
                    kOpKindNames[b], kOpKindNames[a], seconds(behind[a][b]),
                    static_cast<unsigned long long>(behind_ops[a][b]),
                    static_cast<double>(behind[a][b]) * 1e-3 / static_cast<double>(behind_ops[a][b]));
}

}  // namespace galias::bench
