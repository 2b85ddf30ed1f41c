#include "reports/html/html_site.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <functional>
#include <set>
#include <system_error>
#include <thread>

#include "facts/output_file.hpp"
#include "facts/temporary_files.hpp"
#include "reports/html/finding_page.hpp"
#include "reports/html/graph_layout.hpp"
#include "reports/html/index_page.hpp"
#include "reports/html/site_assets.hpp"
#include "reports/html/source_files.hpp"

namespace galias::reports::html {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kBlockFindings = 16;      // findings a worker takes at a time
constexpr std::size_t kMinFindingsToFork = 64;  // below this, one process draws every page
constexpr unsigned kMaxWorkers = 16;

// The number N of a page findings/N.html, or none for any other file.
std::optional<std::size_t> page_number(const fs::path& file) {
    if (file.extension() != ".html") return std::nullopt;
    const std::string stem = file.stem().string();
    std::size_t number = 0;
    const auto [end, error] = std::from_chars(stem.data(), stem.data() + stem.size(), number);
    if (error != std::errc() || end != stem.data() + stem.size() || stem.empty()) return std::nullopt;
    return number;
}

// A report written over a longer one: its extra finding pages would still open from old
// links and show findings that are gone.
void remove_pages_after(const fs::path& findings_dir, std::size_t count) {
    std::error_code error;
    for (const fs::directory_entry& entry : fs::directory_iterator(findings_dir, error)) {
        const std::optional<std::size_t> number = page_number(entry.path().filename());
        if (number && *number > count && entry.is_regular_file(error)) fs::remove(entry.path(), error);
    }
}

// Whether `directory` holds nothing but an earlier report (the files this writes, finding
// pages), so that the new one may take its place whole.
bool holds_only_a_report(const fs::path& directory) {
    std::error_code error;
    if (fs::is_symlink(directory, error) || !fs::is_directory(directory, error)) return false;
    static const std::set<std::string, std::less<>> kFiles{"index.html", "style.css", "report.js"};
    for (const fs::directory_entry& entry : fs::directory_iterator(directory, error)) {
        const std::string name = entry.path().filename().string();
        if (kFiles.count(name) != 0 && entry.is_regular_file(error) && !entry.is_symlink(error)) continue;
        if (name != "findings" || entry.is_symlink(error) || !entry.is_directory(error)) return false;
        for (const fs::directory_entry& page : fs::directory_iterator(entry.path(), error)) {
            if (!page_number(page.path().filename()) || page.is_symlink(error) ||
                !page.is_regular_file(error))
                return false;
        }
        if (error) return false;
    }
    return !error;
}

// A file of the staging directory, written in place: the directory is what is committed
// as a whole, so its files need no temporary of their own.
void write_page(const fs::path& file, std::string_view text) {
    const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) throw facts::OutputError(file, std::strerror(errno));
    while (!text.empty()) {
        const ssize_t written = ::write(fd, text.data(), text.size());
        if (written < 0 && errno == EINTR) continue;
        if (written < 0) {
            const int error = errno;
            ::close(fd);
            throw facts::OutputError(file, std::strerror(error));
        }
        text.remove_prefix(static_cast<std::size_t>(written));
    }
    if (::close(fd) != 0) throw facts::OutputError(file, std::strerror(errno));
}

// The report's directory while it is written: beside the target, registered for removal
// on an interrupt. A target that does not exist, or that holds only an earlier report,
// is replaced by it whole (an exchange of the two directories, then the old one is
// removed); into any other directory its files are moved one by one
// (facts::StagedDirectory), and the pages of a longer earlier report are removed.
class ReportDirectory {
public:
    explicit ReportDirectory(const fs::path& target) : target_(target) {
        facts::check_output_directory(target, "--html");
        std::error_code error;
        fs::path absolute = fs::absolute(target, error).lexically_normal();
        if (!absolute.has_filename()) absolute = absolute.parent_path();  // "out/"
        const bool exists = fs::exists(fs::symlink_status(absolute, error));
        // The current directory, or one that holds it, is never replaced: the process
        // would be left in a removed directory.
        const fs::path here = fs::current_path(error);
        const bool holds_here =
            !error &&
            std::mismatch(absolute.begin(), absolute.end(), here.begin(), here.end()).first == absolute.end();
        if (!exists || (holds_only_a_report(absolute) && !holds_here)) {
            if (make_sibling_staging(absolute)) {
                target_ = absolute;
                return;
            }
            if (!exists) throw facts::OutputError(target, "cannot create the report's directory beside it");
        }
        // Another directory (or one beside which nothing can be created): the files move in.
        merged_.emplace(target);
        staging_ = merged_->staging();
    }
    ~ReportDirectory() {
        if (registration_ == 0) return;
        std::error_code ignored;
        fs::remove_all(staging_, ignored);
        facts::TemporaryFiles::instance().forget(registration_);
    }
    ReportDirectory(const ReportDirectory&) = delete;
    ReportDirectory& operator=(const ReportDirectory&) = delete;

    [[nodiscard]] const fs::path& staging() const { return staging_; }

    void commit(std::size_t pages) {
        if (merged_) {
            merged_->commit();
            remove_pages_after(target_ / "findings", pages);
            return;
        }
        std::string failure;
        facts::TemporaryFiles::instance().commit([&] {
            if (::rename(staging_.c_str(), target_.c_str()) == 0) return;  // no report there yet
            if (errno != EEXIST && errno != ENOTEMPTY) {
                failure = std::strerror(errno);
                return;
            }
            if (::renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, target_.c_str(), RENAME_EXCHANGE) == 0)
                return;
            // A file system without exchange: the old report aside, the new one in its place.
            const fs::path old = staging_.string() + "-old";
            if (::rename(target_.c_str(), old.c_str()) != 0) {
                failure = std::strerror(errno);
                return;
            }
            if (::rename(staging_.c_str(), target_.c_str()) != 0) {
                failure = std::strerror(errno);
                ::rename(old.c_str(), target_.c_str());
                return;
            }
            ::rename(old.c_str(), staging_.c_str());
        });
        if (!failure.empty()) throw facts::OutputError(target_, failure);
        // staging_ now names the earlier report, or nothing: removed by the destructor.
    }

private:
    // A new directory beside `absolute`, registered for removal on an interrupt; false when
    // none can be made there.
    bool make_sibling_staging(const fs::path& absolute) {
        const fs::path parent = absolute.parent_path();
        std::error_code error;
        fs::create_directories(parent, error);
        const std::string name = absolute.filename().string();
        for (int attempt = 0; attempt < 64; ++attempt) {
            const fs::path candidate =
                parent / fmt::format(".{}.galias-staging-{}-{}", name, ::getpid(), attempt);
            int failure = 0;
            registration_ = facts::TemporaryFiles::instance().create(candidate, [&] {
                if (::mkdir(candidate.c_str(), 0777) != 0) failure = errno;
            });
            if (failure == 0) {
                staging_ = candidate;
                return true;
            }
            facts::TemporaryFiles::instance().forget(registration_);
            registration_ = 0;
            if (failure != EEXIST) return false;
        }
        return false;
    }

    fs::path target_;
    fs::path staging_;
    facts::TemporaryFiles::Id registration_ = 0;
    std::optional<facts::StagedDirectory> merged_;
};

// What the pages of a share of the findings came to.
struct PagesSummary {
    std::size_t graphs = 0;
    std::size_t graphs_not_drawn = 0;
    std::vector<std::string> missing_files;

    void add(PagesSummary&& other) {
        graphs += other.graphs;
        graphs_not_drawn += other.graphs_not_drawn;
        for (std::string& file : other.missing_files) missing_files.push_back(std::move(file));
    }
};

std::vector<DrawnFlow> draw_flows(const Result& result, GraphLayout& layout, PagesSummary& summary) {
    std::vector<DrawnFlow> flows;
    for (std::size_t f = 0; f < result.flows.size(); ++f) {
        DrawnFlow drawn;
        drawn.graph = build_flow_graph(result, result.flows[f], flow_id_prefix(f));
        drawn.dot = to_dot(drawn.graph);
        drawn.rendered = layout.render(drawn.dot);
        ++(drawn.rendered.svg.empty() ? summary.graphs_not_drawn : summary.graphs);
        flows.push_back(std::move(drawn));
    }
    return flows;
}

// The pages of the findings in blocks `worker`, `worker + workers`, ... of the log.
PagesSummary write_finding_pages(const SarifLog& log, const HtmlReportOptions& options, const fs::path& root,
                                 std::size_t worker, std::size_t workers) {
    PagesSummary summary;
    const SourceFiles sources(log, options.source_root);
    GraphLayout layout;
    for (std::size_t block = worker * kBlockFindings; block < log.results.size();
         block += workers * kBlockFindings) {
        for (std::size_t i = block; i < std::min(block + kBlockFindings, log.results.size()); ++i) {
            const Result& result = log.results[i];
            FindingPageInput input;
            input.log = &log;
            input.result = &result;
            input.sources = &sources;
            input.flows = draw_flows(result, layout, summary);
            input.context_lines = options.context_lines;
            input.command_line = options.command_line;
            input.working_directory = options.working_directory;
            write_page(root / finding_page_path(result), finding_page(input));
        }
    }
    summary.missing_files = sources.missing_files();
    return summary;
}

// A PagesSummary, or the error that stopped a worker, as bytes through a pipe:
// "OK graphs not_drawn count\n" then each file as "length\n" and its bytes; or
// "ERROR length\n" and the message.
std::string encode(const PagesSummary& summary) {
    std::string out =
        fmt::format("OK {} {} {}\n", summary.graphs, summary.graphs_not_drawn, summary.missing_files.size());
    for (const std::string& file : summary.missing_files) out += fmt::format("{}\n{}", file.size(), file);
    return out;
}

std::string encode_error(std::string_view message) {
    return fmt::format("ERROR {}\n{}", message.size(), message);
}

class Reader {
public:
    explicit Reader(std::string_view text) : text_(text) {}
    std::string_view word() {
        const std::size_t end = text_.find_first_of(" \n");
        const std::string_view out = text_.substr(0, end);
        text_.remove_prefix(end == std::string_view::npos ? text_.size() : end + 1);
        return out;
    }
    std::size_t number() {
        const std::string_view text = word();
        std::size_t value = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (error != std::errc() || end != text.data() + text.size()) throw std::runtime_error("bad number");
        return value;
    }
    std::string bytes(std::size_t count) {
        if (count > text_.size()) throw std::runtime_error("truncated");
        std::string out(text_.substr(0, count));
        text_.remove_prefix(count);
        return out;
    }

private:
    std::string_view text_;
};

// Worker processes, each drawing the pages of its share (Graphviz keeps global state and
// is not thread-safe: processes, not threads). A worker inherits the parsed log; it sends
// back only its summary. Workers still running when this goes (an error in another) are
// killed.
class Workers {
public:
    Workers() = default;
    Workers(const Workers&) = delete;
    Workers& operator=(const Workers&) = delete;
    ~Workers() {
        for (const Child& child : children_) {
            ::kill(child.pid, SIGKILL);
            ::close(child.fd);
            int status = 0;
            while (::waitpid(child.pid, &status, 0) < 0 && errno == EINTR) {
            }
        }
    }

    // Starts a worker that runs `work`; false when no process could be started.
    bool start(const std::function<PagesSummary()>& work) {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) != 0) return false;
        const pid_t pid = ::fork();
        if (pid < 0) {
            ::close(fds[0]);
            ::close(fds[1]);
            return false;
        }
        if (pid == 0) {
            ::close(fds[0]);
            // The parent handles interrupts in a thread this process does not have: here
            // they end the process, and so does the parent's end.
            sigset_t all;
            sigfillset(&all);
            ::sigprocmask(SIG_UNBLOCK, &all, nullptr);
            ::signal(SIGINT, SIG_DFL);
            ::signal(SIGTERM, SIG_DFL);
            ::signal(SIGHUP, SIG_DFL);
            ::prctl(PR_SET_PDEATHSIG, SIGKILL);
            std::string message;
            int status = 0;
            try {
                message = encode(work());
            } catch (const std::exception& e) {
                message = encode_error(e.what());
                status = 1;
            } catch (...) {
                message = encode_error("an unknown error");
                status = 1;
            }
            std::string_view rest = message;
            while (!rest.empty()) {
                const ssize_t written = ::write(fds[1], rest.data(), rest.size());
                if (written < 0 && errno == EINTR) continue;
                if (written <= 0) break;
                rest.remove_prefix(static_cast<std::size_t>(written));
            }
            ::_exit(status);
        }
        ::close(fds[1]);
        children_.push_back(Child{pid, fds[0]});
        return true;
    }

    // Waits for every worker; throws facts::OutputError with the first error of one.
    PagesSummary finish(const fs::path& directory) {
        PagesSummary total;
        std::string failure;
        for (const Child& child : children_) {
            std::string received;
            char buffer[65536];
            for (;;) {
                const ssize_t got = ::read(child.fd, buffer, sizeof buffer);
                if (got < 0 && errno == EINTR) continue;
                if (got <= 0) break;
                received.append(buffer, static_cast<std::size_t>(got));
            }
            ::close(child.fd);
            int status = 0;
            while (::waitpid(child.pid, &status, 0) < 0 && errno == EINTR) {
            }
            try {
                Reader reader(received);
                const std::string_view tag = reader.word();
                if (tag == "ERROR") {
                    const std::size_t length = reader.number();
                    if (failure.empty()) failure = reader.bytes(length);
                } else if (tag == "OK" && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
                    PagesSummary part;
                    part.graphs = reader.number();
                    part.graphs_not_drawn = reader.number();
                    const std::size_t files = reader.number();
                    for (std::size_t i = 0; i < files; ++i)
                        part.missing_files.push_back(reader.bytes(reader.number()));
                    total.add(std::move(part));
                } else {
                    throw std::runtime_error("no summary");
                }
            } catch (const std::runtime_error&) {
                if (failure.empty())
                    failure =
                        WIFSIGNALED(status)
                            ? fmt::format("a process drawing pages ended by signal {}", WTERMSIG(status))
                            : "a process drawing pages ended without finishing its pages";
            }
        }
        children_.clear();
        if (!failure.empty()) throw facts::OutputError(directory, failure);
        return total;
    }

private:
    struct Child {
        pid_t pid;
        int fd;
    };
    std::vector<Child> children_;
};

std::size_t worker_count(const SarifLog& log, const HtmlReportOptions& options) {
    if (log.results.size() < kMinFindingsToFork) return 1;
    unsigned jobs = options.jobs != 0 ? options.jobs : std::max(1U, std::thread::hardware_concurrency());
    jobs = std::min(jobs, kMaxWorkers);
    const std::size_t blocks = (log.results.size() + kBlockFindings - 1) / kBlockFindings;
    return std::max<std::size_t>(1, std::min<std::size_t>(jobs, blocks));
}

}  // namespace

HtmlReportSummary write_html_report(const SarifLog& log, const fs::path& directory,
                                    const HtmlReportOptions& options) {
    ReportDirectory staged(directory);
    const fs::path& root = staged.staging();
    std::error_code error;
    fs::create_directories(root / "findings", error);
    if (error) throw facts::OutputError(root / "findings", error.message());

    const std::size_t workers = worker_count(log, options);
    PagesSummary pages;
    {
        Workers children;
        std::size_t started = 1;
        for (std::size_t k = 1; k < workers; ++k, ++started) {
            if (!children.start(
                    [&, k, workers] { return write_finding_pages(log, options, root, k, workers); }))
                break;
        }
        // This process takes the first share, and those of workers that did not start.
        for (std::size_t k = 0; k < workers; k = k == 0 ? started : k + 1)
            pages.add(write_finding_pages(log, options, root, k, workers));
        pages.add(children.finish(directory));
    }
    IndexInfo info;
    info.log_name = options.log_name;
    if (options.source_root) info.source_root = options.source_root->string();
    write_page(root / "index.html", index_page(log, info));
    write_page(root / "style.css", style_sheet());
    write_page(root / "report.js", index_script());
    staged.commit(log.results.size());

    HtmlReportSummary summary;
    summary.findings = log.results.size();
    summary.pages = log.results.size() + 1;
    summary.workers = workers;
    summary.graphs = pages.graphs;
    summary.graphs_not_drawn = pages.graphs_not_drawn;
    std::sort(pages.missing_files.begin(), pages.missing_files.end());
    summary.files_missing = static_cast<std::size_t>(
        std::unique(pages.missing_files.begin(), pages.missing_files.end()) - pages.missing_files.begin());
    return summary;
}

}  // namespace galias::reports::html
