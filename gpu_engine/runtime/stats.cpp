#include "gpu_engine/runtime/stats.hpp"

#include <nlohmann/json.hpp>

namespace galias::engine {

const char* operator_name(Operator op) {
    switch (op) {
        case Operator::Load:
            return "load";
        case Operator::Join:
            return "join";
        case Operator::Dedup:
            return "dedup";
        case Operator::Difference:
            return "difference";
        case Operator::Merge:
            return "merge";
        case Operator::IndexBuild:
            return "index";
        case Operator::Allocation:
            return "alloc";
        case Operator::Write:
            return "write";
        case Operator::Count:
            break;
    }
    return "?";
}

OperatorTimes& OperatorTimes::operator+=(const OperatorTimes& other) {
    for (std::size_t i = 0; i < kOperatorCount; ++i) seconds[i] += other.seconds[i];
    return *this;
}

namespace {

std::string stratum_label(std::size_t stratum) {
    if (stratum == static_cast<std::size_t>(-1)) return "load";
    if (stratum == static_cast<std::size_t>(-2)) return "output";
    return std::to_string(stratum);
}

}  // namespace

void Stats::print(std::FILE* out) const {
    std::fprintf(out, "backend: %s, EBM %s, sched %s (%zu lanes)\n", backend.c_str(),
                 eager_buffers ? "on" : "off", sched.c_str(), lanes);
    if (ebm_gave_way)
        std::fprintf(
            out, "EBM gave way to the memory-lean mode at the memory limit in stratum %s, iteration %zu\n",
            stratum_label(ebm_gave_way_stratum).c_str(), ebm_gave_way_iteration);
    std::string hashed;
    for (const StratumInfo& stratum : strata)
        for (const std::string& name : stratum.hash_deduplicated)
            hashed += (hashed.empty() ? "" : ", ") + name;
    if (!hashed.empty()) std::fprintf(out, "deduplicated by a tuple hash set: %s\n", hashed.c_str());
    if (coded_values != 0)
        std::fprintf(out, "values coded densely: %llu distinct, value bound %u\n",
                     static_cast<unsigned long long>(coded_values), value_bound);
    if (!iterations.empty()) {
        std::fprintf(out, "%-7s %5s %14s %14s %6s %12s", "stratum", "iter", "delta", "join-out", "allocs",
                     "alloc-MB");
        for (std::size_t op = 0; op < kOperatorCount; ++op)
            std::fprintf(out, " %8s", operator_name(static_cast<Operator>(op)));
        std::fprintf(out, " %9s\n", "total-s");
        for (const IterationStats& it : iterations) {
            std::size_t delta = 0;
            for (std::size_t d : it.delta_tuples) delta += d;
            std::fprintf(out, "%-7s %5zu %14zu %14zu %6zu %12.1f", stratum_label(it.stratum).c_str(),
                         it.iteration, delta, it.join_output_tuples, it.allocations,
                         static_cast<double>(it.allocated_bytes) / 1e6);
            for (double s : it.times.seconds) std::fprintf(out, " %8.4f", s);
            std::fprintf(out, " %9.4f\n", it.seconds);
        }
    }
    if (!rules.empty()) {
        std::fprintf(out, "join output per rule (before deduplication; intermediates of k-ary joins):\n");
        for (const RuleStats& rule : rules) {
            const std::string variant =
                rule.delta_atom < 0 ? "once" : "delta " + std::to_string(rule.delta_atom + 1);
            std::fprintf(out, "  %14llu %14llu  %-8s %s\n",
                         static_cast<unsigned long long>(rule.output_tuples),
                         static_cast<unsigned long long>(rule.intermediate_tuples), variant.c_str(),
                         rule.text.c_str());
        }
    }
    std::fprintf(out, "time per operator (s):");
    for (std::size_t op = 0; op < kOperatorCount; ++op)
        std::fprintf(out, " %s %.3f", operator_name(static_cast<Operator>(op)), totals.seconds[op]);
    std::fprintf(out, "\nbuffers: %zu allocations, %.1f MB allocated in total, peak %.1f MB in use",
                 allocations, static_cast<double>(allocated_bytes) / 1e6,
                 static_cast<double>(peak_bytes) / 1e6);
    if (device_reserved_peak_bytes != 0)
        std::fprintf(out, ", device pool peak %.1f MB",
                     static_cast<double>(device_reserved_peak_bytes) / 1e6);
    std::fprintf(out, "; process peak RSS %.1f MB; %llu iterations\n",
                 static_cast<double>(peak_rss_bytes) / 1e6, static_cast<unsigned long long>(iterations_run));
    if (sched_launches != 0)
        std::fprintf(
            out,
            "launches: %llu planned, %llu beside another lane's kernel; %llu model solves in %.3f ms, "
            "%.3f ms planning in all\n",
            static_cast<unsigned long long>(sched_launches),
            static_cast<unsigned long long>(sched_concurrent_launches),
            static_cast<unsigned long long>(sched_solves), sched_solve_seconds * 1e3,
            sched_plan_seconds * 1e3);
    if (device_waits != 0)
        std::fprintf(out, "device waits: %llu synchronizations, %.3f s\n",
                     static_cast<unsigned long long>(device_waits), device_wait_seconds);
    std::fprintf(out, "total: %.3f s\n", total_seconds);
}

std::string Stats::to_json() const {
    nlohmann::json j;
    j["backend"] = backend;
    j["threads"] = threads;
    j["eager_buffers"] = eager_buffers;
    if (ebm_gave_way)
        j["ebm_gave_way"] = {{"stratum", stratum_label(ebm_gave_way_stratum)},
                             {"iteration", ebm_gave_way_iteration}};
    j["total_seconds"] = total_seconds;
    j["allocations"] = allocations;
    j["allocated_bytes"] = allocated_bytes;
    j["peak_bytes"] = peak_bytes;
    j["peak_rss_bytes"] = peak_rss_bytes;
    j["device_reserved_peak_bytes"] = device_reserved_peak_bytes;
    j["iterations_run"] = iterations_run;
    j["sched"] = sched;
    j["lanes"] = lanes;
    j["coded_values"] = coded_values;
    j["value_bound"] = value_bound;
    j["sched_launches"] = sched_launches;
    j["sched_concurrent_launches"] = sched_concurrent_launches;
    j["sched_solves"] = sched_solves;
    j["sched_solve_seconds"] = sched_solve_seconds;
    j["sched_plan_seconds"] = sched_plan_seconds;
    j["device_waits"] = device_waits;
    j["device_wait_seconds"] = device_wait_seconds;
    nlohmann::json ops;
    for (std::size_t op = 0; op < kOperatorCount; ++op)
        ops[operator_name(static_cast<Operator>(op))] = totals.seconds[op];
    j["operator_seconds"] = ops;
    nlohmann::json its = nlohmann::json::array();
    for (const IterationStats& it : iterations) {
        nlohmann::json x;
        x["stratum"] = stratum_label(it.stratum);
        x["iteration"] = it.iteration;
        x["delta_tuples"] = it.delta_tuples;
        x["join_output_tuples"] = it.join_output_tuples;
        x["allocations"] = it.allocations;
        x["allocated_bytes"] = it.allocated_bytes;
        nlohmann::json t;
        for (std::size_t op = 0; op < kOperatorCount; ++op)
            t[operator_name(static_cast<Operator>(op))] = it.times.seconds[op];
        x["operator_seconds"] = t;
        x["seconds"] = it.seconds;
        its.push_back(x);
    }
    j["iterations"] = its;
    nlohmann::json rule_list = nlohmann::json::array();
    for (const RuleStats& rule : rules) {
        rule_list.push_back({{"rule", rule.text},
                             {"delta_atom", rule.delta_atom},
                             {"output_tuples", rule.output_tuples},
                             {"intermediate_tuples", rule.intermediate_tuples}});
    }
    j["rules"] = rule_list;
    nlohmann::json hashed = nlohmann::json::array();
    for (const StratumInfo& stratum : strata)
        for (const std::string& name : stratum.hash_deduplicated) hashed.push_back(name);
    j["hash_deduplicated"] = hashed;
    return j.dump(1);
}

}  // namespace galias::engine
