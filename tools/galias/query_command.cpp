// `galias query -p BUILD 'file.c:42:p' 'main::q'`: may the two alias, and why.
#include <memory>

#include "pipeline/query_driver.hpp"
#include "tools/galias/report_options.hpp"

namespace galias::tool {
namespace {

struct QueryOptions {
    ReportCommonOptions common;
    std::vector<std::string> variables;
    std::string format = "text";
    bool per_context = false;
};

const RegisterCommand kQuery{CommandInfo{
    "query",
    "May two variables alias? (FILE:LINE:VAR, FUNCTION::VAR or GLOBAL)",
    [](CLI::App& app) -> CommandAction {
        auto options = std::make_shared<QueryOptions>();
        options->common.declare(app, pipeline::SessionRequest::DatabaseUse::Answer);
        app.add_option("variables", options->variables, "Two variables")->required()->expected(2);
        app.add_option("--format", options->format, "text, json or csv")
            ->check(CLI::IsMember({"text", "json", "csv"}));
        app.add_flag("--per-context", options->per_context, "Answer per calling context");
        return [options] {
            pipeline::QueryRequest request{options->common.request(), options->variables, options->format,
                                           options->per_context};
            return pipeline::run_alias_query(request);
        };
    },
}};

}  // namespace
}  // namespace galias::tool
