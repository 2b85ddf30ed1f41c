#pragma once
// How the translator looks at C types: which can carry a pointer (and so get nodes), the
// field paths inside an aggregate that can, and function signatures for calls by type.

#include <clang/AST/ASTContext.h>
#include <clang/AST/Type.h>

#include <string>
#include <unordered_map>
#include <vector>

namespace galias::frontend {

class PointerTypes {
public:
    // With `integer_pointers`, integers as wide as a pointer (intptr_t, uintptr_t, long,
    // size_t on LP64) are tracked like pointers, so a pointer stored in one keeps its target.
    PointerTypes(clang::ASTContext& context, bool integer_pointers)
        : context_(context), integer_pointers_(integer_pointers) {}

    // Pointers, pointer-wide integers (when tracked), and arrays, structs and unions that
    // contain one.
    bool may_hold_pointer(clang::QualType type);
    // Integers tracked because they may hold a pointer.
    bool is_tracked_integer(clang::QualType type) const;

    static bool is_aggregate(clang::QualType type);  // struct, union or array
    static bool is_struct_or_union(clang::QualType type);
    // The path component naming a field; unnamed fields (anonymous structs and unions) by
    // their index: "#2".
    static std::string field_component(const clang::FieldDecl* field);

    // A part of an aggregate that may hold a pointer: its path and the declared field it is
    // (nullptr for the whole value when it is not split).
    struct LeafDecl {
        std::string path;
        const clang::FieldDecl* field = nullptr;
    };
    // The parts inside a value of `type` that may hold a pointer ("a", "in.p"; "" for the
    // whole value). Structs are split into their fields; arrays are one location (all
    // elements). The members of a union share the union's path (one location per
    // variable) but are listed one by one, each with its own field.
    std::vector<LeafDecl> leaves_of(clang::QualType type);

    // The function type with pointers all alike: "p(p,i64,...)", "i32(?)" without a prototype.
    std::string signature(const clang::FunctionType* type);

private:
    void collect_leaves(clang::QualType type, const std::string& prefix, const clang::FieldDecl* field,
                        bool in_union, std::vector<LeafDecl>& leaves);
    std::string type_key(clang::QualType type);

    clang::ASTContext& context_;
    bool integer_pointers_;
    std::unordered_map<const clang::RecordDecl*, bool> record_holds_pointer_;
};

}  // namespace galias::frontend
