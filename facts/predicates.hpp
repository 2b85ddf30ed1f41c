#pragma once
// Every relation an analysis reads or derives, in one table: its name (in the rule set, and
// the stem of its fact file FACTS_DIR/<analysis>/<name>.facts), its arity, its analysis and
// whether it is an input or an output. The frontend writes the inputs under these names,
// the run driver (pipeline/) reads them and takes the outputs by them, and a test
// checks the table against the declarations of analyses/*.dl both ways.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace galias::facts {

// The alias analyses the frontend writes facts for, and the engine's graph benchmarks.
enum class Analysis : std::uint8_t { Cspa, Andersen, Reach, Sg };

// An analysis's name, which is also its fact subdirectory: "cspa".
constexpr std::string_view analysis_name(Analysis analysis) {
    switch (analysis) {
        case Analysis::Cspa:
            return "cspa";
        case Analysis::Andersen:
            return "andersen";
        case Analysis::Reach:
            return "reach";
        case Analysis::Sg:
            return "sg";
    }
    return "?";
}

enum class Direction : std::uint8_t { Input, Output };

struct Predicate {
    std::string_view name;
    std::uint32_t arity = 0;
    Analysis analysis = Analysis::Cspa;
    Direction direction = Direction::Input;
};

// A rule set of analyses/ (its file without ".dl") and the analysis it computes: both CSPA
// rule sets read and derive the same relations.
struct RuleSet {
    std::string_view name;
    Analysis analysis = Analysis::Cspa;
};

namespace predicates {

// CSPA (analyses/cspa.dl, cspa_linear.dl): assign(src, dst) dst = src; dereference(p, q) q is *p.
inline constexpr Predicate kCspaAssign{"assign", 2, Analysis::Cspa, Direction::Input};
inline constexpr Predicate kCspaDereference{"dereference", 2, Analysis::Cspa, Direction::Input};
inline constexpr Predicate kValueFlow{"ValueFlow", 2, Analysis::Cspa, Direction::Output};
inline constexpr Predicate kValueAlias{"ValueAlias", 2, Analysis::Cspa, Direction::Output};
inline constexpr Predicate kMemoryAlias{"MemoryAlias", 2, Analysis::Cspa, Direction::Output};
// Andersen (analyses/andersen.dl): addressOf(y, x) y = &x; assign(y, x) y = x; load(y, x)
// y = *x; store(y, x) *y = x.
inline constexpr Predicate kAndersenAddressOf{"addressOf", 2, Analysis::Andersen, Direction::Input};
inline constexpr Predicate kAndersenAssign{"assign", 2, Analysis::Andersen, Direction::Input};
inline constexpr Predicate kAndersenLoad{"load", 2, Analysis::Andersen, Direction::Input};
inline constexpr Predicate kAndersenStore{"store", 2, Analysis::Andersen, Direction::Input};
inline constexpr Predicate kPointsTo{"PointsTo", 2, Analysis::Andersen, Direction::Output};
// The graph benchmarks (analyses/reach.dl, sg.dl): edge(x, y).
inline constexpr Predicate kReachEdge{"edge", 2, Analysis::Reach, Direction::Input};
inline constexpr Predicate kReach{"Reach", 2, Analysis::Reach, Direction::Output};
inline constexpr Predicate kSgEdge{"edge", 2, Analysis::Sg, Direction::Input};
inline constexpr Predicate kSg{"SG", 2, Analysis::Sg, Direction::Output};

inline constexpr std::array kAll{kCspaAssign,     kCspaDereference,
                                 kValueFlow,      kValueAlias,
                                 kMemoryAlias,    kAndersenAddressOf,
                                 kAndersenAssign, kAndersenLoad,
                                 kAndersenStore,  kPointsTo,
                                 kReachEdge,      kReach,
                                 kSgEdge,         kSg};

inline constexpr std::array kRuleSets{RuleSet{"cspa", Analysis::Cspa}, RuleSet{"cspa_linear", Analysis::Cspa},
                                      RuleSet{"andersen", Analysis::Andersen},
                                      RuleSet{"reach", Analysis::Reach}, RuleSet{"sg", Analysis::Sg}};

}  // namespace predicates

// The predicates of `analysis` in `direction`, in table order (the inputs of CSPA:
// assign, dereference).
std::vector<Predicate> predicates_of(Analysis analysis, Direction direction);

// The stats.tsv counter of a fact relation's rows: "cspa.assign".
std::string fact_counter_name(const Predicate& predicate);

}  // namespace galias::facts
