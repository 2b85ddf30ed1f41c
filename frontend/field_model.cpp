#include "frontend/field_model.hpp"

#include <algorithm>

namespace galias::frontend {

namespace {

bool is_prefix(const std::string& prefix, const std::string& path) {
    return prefix.empty() || (path.size() > prefix.size() && path.compare(0, prefix.size(), prefix) == 0 &&
                              path[prefix.size()] == '.');
}

}  // namespace

std::optional<FieldModel> parse_field_model(std::string_view name) {
    if (name == "types") return FieldModel::Types;
    if (name == "variables") return FieldModel::Variables;
    if (name == "none") return FieldModel::None;
    return std::nullopt;
}

const char* field_model_name(FieldModel model) {
    switch (model) {
        case FieldModel::Types:
            return "types";
        case FieldModel::Variables:
            return "variables";
        case FieldModel::None:
            return "none";
    }
    return "?";
}

FieldLocation member_field(const ProgramIr& program, EntityId field) {
    return FieldLocation{program.field_representative(field), "", true};
}

FieldLocation resolve_entity_field(const ProgramIr& program, EntityId entity, const std::string& path,
                                   EntityId field, FieldModel model) {
    if (model == FieldModel::None) return FieldLocation{entity, ""};
    auto it = program.collapsed.find(entity);
    if (it == program.collapsed.end()) return FieldLocation{entity, path};
    const std::vector<CollapsedPath>& parts = it->second;
    const bool types = model == FieldModel::Types;
    if (types && std::any_of(parts.begin(), parts.end(),
                             [](const CollapsedPath& c) { return c.kind == CollapseKind::Escaped; })) {
        // A pointer into any part of the variable reaches all of it (pointer arithmetic,
        // container_of): its fields are its type's fields, the rest is the whole object.
        return field != kNone ? member_field(program, field) : FieldLocation{entity, ""};
    }
    // Sorted by path: a shorter prefix comes before the longer ones it covers.
    for (const CollapsedPath& c : parts) {
        if (types && c.kind != CollapseKind::Union) continue;
        if (c.path == path || is_prefix(c.path, path)) return FieldLocation{entity, c.path};
    }
    return FieldLocation{entity, path};
}

}  // namespace galias::frontend
