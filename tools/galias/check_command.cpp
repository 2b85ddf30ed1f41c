// `galias check -p BUILD_DIR --sarif out.sarif`: the CI form of analyze (exit 1 on findings
// at or above --fail-on, default error).
#include <memory>

#include "tools/galias/check_options.hpp"

namespace galias::tool {
namespace {

const RegisterCommand kCheck{CommandInfo{
    "check",
    "CI gate: analyse, write SARIF, exit 1 when findings reach --fail-on",
    [](CLI::App& app) -> CommandAction {
        auto options = std::make_shared<CheckCommandOptions>();
        options->declare(app, "error", false);
        return [options] { return options->run(); };
    },
}};

}  // namespace
}  // namespace galias::tool
