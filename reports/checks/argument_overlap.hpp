#pragma once
// Whether the memory a call reaches through two of its pointer arguments can overlap
// (docs/CHECKS.md, "When galias reports"). Every check about a call's arguments asks this.
//
//   Certain   the code proves it: both arguments are the same base value (the same
//             variable, the same definition of a local, the same load) at constant
//             offsets, and the bytes the call surely accesses through each intersect.
//             Never concluded from the points-to analysis, whose objects stand for many
//             run-time objects.
//   Possible  the points-to analysis (Andersen's) finds an object both may point into (or
//             both have the same base at offsets or lengths not known), and no fact keeps
//             them apart. When no such object is one buffer (is_one_buffer: each is an
//             allocation site, the field of every instance, a struct variable or a table of
//             records...), or when either pointer may point to more than kImpreciseSet
//             objects, that is weak evidence, and the checks report it at
//             CheckOptions::summary_level. A string literal or a const variable is never
//             such an object for a call that writes through one of the two: writing into
//             it is an error of its own (and literals are one object for the analysis,
//             docs/FACTS.md, "String literals").
//   Apart     a fact keeps them apart: byte ranges of one base that do not meet (also when
//             offsets and length are linear forms, `memcpy(w, w + k, k - m)` with m >= 0),
//             two different variables, a variable of this call of the function and a
//             parameter's value, disjoint fields of one struct type, a block allocated just
//             before that the other argument cannot point into, or no common object.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reports/checks/alias_evidence.hpp"
#include "reports/checks/check.hpp"

namespace galias::reports {

// The bytes a call accesses through one pointer argument, counted from the pointer: at
// least `least` (surely accessed) and at most `most` (nullopt: no bound).
struct AccessExtent {
    std::uint64_t least = 0;
    std::optional<std::uint64_t> most;
    // Exactly these many bytes, when that is a linear form and not a constant (a copy's
    // length `k - m`, in the values the call reads; facts/linear_form.hpp).
    std::optional<facts::LinearForm> bytes = std::nullopt;
    bool writes = false;  // the call writes through the argument

    static AccessExtent exactly(std::uint64_t bytes) { return {bytes, bytes}; }
    static AccessExtent at_least(std::uint64_t bytes) { return {bytes, std::nullopt}; }
    [[nodiscard]] AccessExtent written() const {
        AccessExtent e = *this;
        e.writes = true;
        return e;
    }
};

enum class Overlap : std::uint8_t { Apart, Possible, Certain };

enum class OverlapReason : std::uint8_t {
    NoPointer,        // an argument holds no pointer (a null constant, an integer)
    SameBase,         // one base value: Certain or Possible by the byte ranges
    DisjointBytes,    // one base value, byte ranges that do not meet
    FreshFrame,       // a variable of this call of the function, and a parameter's value:
                      // the variable came into being after the parameter got its value
    DistinctObjects,  // two different variables
    DisjointFields,   // different fields (or array members) of one struct type
    FreshMemory,      // a block allocated just before, which the other cannot point into
    NoCommonObject,   // the points-to analysis finds no object both may point into (but
                      // string literals, when the call writes through one of the two)
    CommonObject,     // it finds one
};

struct OverlapVerdict {
    Overlap overlap = Overlap::Apart;
    OverlapReason reason = OverlapReason::NoPointer;
    // SameBase at a constant distance: each pointer's offset from the base (or, when only
    // their distance is constant, 0 and the distance).
    std::optional<std::int64_t> offset_a;
    std::optional<std::int64_t> offset_b;
    // SameBase at a distance not constant but always a multiple of this many bytes, at least
    // the bytes accessed through either: the two overlap only when they are one address.
    std::uint64_t equal_or_apart = 0;
    // SameBase at a distance that is not constant and that no fact relates to the bytes
    // accessed (`memcpy(w, w + k, n)`): the two meet only where a length exceeds the
    // distance, which the code does not show.
    bool unrelated_distance = false;
    // CommonObject: the objects both may point into (sorted), and whether every one of
    // them stands for many run-time objects.
    std::vector<NodeId> common;
    bool summary_only = false;
    // CommonObject: every one of them that is one buffer is a variable of at most this many
    // bytes, which each access through either pointer covers whole if it touches it at all
    // (a one-byte buffer; `memcpy(&x, p, sizeof x)` for a scalar x): two accesses that meet
    // in it both start at its first byte, so they overlap only as a copy onto itself. 0 if not.
    std::uint64_t whole_object = 0;
    // CommonObject: one of the two points into the block a call returned whose function is
    // not known to allocate, and the other could not point into it if that function did
    // (facts::AllocationCandidate): the function's name.
    std::string allocation_candidate;
    // CommonObject: one of the two may point to more than kImpreciseSet objects.
    bool imprecise = false;
    // Both arguments are fields of one pointer value (`p->a`, `p->b`), and the program sets
    // one of these fields of an object from the other (FieldContents::linked): they may
    // point into one buffer of that object, however many objects the buffer's node stands for.
    bool linked_fields = false;
};

// Points-to sets larger than this mark a pointer the analysis lost track of.
inline constexpr std::size_t kImpreciseSet = 16;

// The level of a finding about a pair the verdict does not keep apart: Error when Certain,
// options.summary_level when the evidence is weak (summary objects only, an imprecise
// pointer, an overlap only when both are one address (equal_or_apart, whole_object), or one
// buffer at a distance nothing relates to the lengths), Warning otherwise.
Level finding_level(const OverlapVerdict& verdict, const CheckOptions& options);

// "1 byte", "8 bytes": a count of bytes in a message.
std::string plural_bytes(std::int64_t n);

// What the common object means for the verdict, to follow its name in a message: that it
// stands for many run-time objects (summary only), that the two fields are linked, or "".
std::string evidence_remark(const OverlapVerdict& verdict);

// Makes the verdict's common objects the evidence's (source nodes, objects that are one
// run-time object first), so the message names what the verdict rests on.
void name_verdict_objects(const CheckContext& context, const OverlapVerdict& verdict,
                          AliasEvidence& evidence);

// Arguments `a` and `b` (indices) of `call`, accessed as `extent_a` and `extent_b`.
OverlapVerdict relate_arguments(const CheckContext& context, const facts::CallSite& call, std::uint32_t a,
                                std::uint32_t b, const AccessExtent& extent_a, const AccessExtent& extent_b);

}  // namespace galias::reports
