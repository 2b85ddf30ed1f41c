#include "frontend/pointer_types.hpp"

#include <clang/AST/Decl.h>

namespace galias::frontend {

bool PointerTypes::is_tracked_integer(clang::QualType type) const {
    if (!integer_pointers_) return false;
    const clang::QualType t = type.getCanonicalType();
    return t->isIntegerType() && !t->isBooleanType() && !t->isEnumeralType() &&
           context_.getTypeSize(t) == context_.getTypeSize(context_.VoidPtrTy);
}

bool PointerTypes::may_hold_pointer(clang::QualType type) {
    const clang::Type* t = type.getCanonicalType().getTypePtr();
    if (t->isPointerType() || t->isBlockPointerType()) return true;
    if (is_tracked_integer(type)) return true;
    if (const auto* array = llvm::dyn_cast<clang::ArrayType>(t))
        return may_hold_pointer(array->getElementType());
    if (const auto* atomic = llvm::dyn_cast<clang::AtomicType>(t))
        return may_hold_pointer(atomic->getValueType());
    if (const auto* record = t->getAs<clang::RecordType>()) {
        const clang::RecordDecl* decl = record->getDecl()->getDefinition();
        if (decl == nullptr) return false;
        auto [it, inserted] = record_holds_pointer_.try_emplace(decl, false);
        if (!inserted) return it->second;
        bool holds = false;
        for (const clang::FieldDecl* field : decl->fields())
            holds = holds || may_hold_pointer(field->getType());
        record_holds_pointer_[decl] = holds;
        return holds;
    }
    return false;
}

bool PointerTypes::is_aggregate(clang::QualType type) {
    const clang::Type* t = type.getCanonicalType().getTypePtr();
    return t->isRecordType() || t->isArrayType();
}

bool PointerTypes::is_struct_or_union(clang::QualType type) {
    return type.getCanonicalType()->isRecordType();
}

std::string PointerTypes::field_component(const clang::FieldDecl* field) {
    if (!field->getName().empty()) return field->getName().str();
    return "#" + std::to_string(field->getFieldIndex());
}

void PointerTypes::collect_leaves(clang::QualType type, const std::string& prefix,
                                  const clang::FieldDecl* field, bool in_union,
                                  std::vector<LeafDecl>& leaves) {
    if (!may_hold_pointer(type)) return;
    const clang::Type* t = type.getCanonicalType().getTypePtr();
    if (const auto* array = llvm::dyn_cast<clang::ArrayType>(t)) {
        collect_leaves(array->getElementType(), prefix, field, in_union, leaves);
        return;
    }
    if (const auto* record = t->getAs<clang::RecordType>()) {
        const clang::RecordDecl* decl = record->getDecl()->getDefinition();
        if (decl != nullptr) {
            // Inside a union nothing gets a longer path: all of it is the union's storage.
            const bool is_union = decl->isUnion();
            for (const clang::FieldDecl* member : decl->fields()) {
                std::string path = prefix;
                if (!in_union && !is_union) {
                    if (!path.empty()) path += '.';
                    path += field_component(member);
                }
                collect_leaves(member->getType(), path, member, in_union || is_union, leaves);
            }
            return;
        }
    }
    leaves.push_back(LeafDecl{prefix, field});
}

std::vector<PointerTypes::LeafDecl> PointerTypes::leaves_of(clang::QualType type) {
    std::vector<LeafDecl> leaves;
    collect_leaves(type, "", nullptr, false, leaves);
    return leaves;
}

std::string PointerTypes::type_key(clang::QualType type) {
    const clang::QualType t = type.getCanonicalType();
    if (t->isVoidType()) return "v";
    if (t->isPointerType() || t->isArrayType() || t->isFunctionType() || t->isBlockPointerType()) return "p";
    if (t->isRecordType())
        return std::string(t->isUnionType() ? "u:" : "s:") + t->getAsRecordDecl()->getName().str();
    const char kind = t->isRealFloatingType() ? 'f' : t->isComplexType() ? 'c' : 'i';
    return kind + std::to_string(context_.getTypeSize(t));
}

std::string PointerTypes::signature(const clang::FunctionType* type) {
    if (type == nullptr) return "?";
    std::string out = type_key(type->getReturnType());
    out += '(';
    if (const auto* proto = llvm::dyn_cast<clang::FunctionProtoType>(type)) {
        for (unsigned i = 0; i < proto->getNumParams(); ++i) {
            if (i != 0) out += ',';
            out += type_key(proto->getParamType(i));
        }
        if (proto->isVariadic()) out += proto->getNumParams() == 0 ? "..." : ",...";
    } else {
        out += '?';  // no prototype: any arguments
    }
    out += ')';
    return out;
}

}  // namespace galias::frontend
