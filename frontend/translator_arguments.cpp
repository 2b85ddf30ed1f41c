// The argument addresses of a call (frontend/translator_arguments.hpp).
#include "frontend/translator_arguments.hpp"

#include <algorithm>
#include <map>

namespace galias::frontend::detail {

namespace {

using Base = facts::ArgumentAddress::Base;
using Point = LocalDefinitions::Point;

}  // namespace

void ArgumentAddresses::describe_arguments(const clang::CallExpr* e, CallSite& site) {
    std::size_t pointers = 0;
    for (const CallValue& arg : site.args) pointers += arg.term != kNone && !arg.aggregate ? 1 : 0;
    // One pointer is enough for a release (free(p)), or a call through a function pointer that
    // may be one (a `dispose` hook set to free): the memory checks ask where it points.
    if ((pointers < 2 && !(pointers == 1 && may_release_block(e, options()))) || locals() == nullptr) return;
    std::vector<Symbolic> addresses(site.args.size());
    std::vector<std::optional<KeyedSum>> sums(site.args.size());  // offsets and integers not constant
    evaluate_arguments(e, site, addresses, sums);
    // A call or assignment in one argument may change memory another argument reads, in
    // either order: loads at the call are then not known to be equal.
    bool side_effects = false;
    for (const clang::Expr* arg : e->arguments()) side_effects = side_effects || arg->HasSideEffects(ast());
    for (CallValue& arg : site.args) {
        const std::string& base = arg.address.base;
        if (side_effects && base.rfind("load(", 0) == 0 && base.size() >= 2 &&
            base.compare(base.size() - 2, 2, ")@") == 0) {
            arg.address = facts::ArgumentAddress{};
            arg.allocation = kNone;
            arg.needs_fresh.clear();
        }
    }
    if (!side_effects) name_sums(sums, site);
    keep_apart_from_fresh_blocks(e, site, addresses);
}

void ArgumentAddresses::evaluate_arguments(const clang::CallExpr* e, CallSite& site,
                                           std::vector<Symbolic>& addresses,
                                           std::vector<std::optional<KeyedSum>>& sums) {
    const EvaluationPoint here{"", Point{e, nullptr}};
    for (unsigned i = 0; i < site.args.size() && i < e->getNumArgs(); ++i) {
        CallValue& arg = site.args[i];
        if (arg.term == kNone) {
            if (e->getArg(i)->getType()->isIntegerType()) {
                arg.address.constant = sums_.constant_of(e->getArg(i));
                if (!arg.address.constant) sums[i] = sums_.integer_sum(e->getArg(i), here, 0);
            }
            continue;
        }
        if (arg.aggregate) continue;
        addresses[i] = addresses_.pointer_address(e->getArg(i), here, 0);
        const Symbolic& s = addresses[i];
        if (s.kind != Base::Unknown && !s.offset) sums[i] = s.sum;
        facts::ArgumentAddress& a = arg.address;
        a.base_kind = s.kind;
        a.base = s.kind == Base::Unknown ? std::string() : s.base;
        a.offset = s.kind == Base::Unknown ? std::nullopt : s.offset;
        if (s.kind != Base::Unknown && !s.record.empty()) {
            a.record = s.record;
            a.lo = s.lo;
            a.hi = s.hi;
        }
        arg.allocation = s.allocation;
        arg.needs_fresh = s.needs_fresh;
    }
}

// The sums of a call's arguments as linear forms over values named 0, 1, ... in the order of
// their keys, so that two arguments reading the same value name it alike.
void ArgumentAddresses::name_sums(const std::vector<std::optional<KeyedSum>>& sums, CallSite& site) {
    std::map<std::string, std::uint32_t> names;
    for (const std::optional<KeyedSum>& sum : sums) {
        if (!sum) continue;
        for (const auto& entry : sum->terms) names.try_emplace(entry.first, 0);
    }
    std::uint32_t next = 0;
    for (auto& entry : names) entry.second = next++;
    for (std::size_t i = 0; i < sums.size(); ++i) {
        if (!sums[i] || sums[i]->terms.empty()) continue;
        facts::LinearForm form;
        form.constant = sums[i]->constant;
        for (const auto& [key, term] : sums[i]->terms)
            form.terms.push_back(facts::LinearTerm{names.at(key), term.coefficient, term.nonnegative});
        site.args[i].address.linear = std::move(form);
    }
}

void ArgumentAddresses::keep_apart_from_fresh_blocks(const clang::CallExpr* e, CallSite& site,
                                                     const std::vector<Symbolic>& addresses) {
    for (unsigned i = 0; i < addresses.size(); ++i) {
        const Symbolic& fresh = addresses[i];
        if (fresh.allocation == kNone || site.args[i].address.base_kind == Base::Unknown) continue;
        const clang::CallExpr* allocation = call_numbered(fresh.allocation);
        if (allocation == nullptr) continue;
        std::optional<Escape> escape;
        for (unsigned j = 0; j < addresses.size(); ++j) {
            const Symbolic& other = addresses[j];
            if (j == i || site.args[j].term == kNone || site.args[j].aggregate) continue;
            if (other.kind == Base::Unknown || other.base == fresh.base) continue;
            CallValue::Apart apart{j, {}};
            if (!apart_from_block(e, allocation, other, escape, apart)) continue;
            apart.needs_fresh.insert(apart.needs_fresh.end(), other.needs_fresh.begin(),
                                     other.needs_fresh.end());
            site.args[i].apart.push_back(std::move(apart));
        }
    }
}

bool ArgumentAddresses::apart_from_block(const clang::CallExpr* e, const clang::CallExpr* allocation,
                                         const Symbolic& other, std::optional<Escape>& escape,
                                         CallValue::Apart& apart) {
    const Point use{e, nullptr};
    // A named variable is never a new heap block.
    if (other.kind == Base::Object || predates(other, Point{allocation, nullptr}, use)) return true;
    if (other.base.rfind("phi", 0) == 0) return false;
    // The block went only into the function's own copies, or into memory cells the other
    // value is not read from.
    if (!escape) escape = escape_.escape_before(allocation, e);
    return !escape->anywhere && apart_from_cells(other, escape->cells, use, apart);
}

bool ArgumentAddresses::apart_from_cells(const Symbolic& other, const std::vector<Symbolic>& cells,
                                         const Point& use, CallValue::Apart& apart) {
    const Symbolic* read = other.cell.get();
    for (const Symbolic& stored : cells) {
        if (read != nullptr && read->base == stored.base) {
            if (!(read->offset && stored.offset && *read->offset != *stored.offset)) return false;
        } else if (read != nullptr && stored.allocation != kNone) {
            // The cell is in an object allocated in this function; the other was read from an
            // object that existed before that allocation.
            const clang::CallExpr* owner = call_numbered(stored.allocation);
            if (owner == nullptr ||
                !(read->kind == Base::Object || predates(*read, Point{owner, nullptr}, use)))
                return false;
            apart.needs_fresh.push_back(stored.allocation);
        } else {
            // A value read from no cell (a call's result, a parameter) may come from the cell,
            // and so may one read from another cell when the cell is in memory this function
            // did not allocate.
            return false;
        }
    }
    return true;
}

bool ArgumentAddresses::predates(const Symbolic& value, const Point& block, const Point& use) const {
    return !value.born.empty() && std::all_of(value.born.begin(), value.born.end(), [&](const Point& p) {
        return locals()->in_graph(p) && !locals()->reaches_avoiding(p, use, block);
    });
}

const clang::CallExpr* ArgumentAddresses::call_numbered(std::uint32_t index) const {
    const auto found = std::find_if(function().call_index.begin(), function().call_index.end(),
                                    [&](const auto& entry) { return entry.second == index; });
    return found == function().call_index.end() ? nullptr : found->first;
}

}  // namespace galias::frontend::detail
