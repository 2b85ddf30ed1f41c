// The galias tool: a thin main over the libraries; each subcommand lives in its own file.
// Failures end here, each with one exit code (docs/FAILURES.md).
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <thread>

#include "facts/diagnostic.hpp"
#include "facts/output_file.hpp"
#include "facts/temporary_files.hpp"
#include "gpu_engine/engine.hpp"
#include "tools/galias/command.hpp"
#include "tools/galias/command_line.hpp"
#include "tools/galias/version_text.hpp"

namespace galias::tool {

std::vector<CommandInfo>& registered_commands() {
    static std::vector<CommandInfo> commands;
    return commands;
}

unsigned sane_thread_count(unsigned requested, const char* option) {
    const unsigned most = std::max(256U, 8U * std::max(1U, std::thread::hardware_concurrency()));
    if (requested <= most) return requested;
    std::fprintf(stderr, "galias: warning: %s %u is more threads than this machine can use; using %u\n",
                 option, requested, most);
    return most;
}

namespace {

std::vector<std::string>& recorded_command_line() {
    static std::vector<std::string> words;
    return words;
}

// What may let an analysis that ran out of memory fit, per command.
const char* memory_hint(const std::string& command) {
    if (command == "run")
        return "the memory-lean mode (--no-ebm), a smaller --batch-mb or another backend (--backend "
               "cpu|cuda) may fit";
    if (command == "facts") return "fewer translation units at once (-j) or a smaller --context-k may fit";
    return "fewer facts (a smaller --context-k) or another backend (--backend cpu|cuda) may fit";
}

int run_command(const std::string& command, const CommandAction& action) {
    try {
        const int status = action();
        facts::flush_stdout();  // output that never arrived is a failure, not a success
        return status;
    } catch (const DiagnosticError& e) {
        std::fprintf(stderr, "%s\n", e.diagnostic().str().c_str());
        return kExitUsage;
    } catch (const facts::OutputError& e) {
        std::fprintf(stderr, "galias: error: %s\n", printable(e.what()).c_str());
        return kExitInternal;
    } catch (const engine::DeviceUnavailable& e) {
        // --backend cuda on a GPU that does not start: the machine's state, not a bug.
        std::fprintf(stderr, "galias: error: %s\n", printable(e.what()).c_str());
        return kExitInternal;
    } catch (const std::bad_alloc& e) {
        // Not a bug: the analysis outgrew the memory of the backend it ran on.
        std::fprintf(stderr, "galias: error: out of memory: %s\ngalias: note: %s\n",
                     printable(e.what()).c_str(), memory_hint(command));
        return kExitInternal;
    }
}

int run_tool(int argc, char** argv) {
    recorded_command_line().assign(argv, argv + argc);
    CLI::App app{"galias: GPU-accelerated static alias analysis for C", "galias"};
    app.set_version_flag("--version", version_text,
                         "Print the version, the commit and what was compiled in, and exit");
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
        if (!sub->parsed()) continue;
        const int status = run_command(sub->get_name(), action);
        engine::release_device_memory();  // nothing of the GPU's left allocated at exit
        return status;
    }
    return kExitUsage;
}

}  // namespace

const std::vector<std::string>& command_line_words() {
    return recorded_command_line();
}

}  // namespace galias::tool

int main(int argc, char** argv) {
    // Before any thread starts: interrupts remove temporaries (facts/temporary_files.hpp).
    galias::facts::install_interrupt_cleanup();
    int status = galias::tool::kExitInternal;
    try {
        status = galias::tool::run_tool(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "galias: internal error: %s\n", galias::printable(e.what()).c_str());
        status = galias::tool::kExitInternal;
    }
    // --help and --version write to stdout too; a failed write there is an error as well.
    if (std::fclose(stdout) != 0 && status == galias::tool::kExitOk) {
        std::fprintf(stderr, "galias: error: cannot write standard output: %s\n", std::strerror(errno));
        status = galias::tool::kExitInternal;
    }
    return status;
}
