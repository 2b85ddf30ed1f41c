#include "reports/node_names.hpp"

#include <cctype>
#include <regex>

namespace galias::reports {

std::string short_name(const facts::Node& node) {
    // Drop every qualifier "X::" (a function, or the file of a file-static variable).
    std::string name = node.name;
    auto qualifier_char = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '.' || c == '-';
    };
    for (std::size_t at = name.find("::"); at != std::string::npos; at = name.find("::", at)) {
        std::size_t begin = at;
        while (begin > 0 && qualifier_char(name[begin - 1])) --begin;
        if (begin == at) {
            at += 2;
            continue;
        }
        name.erase(begin, at + 2 - begin);
        at = begin;
    }
    // A local's definitions are nodes of their own (`p@12:5`, `p@phi:14:9`, docs/FACTS.md,
    // "Locals in SSA form"); messages name the variable and give positions separately.
    static const std::regex kVersion(R"((^|[^$A-Za-z_0-9])([A-Za-z_][A-Za-z_0-9]*)@(phi:)?[0-9]+:[0-9]+)");
    return std::regex_replace(name, kVersion, "$1$2");
}

std::string base_name(const facts::Node& node) {
    std::string name = short_name(node);
    std::size_t start = name.find_first_not_of("*&");
    if (start == std::string::npos) return name;
    name.erase(0, start);
    std::size_t colons = name.rfind("::");
    if (colons != std::string::npos) name.erase(0, colons + 2);
    return name;
}

bool is_variable(const facts::Node& node) {
    switch (node.kind) {
        case facts::NodeKind::Local:
        case facts::NodeKind::Param:
        case facts::NodeKind::Global:
        case facts::NodeKind::Static:
        case facts::NodeKind::Field:
            return true;
        default:
            return false;
    }
}

}  // namespace galias::reports
