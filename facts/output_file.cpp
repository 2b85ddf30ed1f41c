#include "facts/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <random>
#include <system_error>
#include <vector>

#include "facts/diagnostic.hpp"

namespace galias::facts {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kBufferBytes = std::size_t{1} << 20;

std::string errno_text(int error) {
    return std::strerror(error);
}

// A name no other writer uses: the process id, a counter and a random part.
std::string unique_suffix() {
    static std::atomic<std::uint64_t> counter{0};
    static const std::uint64_t kSalt = std::random_device{}();
    return std::to_string(::getpid()) + "-" + std::to_string(counter.fetch_add(1)) + "-" +
           std::to_string(kSalt % 1000000);
}

// The file the target names, following symbolic links (a link to a report stays a link).
fs::path resolve_links(const fs::path& target) {
    std::error_code ec;
    if (!fs::is_symlink(target, ec)) return target;
    fs::path resolved = fs::weakly_canonical(target, ec);
    return ec ? target : resolved;
}

fs::path directory_of(const fs::path& file) {
    return file.has_parent_path() ? file.parent_path() : fs::path(".");
}

bool write_all(int fd, const char* data, std::size_t size, int& error) {
    while (size != 0) {
        const ssize_t written = ::write(fd, data, size);
        if (written < 0) {
            if (errno == EINTR) continue;
            error = errno;
            return false;
        }
        data += written;
        size -= static_cast<std::size_t>(written);
    }
    return true;
}

[[noreturn]] void bad_output_place(const fs::path& place, const std::string& message) {
    throw DiagnosticError(SourceLocation{place.string(), 0, 0}, message);
}

}  // namespace

OutputError::OutputError(const fs::path& file, const std::string& reason)
    : std::runtime_error("cannot write " + file.string() + ": " + reason) {}

OutputFile::OutputFile(fs::path target) : target_(resolve_links(target)) {
    buffer_.reserve(kBufferBytes);
    struct stat status {};
    if (::stat(target_.c_str(), &status) == 0 && !S_ISREG(status.st_mode)) {
        if (S_ISDIR(status.st_mode)) throw OutputError(target, "it is a directory");
        // A pipe, a terminal, /dev/null: written as it is, nothing to rename.
        fd_ = ::open(target_.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
        if (fd_ < 0) throw OutputError(target, errno_text(errno));
        return;
    }
    const fs::path name = target_.filename();
    for (int attempt = 0; fd_ < 0; ++attempt) {
        const fs::path temporary =
            directory_of(target_) / ("." + name.string() + ".galias-" + unique_suffix());
        int error = 0;
        registration_ = TemporaryFiles::instance().create(temporary, [&] {
            fd_ = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
            error = errno;
        });
        if (fd_ >= 0) {
            temporary_ = temporary;
            break;
        }
        TemporaryFiles::instance().forget(registration_);
        registration_ = 0;
        if (error != EEXIST || attempt == 16) throw OutputError(target, errno_text(error));
    }
}

OutputFile::~OutputFile() {
    discard();
}

void OutputFile::discard() noexcept {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (!temporary_.empty()) {
        ::unlink(temporary_.c_str());
        temporary_.clear();
    }
    if (registration_ != 0) {
        TemporaryFiles::instance().forget(registration_);
        registration_ = 0;
    }
}

void OutputFile::write(std::string_view bytes) {
    if (fd_ < 0) throw OutputError(target_, "the file is closed");
    if (buffer_.size() + bytes.size() > kBufferBytes) flush();
    if (bytes.size() >= kBufferBytes) {
        int error = 0;
        if (!write_all(fd_, bytes.data(), bytes.size(), error)) {
            discard();
            throw OutputError(target_, errno_text(error));
        }
        return;
    }
    buffer_.append(bytes);
}

void OutputFile::flush() {
    int error = 0;
    const bool ok = write_all(fd_, buffer_.data(), buffer_.size(), error);
    buffer_.clear();
    if (!ok) {
        discard();
        throw OutputError(target_, errno_text(error));
    }
}

void OutputFile::commit() {
    if (fd_ < 0) throw OutputError(target_, "the file is closed");
    flush();
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) {
        const int error = errno;
        discard();
        throw OutputError(target_, errno_text(error));
    }
    if (temporary_.empty()) return;  // written in place
    int error = 0;
    TemporaryFiles::instance().commit([&] {
        if (::rename(temporary_.c_str(), target_.c_str()) != 0) error = errno;
    });
    if (error != 0) {
        discard();
        throw OutputError(target_, errno_text(error));
    }
    temporary_.clear();
    TemporaryFiles::instance().forget(registration_);
    registration_ = 0;
}

void write_output_file(const fs::path& target, std::string_view text) {
    OutputFile out(target);
    out.write(text);
    out.commit();
}

void flush_stdout() {
    if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
        const int error = errno;
        std::clearerr(stdout);
        throw OutputError("standard output", errno_text(error != 0 ? error : EIO));
    }
}

void write_stdout(std::string_view text) {
    errno = 0;
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size()) {
        const int error = errno;
        std::clearerr(stdout);
        throw OutputError("standard output", errno_text(error != 0 ? error : EIO));
    }
    flush_stdout();
}

// ---------------------------------------------------------------------------------------

void check_output_file(const fs::path& file) {
    if (file.empty()) bad_output_place(file, "cannot write the output file: the path is empty");
    if (file == "-") return;
    const fs::path target = resolve_links(file);
    struct stat status {};
    if (::stat(target.c_str(), &status) == 0) {
        if (S_ISDIR(status.st_mode))
            bad_output_place(file, "cannot write the output file: it is a directory");
        if (!S_ISREG(status.st_mode)) {
            if (::access(target.c_str(), W_OK) != 0)
                bad_output_place(file, "cannot write the output file: " + errno_text(errno));
            return;
        }
    }
    const fs::path parent = directory_of(target);
    std::error_code ec;
    if (!fs::is_directory(parent, ec))
        bad_output_place(file,
                         "cannot write the output file: directory '" + parent.string() + "' does not exist");
    if (::access(parent.c_str(), W_OK | X_OK) != 0)
        bad_output_place(file,
                         "cannot write the output file: directory '" + parent.string() + "' is not writable");
}

void check_output_directory(const fs::path& dir, std::string_view what) {
    std::error_code ec;
    const fs::file_status status = fs::status(dir, ec);
    if (fs::exists(status)) {
        if (!fs::is_directory(status))
            bad_output_place(dir, std::string(what) + ": not a directory (it is a file)");
        if (::access(dir.c_str(), W_OK | X_OK) != 0)
            bad_output_place(
                dir, std::string(what) + ": the directory is not writable (" + errno_text(errno) + ")");
        return;
    }
    // The nearest ancestor that exists must be a directory we may create entries in.
    fs::path ancestor = fs::absolute(dir, ec).parent_path();
    while (!ancestor.empty() && !fs::exists(ancestor, ec) && ancestor != ancestor.root_path())
        ancestor = ancestor.parent_path();
    if (!fs::is_directory(ancestor, ec))
        bad_output_place(
            dir, std::string(what) + ": cannot be created ('" + ancestor.string() + "' is not a directory)");
    if (::access(ancestor.c_str(), W_OK | X_OK) != 0)
        bad_output_place(dir, std::string(what) + ": cannot be created in '" + ancestor.string() + "' (" +
                                  errno_text(errno) + ")");
}

StagedDirectory::StagedDirectory(fs::path target) : target_(std::move(target)) {
    check_output_directory(target_, "output directory");
    std::error_code ec;
    target_existed_ = fs::is_directory(target_, ec);
    fs::path parent = target_existed_ ? target_ : directory_of(fs::absolute(target_, ec).lexically_normal());
    if (!target_existed_) {
        // Missing parents are created now (they are not part of the set); the set's own
        // directory appears only when it is committed.
        fs::create_directories(parent, ec);
        if (ec) bad_output_place(target_, "output directory: cannot be created (" + ec.message() + ")");
    }
    std::string base = target_existed_ ? std::string(".galias-staging")
                                       : "." + fs::absolute(target_).lexically_normal().filename().string() +
                                             ".galias-staging";
    for (int attempt = 0; staging_.empty(); ++attempt) {
        const fs::path candidate = parent / (base + "-" + unique_suffix());
        int error = 0;
        registration_ = TemporaryFiles::instance().create(candidate, [&] {
            if (::mkdir(candidate.c_str(), 0777) != 0) error = errno;
        });
        if (error == 0) {
            staging_ = candidate;
            break;
        }
        TemporaryFiles::instance().forget(registration_);
        registration_ = 0;
        // Nothing is written yet: a place that refuses a directory is bad input.
        if (error != EEXIST || attempt == 16)
            bad_output_place(target_, "output directory: cannot write there (" + errno_text(error) + ")");
    }
}

StagedDirectory::~StagedDirectory() {
    if (staging_.empty()) return;
    std::error_code ignored;
    fs::remove_all(staging_, ignored);
    TemporaryFiles::instance().forget(registration_);
}

void StagedDirectory::commit() {
    if (staging_.empty()) throw OutputError(target_, "already committed");
    std::error_code ec;
    // Every file of the set, relative to the staging directory, and the directories to make.
    std::vector<fs::path> files;
    std::vector<fs::path> directories;
    for (auto it = fs::recursive_directory_iterator(staging_, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const fs::path relative = it->path().lexically_relative(staging_);
        (it->is_directory(ec) ? directories : files).push_back(relative);
    }
    if (ec) throw OutputError(target_, ec.message());
    std::string failure;
    TemporaryFiles::instance().commit([&] {
        if (!target_existed_ && !fs::exists(target_, ec)) {
            // The whole set in one rename.
            if (::rename(staging_.c_str(), target_.c_str()) == 0) {
                staging_.clear();
                return;
            }
        }
        for (const fs::path& directory : directories) {
            fs::create_directories(target_ / directory, ec);
            if (ec) {
                failure = (target_ / directory).string() + ": " + ec.message();
                return;
            }
        }
        fs::create_directories(target_, ec);
        for (const fs::path& file : files) {
            if (::rename((staging_ / file).c_str(), (target_ / file).c_str()) != 0) {
                failure = (target_ / file).string() + ": " + errno_text(errno);
                return;
            }
        }
    });
    if (!failure.empty()) throw OutputError(target_, failure);
    if (!staging_.empty()) fs::remove_all(staging_, ec);
    staging_.clear();
    TemporaryFiles::instance().forget(registration_);
    registration_ = 0;
}

}  // namespace galias::facts
