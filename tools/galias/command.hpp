#pragma once
// Subcommands of the `galias` tool register themselves here, one file each
// (`run_command.cpp`, `facts_command.cpp`, ...), so main.cpp never changes when one is added.
// The command files are compiled into the executable itself, not a static library, so the
// linker cannot drop a registration.

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

namespace galias::tool {

// What a command does once its options are parsed; returns the process exit code.
using CommandAction = std::function<int()>;

struct CommandInfo {
    std::string name;
    std::string description;
    // Declares the command's options on `app` (bound to state the action captures) and
    // returns the action.
    std::function<CommandAction(CLI::App& app)> setup;
};

std::vector<CommandInfo>& registered_commands();

struct RegisterCommand {
    explicit RegisterCommand(CommandInfo info) { registered_commands().push_back(std::move(info)); }
};

// Exit codes shared by all commands (documented in docs/CLI.md and docs/FAILURES.md).
inline constexpr int kExitOk = 0;
inline constexpr int kExitFindings = 1;
inline constexpr int kExitUsage = 2;     // bad command line or bad input (with a location)
inline constexpr int kExitInternal = 3;  // a bug or an environment failure (out of memory, a write)

// -j N asks for N threads; beyond max(256, 8 per core) they only cost memory and start-up,
// and tens of thousands crash the thread pools. Larger requests are reduced to that, with a
// warning on stderr. 0 (all cores) stays 0.
unsigned sane_thread_count(unsigned requested, const char* option);

}  // namespace galias::tool
