#pragma once
// Per-element logic of a join step, written once for both backends: the host backend calls
// it from its worker threads, the CUDA backend from its kernels (one outer tuple per thread).
// A join is two passes over the outer tuples: count_matches() sizes each tuple's output,
// an exclusive scan turns counts into offsets, emit_matches() writes into the exactly-sized
// buffer.

#include "gpu_engine/hisa/hisa_ref.hpp"
#include "gpu_engine/hisa/join_spec.hpp"

namespace galias::engine {

GALIAS_HD Cell operand_value(const Operand& operand, const Cell* outer, const Cell* inner) {
    switch (operand.kind) {
        case OperandKind::Outer:
            return outer[operand.column];
        case OperandKind::Inner:
            return inner[operand.column];
        default:
            return operand.value;
    }
}

GALIAS_HD bool compare_cells(CompareKind op, Cell a, Cell b) {
    switch (op) {
        case CompareKind::Eq:
            return a == b;
        case CompareKind::Ne:
            return a != b;
        case CompareKind::LtSigned:
            return static_cast<std::int32_t>(a) < static_cast<std::int32_t>(b);
        case CompareKind::LeSigned:
            return static_cast<std::int32_t>(a) <= static_cast<std::int32_t>(b);
        case CompareKind::LtUnsigned:
            return a < b;
        case CompareKind::LeUnsigned:
            return a <= b;
    }
    return false;
}

GALIAS_HD bool passes(const Filter* filters, std::uint32_t count, const Cell* outer, const Cell* inner) {
    for (std::uint32_t i = 0; i < count; ++i) {
        const Filter& f = filters[i];
        if (!compare_cells(f.op, operand_value(f.lhs, outer, inner), operand_value(f.rhs, outer, inner)))
            return false;
    }
    return true;
}

// The inner range an outer tuple joins with; empty when the outer tuple is filtered out.
// A step without an inner relation yields a one-element pseudo-range for passing tuples.
GALIAS_HD Range probe(const JoinSpec& spec, const HisaRef& inner, const Cell* outer) {
    if (!passes(spec.outer_filters, spec.outer_filter_count, outer, nullptr)) return Range{};
    if (!spec.has_inner) return Range{0, 1};
    if (spec.key_len == 1) return inner.find_one(operand_value(spec.key[0], outer, nullptr));
    Cell key[kMaxArity];
    for (std::uint32_t k = 0; k < spec.key_len; ++k) key[k] = operand_value(spec.key[k], outer, nullptr);
    return inner.find(key);
}

// Pass 1: how many output tuples this outer tuple produces.
GALIAS_HD std::uint64_t count_matches(const JoinSpec& spec, const HisaRef& inner, const Cell* outer) {
    const Range range = probe(spec, inner, outer);
    if (range.count == 0 || spec.filter_count == 0 || !spec.has_inner) return range.count;
    std::uint64_t n = 0;
    for (std::uint64_t i = 0; i < range.count; ++i)
        n += passes(spec.filters, spec.filter_count, outer, inner.row(range.begin + i)) ? 1 : 0;
    return n;
}

GALIAS_HD void write_output(const JoinSpec& spec, const Cell* outer, const Cell* inner, Cell* out) {
    for (std::uint32_t c = 0; c < spec.out_arity; ++c) out[c] = operand_value(spec.out[c], outer, inner);
}

// Calls match(outer, inner_row) for each inner tuple this outer tuple joins with and
// that passes the step's filters (inner_row null for a step without an inner relation).
template <class Match>
GALIAS_HD void for_each_match(const JoinSpec& spec, const HisaRef& inner, const Cell* outer, Match&& match) {
    const Range range = probe(spec, inner, outer);
    if (range.count == 0) return;
    if (!spec.has_inner) {
        match(outer, static_cast<const Cell*>(nullptr));
        return;
    }
    for (std::uint64_t i = 0; i < range.count; ++i) {
        const Cell* inner_row = inner.row(range.begin + i);
        if (spec.filter_count != 0 && !passes(spec.filters, spec.filter_count, outer, inner_row)) continue;
        match(outer, inner_row);
    }
}

// Pass 2: writes this outer tuple's output tuples at `out`; returns how many it wrote
// (always what count_matches returned).
GALIAS_HD std::uint64_t emit_matches(const JoinSpec& spec, const HisaRef& inner, const Cell* outer,
                                     Cell* out) {
    std::uint64_t n = 0;
    for_each_match(spec, inner, outer, [&](const Cell* outer_row, const Cell* inner_row) {
        write_output(spec, outer_row, inner_row, out + n * spec.out_arity);
        ++n;
    });
    return n;
}

}  // namespace galias::engine
