#pragma once
// Which node a field of a variable or of an object reached through a pointer stands for,
// under each field model (FieldModel; docs/FACTS.md, "Fields through pointers"). The fact
// emitter asks this for every term before it makes the term's node.

#include <string>

#include "frontend/frontend_options.hpp"
#include "frontend/program_ir.hpp"

namespace galias::frontend {

// A location inside an entity: `path` in `entity` ("" = all of it), or with `field_node` the
// node of a field (entity is a Field entity), shared by every object of its type.
struct FieldLocation {
    EntityId entity = kNone;
    std::string path;
    bool field_node = false;
};

// The location that the part `path` of `entity`, naming `field` last (Term::field), is
// represented by:
//   None       the whole entity;
//   Variables  the shortest collapsed or escaped prefix of the path (CollapsedPath);
//   Types      when any part of the entity escapes (its address is taken): the field's node
//              (its overlap class, ProgramIr::field_class), the node accesses through
//              pointers use, or the whole entity for a part that holds no pointer (field
//              kNone); otherwise the shortest union prefix of the path.
FieldLocation resolve_entity_field(const ProgramIr& program, EntityId entity, const std::string& path,
                                   EntityId field, FieldModel model);

// The location a Member term (p->f) stands for under the types model: the field's node.
FieldLocation member_field(const ProgramIr& program, EntityId field);

}  // namespace galias::frontend
