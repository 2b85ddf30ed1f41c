#include "reports/checks/argument_overlap.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <limits>

namespace galias::reports {

namespace {

using Address = facts::ArgumentAddress;

// At most the bytes of the member a pointer was formed from (C's rules for subobjects, and
// what _FORTIFY_SOURCE=2 checks), when its address facts say it is confined to one.
std::optional<std::uint64_t> bounded(const AccessExtent& extent, const Address* address) {
    if (address == nullptr || address->record.empty() || address->hi <= address->lo) return extent.most;
    const std::uint64_t member = address->hi - address->lo;
    return extent.most ? std::min(*extent.most, member) : member;
}

bool known_base(const Address* address) {
    return address != nullptr && address->base_kind != Address::Base::Unknown && !address->base.empty();
}

// The offset from the base as a linear form: the constant, or the form the call gave.
std::optional<facts::LinearForm> offset_form(const Address* address) {
    if (address->offset) return facts::LinearForm{*address->offset, {}};
    return address->linear;
}

// The bytes accessed from a pointer end before another pointer `distance` bytes further
// starts, for every value the forms read: `distance - length >= 0` for a bound on the
// length, the constant `most` or the length's form.
bool ends_before(const facts::LinearForm& distance, const AccessExtent& extent,
                 std::optional<std::uint64_t> most) {
    const auto within = [&](const facts::LinearForm& length) {
        const std::optional<facts::LinearForm> gap = facts::combine(distance, length, -1);
        return gap && facts::provably_nonnegative(*gap);
    };
    if (most && *most <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) &&
        within(facts::LinearForm{static_cast<std::int64_t>(*most), {}})) {
        return true;
    }
    return extent.bytes && within(*extent.bytes);
}

// Whether the code relates a distance that is not constant to the bytes accessed: the length
// reads a value the distance reads (`memcpy(w, w + n, t - n)` meets where t > 2n), or the
// distance steps by elements shorter than the access (`memcpy(&a[i], &a[j], 25)` with
// 24-byte elements meets where i and j are neighbours). Otherwise whether the two meet
// depends on values no fact relates (`memcpy(w, w + k, n)`).
bool related(const std::optional<facts::LinearForm>& distance, const AccessExtent& extent,
             std::optional<std::uint64_t> most) {
    if (!distance) return false;
    if (extent.bytes) {
        for (const facts::LinearTerm& term : extent.bytes->terms) {
            const auto reads = [&](const facts::LinearTerm& other) { return other.value == term.value; };
            if (std::any_of(distance->terms.begin(), distance->terms.end(), reads)) return true;
        }
    }
    const std::uint64_t step = facts::common_divisor(*distance);
    return step > 1 && most && *most > step;
}

bool has_prefix(const std::string& text, const char* prefix) {
    return text.rfind(prefix, 0) == 0;
}

// The size of the largest object among `common` that is one buffer, when each is a variable
// no larger than what a nonempty access through either pointer covers: at least one byte,
// or the bytes the call surely accesses. In bounds, such an access starts at the variable's
// first byte. 0 when one of them is larger, of unknown size, or there is none.
std::uint64_t whole_object(const facts::ProgramFacts& facts, const std::vector<NodeId>& common,
                           const AccessExtent& extent_a, const AccessExtent& extent_b) {
    const std::uint64_t covered = std::max<std::uint64_t>(1, std::min(extent_a.least, extent_b.least));
    std::uint64_t largest = 0;
    for (NodeId object : common) {
        const facts::Node* n = facts.node(object);
        if (n == nullptr || !is_one_buffer(*n)) continue;
        if (n->bytes == 0 || n->bytes > covered) return 0;
        largest = std::max(largest, n->bytes);
    }
    return largest;
}

// The function whose block argument `fresh` of the call points into, when `other` could
// not point into that block were it fresh memory; "" otherwise.
std::string candidate(const facts::ProgramFacts& facts, std::uint32_t call, std::uint32_t fresh,
                      std::uint32_t other) {
    const facts::AllocationCandidate* c = facts.allocation_candidate(call, fresh);
    if (c == nullptr || std::find(c->apart.begin(), c->apart.end(), other) == c->apart.end()) return {};
    return c->function;
}

bool lists(const Address* address, std::uint32_t other) {
    return address != nullptr && std::find(address->fresh_apart.begin(), address->fresh_apart.end(), other) !=
                                     address->fresh_apart.end();
}

}  // namespace

Level finding_level(const OverlapVerdict& verdict, const CheckOptions& options) {
    if (verdict.overlap == Overlap::Certain) return Level::Error;
    // One buffer at a distance the lengths are not related to: the code addresses two parts
    // of it, and whether they meet depends on values no fact relates. Every such warning
    // read on the corpus was false (bench/precision/ledger.tsv, docs/PRECISION.md).
    const bool weak = verdict.summary_only || verdict.imprecise || verdict.equal_or_apart > 0 ||
                      verdict.whole_object > 0 || verdict.unrelated_distance;
    return weak ? options.summary_level : Level::Warning;
}

std::string evidence_remark(const OverlapVerdict& verdict) {
    if (verdict.linked_fields)
        return ", and the program sets one of these two fields of an object from the other";
    if (verdict.summary_only) return ", which stands for many objects or parts";
    if (verdict.imprecise)
        return fmt::format(", one of more than {} objects either may point to", kImpreciseSet);
    if (verdict.whole_object > 0) {
        return fmt::format(", {} that each access covers whole, so they can meet only as one address",
                           plural_bytes(static_cast<std::int64_t>(verdict.whole_object)));
    }
    return "";
}

std::string plural_bytes(std::int64_t n) {
    return fmt::format("{} byte{}", n, n == 1 ? "" : "s");
}

void name_verdict_objects(const CheckContext& context, const OverlapVerdict& verdict,
                          AliasEvidence& evidence) {
    if (verdict.common.empty()) return;
    std::vector<NodeId> objects;
    for (NodeId object : verdict.common) objects.push_back(context.view.origin(object));
    std::sort(objects.begin(), objects.end());
    objects.erase(std::unique(objects.begin(), objects.end()), objects.end());
    std::stable_partition(objects.begin(), objects.end(), [&](NodeId object) {
        const facts::Node* n = context.facts.node(object);
        return n != nullptr && is_one_buffer(*n);
    });
    evidence.objects = std::move(objects);
}

namespace {

// Two addresses of one base value: the byte ranges decide where the offsets are known, else
// what the distance between them says. True when that settles the verdict.
bool relate_same_base(const Address& address_a, const Address& address_b, const AccessExtent& extent_a,
                      const AccessExtent& extent_b, std::optional<std::uint64_t> most_a,
                      std::optional<std::uint64_t> most_b, OverlapVerdict& verdict) {
    const std::optional<facts::LinearForm> at_a = offset_form(&address_a);
    const std::optional<facts::LinearForm> at_b = offset_form(&address_b);
    const std::optional<facts::LinearForm> distance =
        at_a && at_b ? facts::combine(*at_b, *at_a, -1) : std::nullopt;  // b - a
    if (distance && !distance->is_constant()) {
        // [0, a's bytes) and [distance, distance + b's bytes): apart when either ends
        // before the other starts for every value the forms read.
        const std::optional<facts::LinearForm> behind = facts::combine(facts::LinearForm{}, *distance, -1);
        if (ends_before(*distance, extent_a, most_a) || (behind && ends_before(*behind, extent_b, most_b))) {
            verdict.overlap = Overlap::Apart;
            verdict.reason = OverlapReason::DisjointBytes;
            return true;
        }
        // Elements of one array: the distance is a multiple of the element's size and
        // each access stays within one element.
        const std::uint64_t step = facts::common_divisor(*distance);
        if (most_a && most_b && *most_a > 0 && *most_b > 0 && *most_a <= step && *most_b <= step)
            verdict.equal_or_apart = step;
    }
    verdict.unrelated_distance = !(distance && distance->is_constant()) && verdict.equal_or_apart == 0 &&
                                 !related(distance, extent_a, most_a) && !related(distance, extent_b, most_b);
    if (distance && distance->is_constant()) {
        const std::int64_t oa = address_a.offset && address_b.offset ? *address_a.offset : 0;
        const std::int64_t ob = address_a.offset && address_b.offset ? *address_b.offset : distance->constant;
        verdict.offset_a = oa;
        verdict.offset_b = ob;
        const auto end = [](std::int64_t start, std::uint64_t bytes) {
            return start + static_cast<std::int64_t>(bytes);
        };
        if (extent_a.least > 0 && extent_b.least > 0 && oa < end(ob, extent_b.least) &&
            ob < end(oa, extent_a.least)) {
            verdict.overlap = Overlap::Certain;
            return true;
        }
        if ((most_a && end(oa, *most_a) <= ob) || (most_b && end(ob, *most_b) <= oa)) {
            verdict.overlap = Overlap::Apart;
            verdict.reason = OverlapReason::DisjointBytes;
            return true;
        }
    }
    return false;
}

// Facts of the two addresses that keep them apart: a fresh frame against a parameter's
// memory, two distinct objects, disjoint fields of one record, memory a call returned fresh.
// True when they settle the verdict (for one base value the byte ranges left open, Possible:
// one object for sure).
bool kept_apart(const Address* address_a, const Address* address_b, std::uint32_t a, std::uint32_t b,
                OverlapVerdict& verdict) {
    const auto apart = [&](OverlapReason reason) {
        verdict.overlap = Overlap::Apart;
        verdict.reason = reason;
        return true;
    };
    const bool same_base = verdict.reason == OverlapReason::SameBase;
    if (!same_base && known_base(address_a) && known_base(address_b) &&
        ((has_prefix(address_a->base, "frame:") && has_prefix(address_b->base, "param#")) ||
         (has_prefix(address_b->base, "frame:") && has_prefix(address_a->base, "param#"))))
        return apart(OverlapReason::FreshFrame);
    if (!same_base && address_a != nullptr && address_b != nullptr &&
        address_a->base_kind == Address::Base::Object && address_b->base_kind == Address::Base::Object)
        return apart(OverlapReason::DistinctObjects);
    if (address_a != nullptr && address_b != nullptr && !address_a->record.empty() &&
        address_a->record == address_b->record &&
        (address_a->hi <= address_b->lo || address_b->hi <= address_a->lo))
        return apart(OverlapReason::DisjointFields);
    if (same_base) return true;
    if (lists(address_a, b) || lists(address_b, a)) return apart(OverlapReason::FreshMemory);
    return false;
}

// Pointers of no common base the facts settle: the objects they may point to decide.
void relate_by_points_to(const CheckContext& context, const facts::CallSite& call, std::uint32_t a,
                         std::uint32_t b, const AccessExtent& extent_a, const AccessExtent& extent_b,
                         OverlapVerdict& verdict) {
    const NodeId node_a = call.args[a];
    const NodeId node_b = call.args[b];
    verdict.allocation_candidate = candidate(context.facts, call.id, a, b);
    if (verdict.allocation_candidate.empty())
        verdict.allocation_candidate = candidate(context.facts, call.id, b, a);
    // A field read through a pointer holds what was stored into that field of the objects
    // the pointer may point to, not what the field of every object of its type holds.
    const auto objects = [&](std::uint32_t index, NodeId node) {
        if (context.fields != nullptr && index < call.arg_loads.size() &&
            call.arg_loads[index].first != facts::kNoNode) {
            return context.fields->points_to(call.arg_loads[index].first, call.arg_loads[index].second);
        }
        return context.oracle.points_to(node);
    };
    const std::vector<NodeId> objects_a = objects(a, node_a);
    const std::vector<NodeId> objects_b = objects(b, node_b);
    std::vector<NodeId> common;
    std::set_intersection(objects_a.begin(), objects_a.end(), objects_b.begin(), objects_b.end(),
                          std::back_inserter(common));
    if (extent_a.writes || extent_b.writes) {
        // Writing into a literal or a const variable is an error of its own, not an overlap.
        std::erase_if(common, [&](NodeId object) {
            const facts::Node* n = context.facts.node(object);
            return n != nullptr && (n->kind == facts::NodeKind::String || n->constant);
        });
    }
    verdict.overlap = common.empty() ? Overlap::Apart : Overlap::Possible;
    verdict.reason = common.empty() ? OverlapReason::NoCommonObject : OverlapReason::CommonObject;
    verdict.common = common;
    verdict.summary_only = !common.empty() && std::none_of(common.begin(), common.end(), [&](NodeId object) {
        const facts::Node* n = context.facts.node(object);
        return n != nullptr && is_one_buffer(*n);
    });
    // A pointer that may point to dozens of objects is one the analysis lost track of (a
    // void * slot, a union, a generic container); that it shares one with the other pointer
    // says little.
    verdict.imprecise =
        !common.empty() && (objects_a.size() > kImpreciseSet || objects_b.size() > kImpreciseSet);
    if (!common.empty() && context.fields != nullptr && a < call.arg_loads.size() &&
        b < call.arg_loads.size()) {
        const auto& [pointer_a, field_a] = call.arg_loads[a];
        const auto& [pointer_b, field_b] = call.arg_loads[b];
        if (pointer_a != facts::kNoNode && pointer_a == pointer_b && field_a != field_b &&
            context.fields->linked(field_a, field_b)) {
            verdict.linked_fields = true;
            verdict.summary_only = false;
            verdict.imprecise = false;
        }
    }
    if (!verdict.summary_only) verdict.whole_object = whole_object(context.facts, common, extent_a, extent_b);
}

}  // namespace

OverlapVerdict relate_arguments(const CheckContext& context, const facts::CallSite& call, std::uint32_t a,
                                std::uint32_t b, const AccessExtent& extent_a, const AccessExtent& extent_b) {
    OverlapVerdict verdict;
    if (a >= call.args.size() || b >= call.args.size()) return verdict;
    if (call.args[a] == facts::kNoNode || call.args[b] == facts::kNoNode) return verdict;
    const Address* address_a = context.facts.argument(call.id, a);
    const Address* address_b = context.facts.argument(call.id, b);
    const std::optional<std::uint64_t> most_a = bounded(extent_a, address_a);
    const std::optional<std::uint64_t> most_b = bounded(extent_b, address_b);

    if (known_base(address_a) && known_base(address_b) && address_a->base == address_b->base) {
        verdict.reason = OverlapReason::SameBase;
        verdict.overlap = Overlap::Possible;
        if (relate_same_base(*address_a, *address_b, extent_a, extent_b, most_a, most_b, verdict))
            return verdict;
    }
    if (kept_apart(address_a, address_b, a, b, verdict)) return verdict;
    relate_by_points_to(context, call, a, b, extent_a, extent_b, verdict);
    return verdict;
}

}  // namespace galias::reports
