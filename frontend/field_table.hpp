#pragma once
// The declared fields of struct and union types, as Field entities of one translation unit
// (part of the AST translator; docs/FACTS.md, "Fields through pointers").
//
// A Field entity stands for one member of one record type in every object of that type:
// `struct:node.next`. Under the types field model, `p->next` is that entity's node whatever
// p points to (a field-based model, Heintze and Tardieu, PLDI 2001). Its key names the
// record by its tag (or typedef name), so the same field links across translation units.
//
// The model is sound only if a location is read as the field it was written as. Where C
// lets one location be read as two fields, the two are recorded as a FieldOverlap (they
// then share a node):
//   - a union: its members' common initial sequences (C11 6.5.2.3: the leading leaves,
//     recursively through nested structs, at the same offsets and of the same kind), which
//     C allows to be read through any member: the `next` and tag of a tagged union of
//     structs, all the data pointers of a union of pointers;
//   - a pointer cast or memcpy between two struct types: every two leaves whose bytes
//     overlap (a struct that starts with another struct names the shared part by the inner
//     struct's fields already, so the "base struct first" pattern adds nothing); between a
//     struct and a union, the struct and each member as in a union.
// Kinds: function pointers, data pointers, other scalars; leaves of different kinds are
// never one (a union of a callback and a data pointer is assumed to be read as what was
// written, as tagged unions are). Reading other parts of a union member than the common
// initial sequence through another member is the documented limit (docs/FACTS.md). In a
// common initial sequence data pointers must point to one type, or one of them to void.

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "frontend/program_ir.hpp"

namespace galias::frontend {

class FieldTable {
public:
    using PositionOf = std::function<facts::SourcePos(clang::SourceLocation)>;

    FieldTable(clang::ASTContext& context, TranslationUnitIr& ir, PositionOf position)
        : context_(context), ir_(ir), position_(std::move(position)) {}

    // The Field entity of `field`. The first use of a union member records the union's
    // overlaps.
    EntityId field(const clang::FieldDecl* field);

    // A pointer to `from` is converted to a pointer to `to` (a cast, or memcpy from one to
    // the other): when both are struct or union types, their overlapping fields are one.
    void convert(clang::QualType from, clang::QualType to);

    // "struct:lua_State", "union:GCUnion", "struct:ngx_str_t" (a typedef of an unnamed
    // struct), "struct:T.#2" (an unnamed struct or union member of struct T), and for an unnamed type
    // of a variable "struct:<anonymous@file.c:3:8>".
    std::string record_name(const clang::RecordDecl* record);

private:
    // A leaf of a record's layout: a field that is not itself a struct or union, and the
    // bytes [begin, end) it occupies from the start of the outermost record.
    enum class Kind : std::uint8_t { Code, Data, Scalar };
    struct Span {
        EntityId field;
        std::uint64_t begin;
        std::uint64_t end;
        Kind kind;
        const clang::Type* type;  // Data: the pointee (unqualified); Scalar: the type itself
    };
    // Two leaves C's common initial sequence lets one read as the other: function pointers;
    // data pointers to one type, or where one is void *; scalars of one type.
    static bool compatible(const Span& a, const Span& b);
    void flatten(const clang::RecordDecl* record, std::uint64_t offset, std::vector<Span>& spans);
    void flatten_field(const clang::FieldDecl* member, std::uint64_t begin, std::vector<Span>& spans);
    // The leaves of one union member, or of a whole struct, by offset.
    std::vector<Span> member_spans(const clang::FieldDecl* member);
    std::vector<Span> record_spans(const clang::RecordDecl* record);
    void record_union(const clang::RecordDecl* record);
    // Records an overlap for every two spans of one kind whose bytes intersect.
    void record_overlaps(std::vector<Span>& spans);
    // Records the common initial sequence of two members' leaves.
    void record_common_initial(const std::vector<Span>& a, const std::vector<Span>& b);

    clang::ASTContext& context_;
    TranslationUnitIr& ir_;
    PositionOf position_;
    std::unordered_map<const clang::FieldDecl*, EntityId> fields_;
    std::unordered_set<const clang::RecordDecl*> unions_done_;
    std::set<std::pair<const clang::RecordDecl*, const clang::RecordDecl*>> conversions_done_;
    std::unordered_map<const clang::RecordDecl*, std::string> names_;
};

}  // namespace galias::frontend
