#include "facts/temporary_files.hpp"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace galias::facts {

namespace {

struct Registry {
    // Recursive: a commit's renames forget their temporaries while holding the lock.
    std::recursive_mutex mutex;
    std::map<TemporaryFiles::Id, std::filesystem::path> paths;
    TemporaryFiles::Id next = 1;
    bool closed = false;  // an interrupt is removing everything
};

Registry& registry() {
    static Registry* instance = new Registry;  // never destroyed: the interrupt thread may outlive main
    return *instance;
}

sigset_t interrupt_signals() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    return set;
}

void wait_for_interrupt(sigset_t set) {
    int signal_number = 0;
    if (sigwait(&set, &signal_number) != 0) return;
    TemporaryFiles::instance().remove_all();
    // End with the signal's own status (a shell shows 130 for SIGINT, 143 for SIGTERM).
    ::signal(signal_number, SIG_DFL);
    sigset_t one;
    sigemptyset(&one);
    sigaddset(&one, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &one, nullptr);
    ::raise(signal_number);
    ::_exit(128 + signal_number);  // not reached: the default action ends the process
}

}  // namespace

TemporaryFiles& TemporaryFiles::instance() {
    static TemporaryFiles files;
    return files;
}

TemporaryFiles::Id TemporaryFiles::create(const std::filesystem::path& path,
                                          const std::function<void()>& create) {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    if (r.closed) throw std::runtime_error("interrupted");
    create();
    const Id id = r.next++;
    r.paths.emplace(id, path);
    return id;
}

void TemporaryFiles::forget(Id id) {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    r.paths.erase(id);
}

void TemporaryFiles::commit(const std::function<void()>& commit) {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    if (r.closed) throw std::runtime_error("interrupted");
    commit();
}

void TemporaryFiles::remove_all() {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    r.closed = true;
    for (const auto& [id, path] : r.paths) {
        std::error_code ignored;
        std::filesystem::remove_all(path, ignored);
    }
    r.paths.clear();
}

std::size_t TemporaryFiles::size() const {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    return r.paths.size();
}

void install_interrupt_cleanup() {
    ::signal(SIGXFSZ, SIG_IGN);
    const sigset_t set = interrupt_signals();
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    std::thread(wait_for_interrupt, set).detach();
}

}  // namespace galias::facts
