#include "facts/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "facts/diagnostic.hpp"

namespace galias::facts {

namespace {

[[noreturn]] void bad_input(const std::filesystem::path& path, std::string_view what,
                            const std::string& problem) {
    throw DiagnosticError(SourceLocation{path.string(), 0, 0},
                          "cannot read the " + std::string(what) + ": " + problem);
}

// Opens `file` for reading after checking what it is; returns the descriptor.
int open_checked(const std::filesystem::path& file, std::string_view what) {
    struct stat status {};
    if (::stat(file.c_str(), &status) != 0) bad_input(file, what, std::strerror(errno));
    if (S_ISDIR(status.st_mode)) bad_input(file, what, "it is a directory");
    // A FIFO opens once a writer does, as with any program that reads one.
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) bad_input(file, what, std::strerror(errno));
    return fd;
}

}  // namespace

std::string read_input_file(const std::filesystem::path& file, std::string_view what, std::size_t max_bytes) {
    const int fd = open_checked(file, what);
    struct stat status {};
    std::string text;
    // A regular file's size is a hint for the first allocation only: it may change while
    // it is read, and streams have none.
    if (::fstat(fd, &status) == 0 && S_ISREG(status.st_mode) && status.st_size > 0) {
        const auto size = static_cast<std::size_t>(status.st_size);
        if (size > max_bytes) {
            ::close(fd);
            bad_input(file, what,
                      "it holds " + std::to_string(size) + " bytes, more than the limit of " +
                          std::to_string(max_bytes));
        }
        text.reserve(size);
    }
    constexpr std::size_t kChunk = std::size_t{1} << 20;
    for (;;) {
        const std::size_t old_size = text.size();
        if (old_size >= max_bytes) {
            // One byte more tells a stream that ends exactly at the limit from a longer one.
            char probe = 0;
            ssize_t extra = 0;
            do extra = ::read(fd, &probe, 1);
            while (extra < 0 && errno == EINTR);
            if (extra == 0) break;
            ::close(fd);
            bad_input(file, what, "it holds more than the limit of " + std::to_string(max_bytes) + " bytes");
        }
        const std::size_t want = std::min(kChunk, max_bytes - old_size);
        text.resize(old_size + want);
        const ssize_t got = ::read(fd, text.data() + old_size, want);
        if (got < 0) {
            if (errno == EINTR) {
                text.resize(old_size);
                continue;
            }
            const int error = errno;
            ::close(fd);
            bad_input(file, what, std::strerror(error));
        }
        text.resize(old_size + static_cast<std::size_t>(got));
        if (got == 0) break;
    }
    ::close(fd);
    return text;
}

void check_input_file(const std::filesystem::path& file, std::string_view what) {
    struct stat status {};
    if (::stat(file.c_str(), &status) != 0) bad_input(file, what, std::strerror(errno));
    if (S_ISDIR(status.st_mode)) bad_input(file, what, "it is a directory");
    // A FIFO is not opened here: that would consume its only writer's data.
    if (!S_ISFIFO(status.st_mode) && ::access(file.c_str(), R_OK) != 0)
        bad_input(file, what, std::strerror(errno));
}

void check_input_directory(const std::filesystem::path& dir, std::string_view what) {
    struct stat status {};
    if (::stat(dir.c_str(), &status) != 0) bad_input(dir, what, std::strerror(errno));
    if (!S_ISDIR(status.st_mode)) bad_input(dir, what, "it is not a directory");
}

}  // namespace galias::facts
