#include "frontend/link_units.hpp"

#include <algorithm>
#include <deque>
#include <unordered_map>
#include <unordered_set>

namespace galias::frontend {

namespace {

const std::string kMain = "ext:main:fn";  // the key of `main` (EntityTable::entity_for)

struct Symbols {
    std::vector<std::string> defines;
    std::vector<std::string> references;
};

Symbols symbols_of(const TranslationUnitIr& unit) {
    std::unordered_set<std::string> defined(unit.defined_variables.begin(), unit.defined_variables.end());
    for (const Function& f : unit.functions) {
        const std::string& key = unit.entities[f.entity].key;
        if (f.has_body && !f.inline_only && is_external_key(key)) defined.insert(key);
    }
    Symbols symbols;
    symbols.defines.assign(defined.begin(), defined.end());
    std::sort(symbols.defines.begin(), symbols.defines.end());
    std::unordered_set<std::string> referenced;
    const auto refer = [&](const std::string& key) {
        if (defined.count(key) == 0 && referenced.insert(key).second) symbols.references.push_back(key);
    };
    for (const Entity& e : unit.entities) {
        const bool symbol = e.kind == facts::NodeKind::Function || e.kind == facts::NodeKind::Global;
        if (symbol && is_external_key(e.key)) refer(e.key);
    }
    for (const std::string& key : unit.referenced_variables) refer(key);
    return symbols;
}

// One program being linked: its units and the symbols they define.
class ProgramBuilder {
public:
    // `flags`: the flag set of the program's first unit, whose definers are preferred.
    ProgramBuilder(const std::vector<Symbols>& symbols,
                   const std::unordered_map<std::string, std::vector<std::size_t>>& definers,
                   const std::vector<std::string>& flag_sets, std::string flags)
        : symbols_(symbols),
          definers_(definers),
          flag_sets_(flag_sets),
          flags_(std::move(flags)),
          member_(symbols.size(), false) {}

    [[nodiscard]] bool has(std::size_t unit) const { return member_[unit]; }

    // True when the unit defines a symbol the program already has (a second definition).
    [[nodiscard]] bool clashes(std::size_t unit) const {
        return std::any_of(symbols_[unit].defines.begin(), symbols_[unit].defines.end(),
                           [&](const std::string& s) { return defined_.count(s) != 0; });
    }

    void add(std::size_t unit) {
        member_[unit] = true;
        defined_.insert(symbols_[unit].defines.begin(), symbols_[unit].defines.end());
        wanted_.insert(wanted_.end(), symbols_[unit].references.begin(), symbols_[unit].references.end());
    }

    // Takes in definers of the symbols referenced and not defined, until none is left that
    // some unit can still provide.
    void resolve_references() {
        while (!wanted_.empty()) {
            const std::string symbol = std::move(wanted_.front());
            wanted_.pop_front();
            if (defined_.count(symbol) != 0 || !tried_.insert(symbol).second) continue;
            auto it = definers_.find(symbol);
            if (it == definers_.end()) continue;  // outside the database (the C library)
            std::size_t chosen = symbols_.size();
            for (std::size_t unit : it->second) {
                if (member_[unit] || defines_main(unit) || clashes(unit)) continue;
                if (chosen == symbols_.size()) chosen = unit;
                if (same_flags(unit)) {
                    chosen = unit;
                    break;
                }
            }
            if (chosen != symbols_.size()) add(chosen);
        }
    }

    [[nodiscard]] std::vector<std::size_t> units() const {
        std::vector<std::size_t> out;
        for (std::size_t u = 0; u < member_.size(); ++u) {
            if (member_[u]) out.push_back(u);
        }
        return out;
    }

    [[nodiscard]] bool same_flags(std::size_t unit) const {
        return flag_sets_.empty() || flag_sets_[unit] == flags_;
    }

    [[nodiscard]] bool defines_main(std::size_t unit) const {
        return std::binary_search(symbols_[unit].defines.begin(), symbols_[unit].defines.end(), kMain);
    }

private:
    const std::vector<Symbols>& symbols_;
    const std::unordered_map<std::string, std::vector<std::size_t>>& definers_;
    const std::vector<std::string>& flag_sets_;
    std::string flags_;
    std::vector<bool> member_;
    std::unordered_set<std::string> defined_;
    std::deque<std::string> wanted_;
    std::unordered_set<std::string> tried_;  // symbols already looked up (found or not)
};

}  // namespace

LinkUnit whole_database(std::size_t units) {
    LinkUnit all{"program", {}};
    for (std::size_t u = 0; u < units; ++u) all.units.push_back(u);
    return all;
}

std::vector<LinkUnit> find_link_units(const std::vector<TranslationUnitIr>& units,
                                      const std::vector<std::string>& flag_sets) {
    // The common case first, without building symbol tables: one program.
    std::vector<std::size_t> mains;
    std::unordered_set<std::string> files;
    bool file_twice = false;
    for (std::size_t u = 0; u < units.size(); ++u) {
        const auto& functions = units[u].functions;
        if (std::any_of(functions.begin(), functions.end(), [&](const Function& f) {
                return f.has_body && !f.inline_only && units[u].entities[f.entity].key == kMain;
            })) {
            mains.push_back(u);
        }
        file_twice = !files.insert(units[u].file).second || file_twice;
    }
    if (mains.size() <= 1 && !file_twice) return {whole_database(units.size())};

    const auto flags_of = [&](std::size_t u) { return flag_sets.empty() ? std::string() : flag_sets[u]; };
    std::vector<Symbols> symbols;
    symbols.reserve(units.size());
    for (const TranslationUnitIr& unit : units) symbols.push_back(symbols_of(unit));
    std::unordered_map<std::string, std::vector<std::size_t>> definers;
    for (std::size_t u = 0; u < units.size(); ++u) {
        for (const std::string& s : symbols[u].defines) definers[s].push_back(u);
    }

    std::vector<LinkUnit> programs;
    std::vector<bool> taken(units.size(), false);
    const auto record = [&](std::string name, const ProgramBuilder& builder) {
        LinkUnit program{std::move(name), builder.units()};
        for (std::size_t u : program.units) taken[u] = true;
        programs.push_back(std::move(program));
    };
    for (std::size_t root : mains) {
        ProgramBuilder builder(symbols, definers, flag_sets, flags_of(root));
        builder.add(root);
        builder.resolve_references();
        if (mains.size() == 1) {
            // The only executable links every object that fits, those compiled alike first.
            for (const bool alike : {true, false}) {
                for (std::size_t u = 0; u < units.size(); ++u) {
                    if (!builder.has(u) && builder.same_flags(u) == alike && !builder.clashes(u))
                        builder.add(u);
                }
            }
            builder.resolve_references();
        }
        record("executable " + units[root].file, builder);
    }
    // What no executable took in: libraries, one flag set each (the flags of the first unit
    // left), each without a second definition of a symbol. All units that fit are added
    // before references are resolved, so that a library is that flag set's units rather
    // than a mix the first references happen to pull in.
    for (std::size_t libraries = 1;; ++libraries) {
        std::size_t first = 0;
        while (first < units.size() && taken[first]) ++first;
        if (first == units.size()) break;
        ProgramBuilder builder(symbols, definers, flag_sets, flags_of(first));
        for (std::size_t u = first; u < units.size(); ++u) {
            if (taken[u] || !builder.same_flags(u) || builder.clashes(u)) continue;
            builder.add(u);
        }
        builder.resolve_references();
        record(libraries == 1 ? "library" : "library " + std::to_string(libraries), builder);
    }
    return programs;
}

}  // namespace galias::frontend
