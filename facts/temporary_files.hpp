#pragma once
// Every temporary file or directory galias creates on its way to an output (output_file.hpp)
// is registered here, so that an interrupted run (SIGINT, SIGTERM, SIGHUP) leaves none
// behind: the tool's main calls install_interrupt_cleanup() before it starts any thread,
// and one thread then waits for those signals, removes every registered temporary and ends
// the process with the signal's own status.
//
// A commit (the renames that put finished outputs in place) runs under the registry's
// lock, so an interrupt that arrives during one waits until every rename of it is done:
// a set of outputs is either all new or all old.

#include <cstdint>
#include <filesystem>
#include <functional>

namespace galias::facts {

class TemporaryFiles {
public:
    using Id = std::uint64_t;

    static TemporaryFiles& instance();

    // Runs `create` (which makes the file or directory at `path`) and registers `path`, both
    // under the lock, so that an interrupt never finds a temporary it does not know of.
    // After an interrupt has started removing temporaries, throws instead of creating.
    Id create(const std::filesystem::path& path, const std::function<void()>& create);
    // The temporary is gone or has become an output: it is no longer removed on interrupt.
    void forget(Id id);
    // Runs `commit` with interrupts held off (see above).
    void commit(const std::function<void()>& commit);
    // Removes every registered temporary (files and whole directories); later create()
    // calls throw. Called by the interrupt thread; callable by tests.
    void remove_all();
    // How many temporaries are registered (for tests).
    [[nodiscard]] std::size_t size() const;

private:
    TemporaryFiles() = default;
};

// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread (and so in every thread it starts
// later) and starts the thread that handles them as described above. Also ignores SIGXFSZ,
// so that a write past `ulimit -f` fails with EFBIG (and is reported) instead of killing
// the process. Call once, first thing in main.
void install_interrupt_cleanup();

}  // namespace galias::facts
