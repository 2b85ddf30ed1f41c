#pragma once
// Shared by host and device code: the cell type, limits, and the macro that makes a
// function callable from both the host backend and CUDA kernels.

#include <cstddef>
#include <cstdint>

#if defined(__CUDACC__)
#define GALIAS_HD __host__ __device__ __forceinline__
#else
#define GALIAS_HD inline
#endif

namespace galias::engine {

using Cell = std::uint32_t;  // every column is 32 bits (number, unsigned, symbol id)
static_assert(sizeof(Cell) == 4);

inline constexpr std::uint32_t kMaxArity = 8;    // columns per relation or intermediate
inline constexpr std::uint32_t kMaxFilters = 8;  // comparisons evaluated by one join step

}  // namespace galias::engine
