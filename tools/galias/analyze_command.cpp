// `galias analyze -p BUILD_DIR`: frontend -> engine -> checks, findings for people. Its
// options are check's (check_options.hpp), --html DIR included: the HTML report of the
// run's findings, notes too (docs/html-report.md); only --fail-on's default differs.
#include <memory>

#include "tools/galias/check_options.hpp"

namespace galias::tool {
namespace {

const RegisterCommand kAnalyze{CommandInfo{
    "analyze",
    "Analyse a C project (compile_commands.json) and report aliasing bugs",
    [](CLI::App& app) -> CommandAction {
        auto options = std::make_shared<CheckCommandOptions>();
        options->declare(app, "none", true);
        return [options] { return options->run(); };
    },
}};

}  // namespace
}  // namespace galias::tool
