#pragma once
// The description of one join step as plain data, passed by value to host loops and to
// CUDA kernels alike (no function pointers: the per-element code in join_logic.hpp
// interprets it). Produced by the executor from a plan::JoinStep.
//
// A step reads an outer tuple, optionally probes an inner HISA with a key built from outer
// cells and constants, and writes one output tuple per match that passes the filters.

#include "gpu_engine/hisa/config.hpp"

namespace galias::engine {

enum class OperandKind : std::uint8_t { Outer, Inner, Constant };

struct Operand {
    OperandKind kind = OperandKind::Constant;
    std::uint8_t column = 0;  // for Outer / Inner: stored column
    Cell value = 0;           // for Constant
};

// Gt/Ge are rewritten as Lt/Le with swapped operands by the planner.
enum class CompareKind : std::uint8_t { Eq, Ne, LtSigned, LeSigned, LtUnsigned, LeUnsigned };

struct Filter {
    Operand lhs;
    Operand rhs;
    CompareKind op = CompareKind::Eq;
};

struct JoinSpec {
    std::uint8_t outer_arity = 0;
    std::uint8_t inner_arity = 0;  // 0 when there is no inner relation (filter + project)
    std::uint8_t out_arity = 0;
    std::uint8_t key_len = 0;  // inner key columns (a prefix of the inner's stored order)
    bool has_inner = false;
    std::uint8_t outer_filter_count = 0;
    std::uint8_t filter_count = 0;
    Operand key[kMaxArity];             // how to build the probe key from the outer tuple
    Operand out[kMaxArity];             // each output column
    Filter outer_filters[kMaxFilters];  // outer-only conditions, checked before probing
    Filter filters[kMaxFilters];        // conditions on each (outer, inner) match
};

}  // namespace galias::engine
