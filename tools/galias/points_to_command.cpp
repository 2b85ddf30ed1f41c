// `galias points-to -p BUILD 'file.c:42:p'`: the objects a pointer may point to.
#include <memory>

#include "pipeline/query_driver.hpp"
#include "tools/galias/report_options.hpp"

namespace galias::tool {
namespace {

struct PointsToOptions {
    ReportCommonOptions common;
    std::vector<std::string> variables;
    std::string format = "text";
    bool per_context = false;
};

const RegisterCommand kPointsTo{CommandInfo{
    "points-to",
    "What may a pointer point to? (objects with their declaration or allocation site)",
    [](CLI::App& app) -> CommandAction {
        auto options = std::make_shared<PointsToOptions>();
        options->common.declare(app, pipeline::SessionRequest::DatabaseUse::Answer);
        app.add_option("variables", options->variables, "Pointers (FILE:LINE:VAR, FUNCTION::VAR or GLOBAL)")
            ->required();
        app.add_option("--format", options->format, "text, json or csv")
            ->check(CLI::IsMember({"text", "json", "csv"}));
        app.add_flag("--per-context", options->per_context, "One answer per calling context");
        return [options] {
            pipeline::QueryRequest request{options->common.request(), options->variables, options->format,
                                           options->per_context};
            return pipeline::run_points_to_query(request);
        };
    },
}};

}  // namespace
}  // namespace galias::tool
