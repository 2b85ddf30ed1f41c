#include "reports/node_names.hpp"

namespace galias::reports {

std::string short_name(const facts::Node& node) {
    std::string name = node.name;
    if (node.function.empty()) return name;
    std::string prefix = node.function + "::";
    for (std::size_t at = name.find(prefix); at != std::string::npos; at = name.find(prefix, at)) {
        name.erase(at, prefix.size());
    }
    return name;
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
