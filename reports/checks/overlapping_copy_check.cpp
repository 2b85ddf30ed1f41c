#include "reports/checks/overlapping_copy_check.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <utility>

#include "reports/checks/argument_overlap.hpp"
#include "reports/checks/argument_pair_finding.hpp"
#include "reports/checks/c_library.hpp"

namespace galias::reports {

namespace {

constexpr std::uint64_t kWideChar = 4;  // sizeof(wchar_t) on the Linux targets galias analyses

// The bytes a copy writes through its destination and reads through its source, given the
// constant value of its length argument when there is one.
std::pair<AccessExtent, AccessExtent> copy_extents(CopyShape shape, std::optional<std::int64_t> length) {
    const std::optional<std::uint64_t> n =
        length && *length >= 0 ? std::optional<std::uint64_t>(static_cast<std::uint64_t>(*length))
                               : std::nullopt;
    const AccessExtent unbounded{};
    const auto up_to = [&](std::uint64_t unit) {
        return n ? AccessExtent{*n > 0 ? unit : 0, *n * unit} : unbounded;
    };
    switch (shape) {
        case CopyShape::Bytes:
            return {n ? AccessExtent::exactly(*n) : unbounded, n ? AccessExtent::exactly(*n) : unbounded};
        case CopyShape::WideChars:
            return {n ? AccessExtent::exactly(*n * kWideChar) : unbounded,
                    n ? AccessExtent::exactly(*n * kWideChar) : unbounded};
        case CopyShape::String:
        case CopyShape::Append:
            return {AccessExtent::at_least(1), AccessExtent::at_least(1)};
        case CopyShape::WideString:
        case CopyShape::WideAppend:
            return {AccessExtent::at_least(kWideChar), AccessExtent::at_least(kWideChar)};
        case CopyShape::StringN:
            return {n ? AccessExtent::exactly(*n) : unbounded, up_to(1)};
        case CopyShape::WideStringN:
            return {n ? AccessExtent::exactly(*n * kWideChar) : unbounded, up_to(kWideChar)};
        case CopyShape::AppendN:
            return {AccessExtent::at_least(1), up_to(1)};
        case CopyShape::WideAppendN:
            return {AccessExtent::at_least(kWideChar), up_to(kWideChar)};
        case CopyShape::UpToN:
            return {up_to(1), up_to(1)};
        case CopyShape::Transform:
            return {n ? AccessExtent{0, *n} : unbounded, AccessExtent::at_least(1)};
        case CopyShape::None:
            break;
    }
    return {unbounded, unbounded};
}

}  // namespace

const RuleInfo& OverlappingCopyCheck::info() const {
    static const RuleInfo kInfo{
        "overlapping-copy",
        "OverlappingCopy",
        "Source and destination of a copy may overlap",
        "memcpy, strcpy, strncpy, strcat and the other C library copy functions have undefined "
        "behaviour when the source and destination overlap (CWE-475). Reported as an error when the "
        "code proves the overlap (both pointers are the same value, or point a known distance apart "
        "into one buffer, and the bytes copied meet) and as a warning when the points-to analysis "
        "finds a buffer both may point into and nothing keeps the two apart; use memmove for "
        "overlapping copies. Warnings are often false on large code bases (docs/PRECISION.md).",
        Level::Error,
        // Measured on the corpus (docs/PRECISION.md): of the warnings read, almost none true.
        "low",
        {"correctness", "security", "external/cwe/cwe-475"},
    };
    return kInfo;
}

void OverlappingCopyCheck::run(const CheckContext& context, std::vector<Finding>& out) const {
    for_each_call(
        context,
        [&](const facts::CallSite& call, std::vector<Finding>& found) {
            std::string callee = normalize_callee(call.callee);
            const LibraryFunction* library = find_library_function(callee);
            if (library == nullptr || !library->is_copy || call.args.size() < 2) return;
            std::optional<std::int64_t> length;
            std::optional<facts::LinearForm> length_form;
            if (library->length_arg >= 0) {
                const facts::ArgumentAddress* n =
                    context.facts.argument(call.id, static_cast<std::uint32_t>(library->length_arg));
                if (n != nullptr) length = n->constant;
                if (n != nullptr && !length) length_form = n->linear;
            }
            auto [write, read] = copy_extents(library->shape, length);
            if (length_form) {
                // memcpy(w, w + k, k - m): both ranges exactly as long as the length's form.
                const std::int64_t unit = library->shape == CopyShape::Bytes ? 1
                                          : library->shape == CopyShape::WideChars
                                              ? static_cast<std::int64_t>(kWideChar)
                                              : 0;
                if (unit > 0) {
                    write.bytes = facts::combine(facts::LinearForm{}, *length_form, unit);
                    read.bytes = write.bytes;
                }
            }
            const OverlapVerdict verdict = relate_arguments(context, call, 0, 1, write.written(), read);
            if (verdict.overlap == Overlap::Apart) return;
            const Level level = finding_level(verdict, context.options);
            if (level == Level::None) return;
            ArgumentPairFinding pair(context, call, info(), level, callee, call.args[0], call.args[1],
                                     verdict);
            std::string message;
            if (verdict.reason == OverlapReason::SameBase) {
                std::string what;
                if (verdict.equal_or_apart > 0) {
                    what = fmt::format(
                        "point into one buffer at the same address or at least {} apart, which "
                        "is not known before running",
                        plural_bytes(static_cast<std::int64_t>(verdict.equal_or_apart)));
                } else if (!verdict.offset_a || !verdict.offset_b) {
                    what = "point into one buffer at offsets not known before running";
                } else if (*verdict.offset_a == *verdict.offset_b) {
                    what = "are the same pointer";
                } else {
                    what = fmt::format("point {} apart into one buffer",
                                       plural_bytes(std::abs(*verdict.offset_a - *verdict.offset_b)));
                }
                if (verdict.offset_a && verdict.offset_b && *verdict.offset_a != *verdict.offset_b) {
                    what += length ? fmt::format(" and {} are copied", plural_bytes(*length))
                                   : std::string(" and the length is not constant");
                }
                message = fmt::format(
                    "source and destination of `{}` {}: they {}; use memmove or separate buffers",
                    call.callee, what,
                    verdict.overlap == Overlap::Certain ? "overlap on every call"
                    : verdict.equal_or_apart > 0 ? "overlap only when they are the same (a copy onto itself)"
                    : verdict.unrelated_distance
                        ? "overlap only where the length exceeds their distance, which "
                          "nothing in the code relates"
                        : "may overlap");
            } else {
                message = fmt::format(
                    "source and destination of `{}` {}{}; use memmove or separate buffers", call.callee,
                    verdict.whole_object > 0 ? "can overlap only as a copy onto itself" : "may overlap",
                    pair.common_object_clause("into"));
            }
            pair.emit(std::move(message), found);
        },
        out);
}

}  // namespace galias::reports
