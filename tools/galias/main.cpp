// The galias tool: a thin main over the libraries; each subcommand lives in its own file.
#include <cstdio>
#include <exception>
#include <new>

#include "facts/diagnostic.hpp"
#include "tools/galias/command.hpp"
#include "tools/galias/version.hpp"

namespace galias::tool {

std::vector<CommandInfo>& registered_commands() {
    static std::vector<CommandInfo> commands;
    return commands;
}

static int run_tool(int argc, char** argv) {
    CLI::App app{"galias: GPU-accelerated static alias analysis for C", "galias"};
    app.set_version_flag("--version", std::string("galias ") + kVersion);
    app.require_subcommand(1);
    std::vector<std::pair<CLI::App*, CommandAction>> actions;
    for (const CommandInfo& info : registered_commands()) {
        CLI::App* sub = app.add_subcommand(info.name, info.description);
        actions.emplace_back(sub, info.setup(*sub));
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitUsage;
    }
    for (auto& [sub, action] : actions) {
        if (sub->parsed()) return action();
    }
    return kExitUsage;
}

}  // namespace galias::tool

int main(int argc, char** argv) {
    try {
        return galias::tool::run_tool(argc, argv);
    } catch (const galias::DiagnosticError& e) {
        std::fprintf(stderr, "%s\n", e.diagnostic().str().c_str());
        return galias::tool::kExitUsage;
    } catch (const std::bad_alloc& e) {
        // Not a bug: the analysis outgrew the memory of the backend it ran on.
        std::fprintf(stderr,
                     "galias: error: out of memory: %s\n"
                     "galias: note: fewer facts (a smaller --context-k) or another backend (--backend cpu|cuda) may fit\n",
                     e.what());
        return galias::tool::kExitInternal;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "galias: internal error: %s\n", e.what());
        return galias::tool::kExitInternal;
    }
}
