#pragma once
// One translation unit's IR (TranslationUnitIr, the translator's output before linking) as
// bytes and back, for the per-unit fact cache (unit_cache.hpp). A private binary format:
// native-endian fixed-width numbers and length-prefixed strings and vectors, read with
// bounds checks so that damaged bytes give "no IR", never a crash. kIrFormatVersion is part
// of every cache key: change it whenever the IR's structs or this encoding change.

#include <optional>
#include <string>
#include <string_view>

#include "frontend/program_ir.hpp"

namespace galias::frontend {

inline constexpr unsigned kIrFormatVersion = 8;

std::string serialize_ir(const TranslationUnitIr& ir);

// Nothing when the bytes are truncated, have trailing garbage or name a term out of order.
std::optional<TranslationUnitIr> deserialize_ir(std::string_view bytes);

}  // namespace galias::frontend
