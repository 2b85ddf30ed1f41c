// `galias analyze -p BUILD_DIR`: frontend -> engine -> checks, findings for people.
#include <memory>

#include "tools/galias/check_options.hpp"

namespace galias::tool {
namespace {

const RegisterCommand kAnalyze{CommandInfo{
    "analyze",
    "Analyse a C project (compile_commands.json) and report aliasing bugs",
    [](CLI::App& app) -> CommandAction {
        auto options = std::make_shared<CheckCommandOptions>();
        options->declare(app, "none");
        return [options] { return options->run(); };
    },
}};

}  // namespace
}  // namespace galias::tool
