#pragma once
// What a field read through a pointer may hold, told apart by object.
//
// Under the types field model (docs/FACTS.md, "Fields through pointers") the node of a
// field, `struct:buf.data`, holds what that field holds in every object of its type, so
// `dst->data` and `src->data` of two different buffers have the same points-to set. The
// frontend also records whose field each store writes (field_stores.tsv: `p->f = v`, with
// p's node); with Andersen's points-to sets that tells what `x->f` may hold for the objects
// x may point to:
//
//   the values of the stores `p->f = v` whose p may point to one of x's objects,
//   the values stored through a pointer that may point to the field and to one of x's
//   objects (`q = &p->f; *q = v`, Andersen's store facts),
//   and everything the field's node holds when a whole object is copied into one of x's
//   objects (bulk_writes.tsv: memcpy of structs).
//
// This is a refinement of the field node's set (a subset of it), computed on demand for the
// arguments a check asks about.

#include <cstdint>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

#include "facts/program_facts.hpp"
#include "reports/alias_oracle.hpp"

namespace galias::reports {

class FieldContents {
public:
    // `andersen_stores`: Andersen's store(pointer, value) rows, 2 cells per row.
    FieldContents(const facts::ProgramFacts& facts, const AliasOracle& oracle,
                  std::span<const std::uint32_t> andersen_stores);

    // The objects `pointer->field` may point to (sorted); `field` is the field's node.
    [[nodiscard]] std::vector<NodeId> points_to(NodeId pointer, NodeId field) const;

    // Whether the program stores one of the two fields of an object into the other field of
    // the same object (`p->a = p->b`, one pointer value on both sides), so that the two
    // fields of one object may point into one buffer: a buffer and a cursor into it.
    [[nodiscard]] bool linked(NodeId field_a, NodeId field_b) const;

private:
    struct Store {
        NodeId pointer;
        NodeId value;
    };
    const AliasOracle& oracle_;
    std::unordered_map<NodeId, std::vector<Store>> direct_;  // field node -> stores p->f = v
    std::unordered_map<NodeId, std::vector<Store>>
        indirect_;                                  // field node -> stores *q = v, q may point to it
    std::vector<NodeId> bulk_written_;              // sorted: the objects whole objects may be copied into
    std::vector<std::pair<NodeId, NodeId>> links_;  // sorted (field, field it was set from)
};

}  // namespace galias::reports
