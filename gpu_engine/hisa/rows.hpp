#pragma once
// Fixed-arity row views, shared by the host backend (cpu/) and the CUDA backend (cuda/):
// algorithms are instantiated per arity (1..kMaxArity) so row copies and comparisons
// compile to straight-line code. Row<A> is A cells, nothing else (an array of them is a
// TupleArray's row-major cells); the comparisons are host and device functions when
// compiled by nvcc (GALIAS_HD, config.hpp).

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "gpu_engine/hisa/config.hpp"

// `#pragma unroll` for nvcc (host compilers do not know it, and unroll these fixed-trip
// loops on their own).
#if defined(__CUDACC__)
#define GALIAS_UNROLL _Pragma("unroll")
#else
#define GALIAS_UNROLL
#endif

namespace galias::engine {

template <std::uint32_t A>
struct Row {
    Cell c[A];
};

// Lexicographic order and equality of rows (Thrust and CUB take them as RowLess/RowEqual;
// the standard algorithms of the host backend as operator< and operator==).
template <std::uint32_t A>
struct RowLess {
    GALIAS_HD bool operator()(const Row<A>& x, const Row<A>& y) const {
        GALIAS_UNROLL
        for (std::uint32_t i = 0; i < A; ++i)
            if (x.c[i] != y.c[i]) return x.c[i] < y.c[i];
        return false;
    }
};

template <std::uint32_t A>
struct RowEqual {
    GALIAS_HD bool operator()(const Row<A>& x, const Row<A>& y) const {
        GALIAS_UNROLL
        for (std::uint32_t i = 0; i < A; ++i)
            if (x.c[i] != y.c[i]) return false;
        return true;
    }
};

template <std::uint32_t A>
GALIAS_HD bool operator<(const Row<A>& x, const Row<A>& y) {
    return RowLess<A>{}(x, y);
}

template <std::uint32_t A>
GALIAS_HD bool operator==(const Row<A>& x, const Row<A>& y) {
    return RowEqual<A>{}(x, y);
}

template <std::uint32_t A>
inline Row<A>* as_rows(Cell* cells) {
    static_assert(sizeof(Row<A>) == A * sizeof(Cell));
    return reinterpret_cast<Row<A>*>(cells);
}
template <std::uint32_t A>
inline const Row<A>* as_rows(const Cell* cells) {
    static_assert(sizeof(Row<A>) == A * sizeof(Cell));
    return reinterpret_cast<const Row<A>*>(cells);
}

// Calls fn(std::integral_constant<uint32_t, A>{}) for the runtime arity (host code).
template <class Fn>
decltype(auto) dispatch_arity(std::uint32_t arity, Fn&& fn) {
    static_assert(kMaxArity == 8);
    switch (arity) {
        case 1:
            return fn(std::integral_constant<std::uint32_t, 1>{});
        case 2:
            return fn(std::integral_constant<std::uint32_t, 2>{});
        case 3:
            return fn(std::integral_constant<std::uint32_t, 3>{});
        case 4:
            return fn(std::integral_constant<std::uint32_t, 4>{});
        case 5:
            return fn(std::integral_constant<std::uint32_t, 5>{});
        case 6:
            return fn(std::integral_constant<std::uint32_t, 6>{});
        case 7:
            return fn(std::integral_constant<std::uint32_t, 7>{});
        case 8:
            return fn(std::integral_constant<std::uint32_t, 8>{});
        default:
            throw std::invalid_argument("unsupported arity " + std::to_string(arity));
    }
}

}  // namespace galias::engine
