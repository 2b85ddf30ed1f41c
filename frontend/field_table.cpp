#include "frontend/field_table.hpp"

#include <clang/AST/RecordLayout.h>

#include <algorithm>
#include <filesystem>

#include "frontend/pointer_types.hpp"

namespace galias::frontend {

namespace {

const clang::RecordDecl* record_of(clang::QualType type) {
    const auto* record = type.getCanonicalType()->getAs<clang::RecordType>();
    if (record == nullptr) return nullptr;
    const clang::RecordDecl* definition = record->getDecl()->getDefinition();
    return definition != nullptr && !definition->isInvalidDecl() ? definition : nullptr;
}

}  // namespace

std::string FieldTable::record_name(const clang::RecordDecl* record) {
    if (auto it = names_.find(record); it != names_.end()) return it->second;
    std::string name;
    // No spaces: node names are single words in every table and test.
    const std::string kind = record->isUnion() ? "union:" : "struct:";
    if (!record->getName().empty()) {
        name = kind + record->getName().str();
    } else if (const clang::TypedefNameDecl* typedef_name = record->getTypedefNameForAnonDecl()) {
        name = kind + typedef_name->getName().str();
    } else if (const auto* parent = llvm::dyn_cast<clang::RecordDecl>(record->getDeclContext())) {
        // An unnamed member struct or union: named after the member that holds it.
        for (const clang::FieldDecl* member : parent->fields()) {
            if (record_of(member->getType()) == record) {
                name = record_name(parent) + "." + PointerTypes::field_component(member);
                break;
            }
        }
    }
    if (name.empty()) {
        // An unnamed type of a variable (`static struct { ... } config;`): named by where it
        // is written, which is the same in every unit that includes it.
        const facts::SourcePos p = position_(record->getLocation());
        name = kind + "<anonymous@" + std::filesystem::path(p.file).filename().string() + ":" +
               std::to_string(p.line) + ":" + std::to_string(p.column) + ">";
    }
    names_.emplace(record, name);
    return name;
}

EntityId FieldTable::field(const clang::FieldDecl* field) {
    field = field->getCanonicalDecl();
    if (auto it = fields_.find(field); it != fields_.end()) return it->second;
    const std::string name = record_name(field->getParent()) + "." + PointerTypes::field_component(field);
    ir_.entities.push_back(Entity{facts::NodeKind::Field, "ext:field:" + name, name, "",
                                  position_(field->getLocation()), false});
    const auto id = static_cast<EntityId>(ir_.entities.size() - 1);
    fields_.emplace(field, id);
    if (field->getParent()->isUnion()) record_union(field->getParent());
    return id;
}

void FieldTable::flatten(const clang::RecordDecl* record, std::uint64_t offset, std::vector<Span>& spans) {
    const clang::ASTRecordLayout& layout = context_.getASTRecordLayout(record);
    for (const clang::FieldDecl* member : record->fields()) {
        flatten_field(member, offset + layout.getFieldOffset(member->getFieldIndex()) / 8, spans);
    }
}

void FieldTable::flatten_field(const clang::FieldDecl* member, std::uint64_t begin,
                               std::vector<Span>& spans) {
    if (member->isBitField()) return;  // integers: never a pointer
    const clang::QualType type = member->getType().getCanonicalType();
    if (const clang::RecordDecl* inner = record_of(type)) {
        flatten(inner, begin, spans);
        return;
    }
    const clang::Type* element = type->getBaseElementTypeUnsafe();
    if (const clang::RecordDecl* inner = record_of(clang::QualType(element, 0))) {
        // An array of structs: its elements are one abstract element, laid out here as the
        // first one.
        flatten(inner, begin, spans);
        return;
    }
    std::uint64_t size = 1;
    if (!type->isIncompleteType() && !type->isDependentType()) {
        size = std::max<std::uint64_t>(1, context_.getTypeSizeInChars(type).getQuantity());
    } else if (!element->isIncompleteType()) {  // a flexible array member: its first element
        size = std::max<std::uint64_t>(
            1, context_.getTypeSizeInChars(clang::QualType(element, 0)).getQuantity());
    }
    const clang::Type* scalar = element->getCanonicalTypeUnqualified().getTypePtr();
    const Kind kind = scalar->isFunctionPointerType() || scalar->isBlockPointerType() ? Kind::Code
                      : scalar->isPointerType()                                       ? Kind::Data
                                                                                      : Kind::Scalar;
    const clang::Type* compared =
        kind == Kind::Data ? scalar->getPointeeType().getCanonicalType().getUnqualifiedType().getTypePtr()
                           : scalar;
    spans.push_back(Span{field(member), begin, begin + size, kind, compared});
}

std::vector<FieldTable::Span> FieldTable::record_spans(const clang::RecordDecl* record) {
    std::vector<Span> spans;
    flatten(record, 0, spans);
    std::stable_sort(spans.begin(), spans.end(),
                     [](const Span& x, const Span& y) { return x.begin < y.begin; });
    return spans;
}

std::vector<FieldTable::Span> FieldTable::member_spans(const clang::FieldDecl* member) {
    std::vector<Span> spans;
    flatten_field(member, 0, spans);
    std::stable_sort(spans.begin(), spans.end(),
                     [](const Span& x, const Span& y) { return x.begin < y.begin; });
    return spans;
}

void FieldTable::record_union(const clang::RecordDecl* record) {
    record = record->getDefinition();
    if (record == nullptr || record->isInvalidDecl() || !unions_done_.insert(record).second) return;
    std::vector<std::vector<Span>> members;
    for (const clang::FieldDecl* member : record->fields()) {
        if (!member->isBitField()) members.push_back(member_spans(member));
    }
    for (std::size_t i = 0; i < members.size(); ++i) {
        for (std::size_t j = i + 1; j < members.size(); ++j) record_common_initial(members[i], members[j]);
    }
}

void FieldTable::convert(clang::QualType from, clang::QualType to) {
    const clang::RecordDecl* a = record_of(from);
    const clang::RecordDecl* b = record_of(to);
    if (a == nullptr || b == nullptr || a == b) return;
    if (!conversions_done_.insert(a < b ? std::make_pair(a, b) : std::make_pair(b, a)).second) return;
    if (!a->isUnion() && !b->isUnion()) {
        std::vector<Span> spans = record_spans(a);
        const std::vector<Span> other = record_spans(b);
        spans.insert(spans.end(), other.begin(), other.end());
        record_overlaps(spans);
        return;
    }
    // To or from a union: the struct is read as one more member of it.
    const auto alternatives = [this](const clang::RecordDecl* r) {
        std::vector<std::vector<Span>> out;
        if (!r->isUnion()) {
            out.push_back(record_spans(r));
            return out;
        }
        this->record_union(r);
        for (const clang::FieldDecl* member : r->fields()) {
            if (!member->isBitField()) out.push_back(member_spans(member));
        }
        return out;
    };
    for (const std::vector<Span>& x : alternatives(a)) {
        for (const std::vector<Span>& y : alternatives(b)) record_common_initial(x, y);
    }
}

bool FieldTable::compatible(const Span& a, const Span& b) {
    if (a.kind != b.kind) return false;
    switch (a.kind) {
        case Kind::Code:
            return true;
        case Kind::Data:
            return a.type == b.type || a.type->isVoidType() || b.type->isVoidType();
        case Kind::Scalar:
            return a.type == b.type;
    }
    return false;
}

void FieldTable::record_common_initial(const std::vector<Span>& a, const std::vector<Span>& b) {
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
        if (a[i].begin != b[i].begin || !compatible(a[i], b[i])) return;
        if (a[i].field != b[i].field) ir_.field_overlaps.push_back(FieldOverlap{a[i].field, b[i].field});
    }
}

// All spans of one kind that contain one byte are one class: sweeping the spans by their
// first byte, a span that starts before the furthest end seen so far overlaps that span's
// class.
void FieldTable::record_overlaps(std::vector<Span>& spans) {
    std::sort(spans.begin(), spans.end(), [](const Span& x, const Span& y) {
        if (x.kind != y.kind) return x.kind < y.kind;
        return x.begin != y.begin ? x.begin < y.begin : x.end > y.end;
    });
    const Span* furthest = nullptr;
    for (const Span& span : spans) {
        if (furthest != nullptr && furthest->kind != span.kind) furthest = nullptr;
        if (furthest != nullptr && span.begin < furthest->end && span.field != furthest->field) {
            ir_.field_overlaps.push_back(FieldOverlap{furthest->field, span.field});
        }
        if (furthest == nullptr || span.end > furthest->end) furthest = &span;
    }
}

}  // namespace galias::frontend
