#include "tools/galias/batch_jobs.hpp"

#include <sstream>

#include "facts/input_file.hpp"

namespace galias::tool {

std::vector<BatchJobLine> read_batch_jobs(const std::filesystem::path& file) {
    std::istringstream in(facts::read_input_file(file, "jobs file"));
    const std::filesystem::path base = file.parent_path();
    auto resolve = [&](const std::string& path) {
        const std::filesystem::path p(path);
        return p.is_absolute() || base.empty() ? p : base / p;
    };
    std::vector<BatchJobLine> jobs;
    std::string line;
    for (std::uint32_t number = 1; std::getline(in, line); ++number) {
        if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        std::istringstream fields(line);
        std::vector<std::string> words;
        for (std::string word; fields >> word;) words.push_back(word);
        if (words.empty()) continue;
        const SourceLocation location{file.string(), number, 0};
        if (words.size() < 2 || words.size() > 3)
            throw DiagnosticError(location, "a job is 'PROGRAM FACTS_DIR [OUTPUT_DIR|-]', this line has " +
                                                std::to_string(words.size()) + " fields");
        BatchJobLine job;
        job.location = location;
        // A built-in name stays a name; anything that looks like a file is resolved.
        const bool is_file = words[0].find('/') != std::string::npos || words[0].ends_with(".dl");
        job.program = is_file ? resolve(words[0]).string() : words[0];
        job.facts_dir = resolve(words[1]);
        if (words.size() == 3) job.output_dir = words[2] == "-" ? "-" : resolve(words[2]).string();
        jobs.push_back(std::move(job));
    }
    if (jobs.empty())
        throw DiagnosticError(SourceLocation{file.string(), 0, 0}, "the jobs file lists no jobs");
    return jobs;
}

}  // namespace galias::tool
