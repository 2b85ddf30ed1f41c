#pragma once
// Maps the strings of Datalog `symbol` columns to dense 32-bit ids and back.
// Ids are assigned in first-seen order, so a run is reproducible for the same inputs.

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>

namespace galias::facts {

class StringInterner {
public:
    std::uint32_t intern(std::string_view text);
    [[nodiscard]] std::string_view lookup(std::uint32_t id) const;
    [[nodiscard]] std::size_t size() const { return strings_.size(); }

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    std::deque<std::string> strings_;  // deque: references stay valid as it grows
    std::unordered_map<std::string_view, std::uint32_t, Hash, std::equal_to<>> ids_;
};

}  // namespace galias::facts
