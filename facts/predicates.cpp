#include "facts/predicates.hpp"

namespace galias::facts {

std::vector<Predicate> predicates_of(Analysis analysis, Direction direction) {
    std::vector<Predicate> found;
    for (const Predicate& predicate : predicates::kAll)
        if (predicate.analysis == analysis && predicate.direction == direction) found.push_back(predicate);
    return found;
}

std::string fact_counter_name(const Predicate& predicate) {
    return std::string(analysis_name(predicate.analysis)) + "." + std::string(predicate.name);
}

}  // namespace galias::facts
