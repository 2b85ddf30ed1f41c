#include "facts/string_interner.hpp"

#include <limits>
#include <stdexcept>

namespace galias::facts {

std::uint32_t StringInterner::intern(std::string_view text) {
    if (auto it = ids_.find(text); it != ids_.end()) return it->second;
    if (strings_.size() == std::numeric_limits<std::uint32_t>::max())
        throw std::length_error("more than 2^32-1 distinct symbols");
    const auto id = static_cast<std::uint32_t>(strings_.size());
    strings_.emplace_back(text);
    ids_.emplace(strings_.back(), id);
    return id;
}

std::string_view StringInterner::lookup(std::uint32_t id) const {
    if (id >= strings_.size()) throw std::out_of_range("unknown symbol id " + std::to_string(id));
    return strings_[id];
}

}  // namespace galias::facts
