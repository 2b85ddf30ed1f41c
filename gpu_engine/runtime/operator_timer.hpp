#pragma once
// OperatorTimer: the executor's per-operator times (IterationStats::times).

#include <chrono>

#include "gpu_engine/runtime/backend.hpp"
#include "gpu_engine/runtime/stats.hpp"

namespace galias::engine {

// Times one operator; time spent allocating inside it is booked as Allocation instead.
// A backend may queue work asynchronously, so an operator's device time is only its own
// when the timer waits for it: with statistics on (`--stats`) every operator
// synchronizes; without, nothing is reported per operator and the timer adds no round
// trip (each one is tens of microseconds, and a small analysis runs thousands of
// operators).
class OperatorTimer {
public:
    OperatorTimer(Backend& backend, IterationStats& it, Operator op, bool synchronize)
        : backend_(backend),
          it_(it),
          op_(op),
          synchronize_(synchronize),
          alloc_start_(backend.own_allocation_seconds()),
          start_(std::chrono::steady_clock::now()) {}
    ~OperatorTimer() {
        if (synchronize_) backend_.synchronize();
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        const double alloc = backend_.own_allocation_seconds() - alloc_start_;
        it_.times[op_] += elapsed - alloc;
        it_.times[Operator::Allocation] += alloc;
    }
    OperatorTimer(const OperatorTimer&) = delete;
    OperatorTimer& operator=(const OperatorTimer&) = delete;

private:
    Backend& backend_;
    IterationStats& it_;
    Operator op_;
    bool synchronize_;
    double alloc_start_;
    std::chrono::steady_clock::time_point start_;
};

}  // namespace galias::engine
