#pragma once
// One analysed program, as every report command needs it: input (frontend or fact
// directory) -> CSPA and Andersen on the engine, whole or on demand (alias_answers.hpp) ->
// alias oracle, source view and witness finder. Shared by analyze/check, query and
// points-to.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/alias_answers.hpp"
#include "pipeline/alias_solver.hpp"
#include "pipeline/database_inputs.hpp"
#include "pipeline/program_input.hpp"
#include "pipeline/results_database.hpp"
#include "reports/alias_oracle.hpp"
#include "reports/config.hpp"
#include "reports/progress_line.hpp"
#include "reports/witness_path.hpp"

namespace galias::pipeline {

struct SessionRequest {
    std::filesystem::path build_dir;                   // -p: holds compile_commands.json
    std::filesystem::path facts_dir;                   // --facts: a fact directory instead
    std::optional<std::filesystem::path> config_file;  // --config; else .galias.toml is searched
    std::filesystem::path source_root = ".";
    std::optional<unsigned> context_k;  // overrides the configuration
    engine::BackendKind backend = engine::BackendKind::Auto;
    unsigned threads = 0;
    engine::CudaSwitches cuda;  // the CUDA backend's trace and strategies (EngineOptions::cuda)
    bool quiet = false;
    // --db DIR (pipeline/results_database.hpp). Answer (query, points-to): answer
    // from the database, refuse a stale one; -p may be left out (the database names its
    // compile database). Refresh (analyze, check): use it when it is fresh, else analyse
    // and write it.
    enum class DatabaseUse { Off, Answer, Refresh };
    std::filesystem::path database;
    DatabaseUse database_use = DatabaseUse::Off;
    std::string tool_identity;         // galias version and commit: a database from another build is stale
    std::filesystem::path unit_cache;  // --cache DIR: the frontend's per-unit fact cache; empty = off
    // --solve, --solve-memory-limit, --solve-time-limit; what the command reads of CSPA.
    // (writes_database is the session's to set.)
    SolveSettings solve;
};

struct SessionTimes {
    double input_seconds = 0;
    double solve_seconds = 0;      // every solve, the demand's rounds while the work ran included
    double asked_seconds = 0;      // of it, the rounds answer_on_demand ran (inside the work's time)
    bool from_database = false;    // the results were read from --db, nothing was extracted or solved
    double reextract_seconds = 0;  // of input_seconds, the extraction at context depth 0 after a bound
};

class AnalysisSession {
public:
    // Loads the configuration only (cheap; done first so config errors come before work).
    explicit AnalysisSession(const SessionRequest& request);
    AnalysisSession(const AnalysisSession&) = delete;  // the oracle refers into input_
    AnalysisSession& operator=(const AnalysisSession&) = delete;
    // Extracts or reads the facts and solves; shows progress on `progress`.
    void analyse(reports::ProgressLine& progress);

    // Runs `work` (which asks oracle() and witness()) and returns what it returns. On a
    // demand solve the oracle answers the ValueAlias pairs it has not solved "no" and
    // records them; they are solved and `work` runs again, until a run asks nothing new:
    // that run had every answer a full solve gives. Usually one run (the checks ask no
    // pair unless must-not-alias is configured), else two.
    template <class Work>
    auto answer_on_demand(Work work, reports::ProgressLine& progress) {
        for (;;) {
            auto result = work();
            if (!solve_asked(progress)) return result;
        }
    }

    [[nodiscard]] const reports::ReportConfig& config() const { return config_; }
    [[nodiscard]] const ProgramInput& input() const { return input_; }
    [[nodiscard]] const AliasResults& results() const { return results_; }
    [[nodiscard]] const reports::AliasOracle& oracle() const { return *oracle_; }
    [[nodiscard]] const reports::SourceView& view() const { return *view_; }
    [[nodiscard]] const reports::WitnessFinder& witness() const { return *witness_; }
    [[nodiscard]] const SessionTimes& times() const { return times_; }
    [[nodiscard]] const SessionRequest& request() const { return request_; }
    // How CSPA was solved, and what passed a bound; null when the results came from --db.
    [[nodiscard]] const AliasAnswers* solve_report() const { return answers_.get(); }

private:
    [[nodiscard]] std::filesystem::path compile_database() const;
    [[nodiscard]] DatabaseKey database_key() const;
    // Loads a fresh --db; false when it must be (re)written. Throws for a stale or corrupt
    // one in Answer mode.
    bool read_database(reports::ProgressLine& progress);
    // The solve's options, its progress shown on `progress`.
    [[nodiscard]] SolveOptions solve_options(reports::ProgressLine& progress) const;
    // Solves what the last run of answer_on_demand's work asked and could not be answered;
    // false when nothing.
    bool solve_asked(reports::ProgressLine& progress);
    void build_views();
    // The frontend's request for this session's compilation database and configuration.
    [[nodiscard]] ExtractRequest extract_request(reports::ProgressLine& progress) const;
    // Runs the frontend; prints its diagnostics when asked (errors even with --quiet).
    [[nodiscard]] ProgramInput extract_sources(const ExtractRequest& extract, reports::ProgressLine& progress,
                                               bool say_diagnostics) const;
    // After MemoryAlias passed its bound at context depth k > 0: extracts and solves again at
    // depth 0, and keeps that program if it solves within the bounds (analysis_session.cpp).
    void solve_at_depth_0(const ExtractRequest& extract, const SolveSettings& settings,
                          reports::ProgressLine& progress);

    SessionRequest request_;
    reports::ReportConfig config_;
    ProgramInput input_;
    AliasResults results_;
    std::unique_ptr<AliasAnswers> answers_;  // how the results were solved (none from --db)
    // From --db: the solved relations, mapped, and the witness paths' view of MemoryAlias;
    // the oracle and the witness finder below read them (declared first: destroyed last).
    StoredResults stored_;
    std::unique_ptr<reports::MemoryEdges> stored_memory_;
    std::unique_ptr<reports::AliasOracle> oracle_;
    std::unique_ptr<reports::SourceView> view_;
    std::unique_ptr<reports::WitnessFinder> witness_;
    SessionTimes times_;
};

}  // namespace galias::pipeline
