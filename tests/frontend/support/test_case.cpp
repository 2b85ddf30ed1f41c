#include "tests/frontend/support/test_case.hpp"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

namespace galias::test {

namespace {

std::string trim(std::string s) {
    const auto not_space = [](unsigned char c) { return !std::isspace(c); };
    s.erase(s.begin(), std::find_if(s.begin(), s.end(), not_space));
    s.erase(std::find_if(s.rbegin(), s.rend(), not_space).base(), s.end());
    return s;
}

// Reads "// KEY: value" and "// KEY" lines (KEY in capitals, digits, '-').
void read_directives(const std::filesystem::path& file, std::multimap<std::string, std::string>& out) {
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
        const std::size_t slash = line.find("//");
        if (slash == std::string::npos) continue;
        std::string rest = trim(line.substr(slash + 2));
        std::size_t end = 0;
        while (end < rest.size() &&
               (std::isupper(static_cast<unsigned char>(rest[end])) ||
                std::isdigit(static_cast<unsigned char>(rest[end])) || rest[end] == '-')) {
            ++end;
        }
        if (end < 3) continue;
        const std::string key = rest.substr(0, end);
        if (end == rest.size()) {
            out.emplace(key, "");
        } else if (rest[end] == ':') {
            out.emplace(key, trim(rest.substr(end + 1)));
        }
    }
}

}  // namespace

std::vector<std::string> TestCase::all(const std::string& key) const {
    std::vector<std::string> values;
    auto [begin, end] = directives.equal_range(key);
    for (auto it = begin; it != end; ++it) values.push_back(it->second);
    return values;
}

std::vector<TestCase> list_cases(const std::filesystem::path& dir) {
    std::vector<TestCase> cases;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        TestCase test;
        if (entry.is_directory()) {
            test.name = entry.path().filename().string();
            test.directory = entry.path();
            for (const auto& file : std::filesystem::directory_iterator(entry.path())) {
                if (file.path().extension() == ".c") test.sources.push_back(file.path());
            }
        } else if (entry.path().extension() == ".c") {
            test.name = entry.path().stem().string();
            test.directory = dir;
            test.sources.push_back(entry.path());
        } else {
            continue;
        }
        std::sort(test.sources.begin(), test.sources.end());
        for (const auto& source : test.sources) read_directives(source, test.directives);
        cases.push_back(std::move(test));
    }
    std::sort(cases.begin(), cases.end(),
              [](const TestCase& a, const TestCase& b) { return a.name < b.name; });
    return cases;
}

frontend::ExtractResult extract_case(const TestCase& test, const std::filesystem::path& include_dir,
                                     frontend::FrontendOptions defaults) {
    frontend::FrontendOptions options = std::move(defaults);
    options.threads = 1;
    std::vector<std::string> extra;
    for (const std::string& run : test.all("RUN")) {
        std::istringstream words(run);
        std::string word;
        while (words >> word) {
            const std::size_t eq = word.find('=');
            const std::string flag = word.substr(0, eq);
            const std::string value = eq == std::string::npos ? "" : word.substr(eq + 1);
            if (flag == "--context-k")
                options.context_k = static_cast<unsigned>(std::stoul(value));
            else if (flag == "--clone-all")
                options.clone_all = true;
            else if (flag == "--select-clones")
                options.clone_all = false;
            else if (flag == "--max-clones")
                options.max_clones = std::stoull(value);
            else if (flag == "--max-component-cloned")
                options.max_component_cloned = static_cast<std::uint32_t>(std::stoul(value));
            else if (flag == "--max-component-clone-statements")
                options.max_component_clone_statements = std::stoull(value);
            else if (flag == "--max-clone-statements")
                options.max_clone_statements = std::stoull(value);
            else if (flag == "--field-insensitive")
                options.field_model = frontend::FieldModel::None;
            else if (flag == "--field-model")
                options.field_model = frontend::parse_field_model(value).value();
            else if (flag == "--distinct-string-literals")
                options.merge_string_literals = false;
            else if (flag == "--no-copy-reduction")
                options.reduce_copies = false;
            else if (flag == "--copy-reduction")
                options.reduce_copies = true;
            else if (flag == "--integer-pointers")
                options.integer_pointers = true;
            else if (flag == "--indirect-calls")
                options.indirect_calls =
                    value == "types" ? frontend::IndirectCalls::Types : frontend::IndirectCalls::PointsTo;
            else if (flag == "--allocator")
                options.allocators.push_back(value);
            else if (flag == "--extra")
                extra.push_back(value);
            else
                throw std::runtime_error("unknown RUN option " + word);
        }
    }
    for (const auto& source : test.sources) {
        frontend::CompileJob job;
        job.directory = test.directory.string();
        job.file = source.string();
        job.arguments = {"cc", "-std=gnu11", "-I", include_dir.string(), "-c", source.string()};
        job.arguments.insert(job.arguments.end(), extra.begin(), extra.end());
        options.jobs.push_back(std::move(job));
    }
    return frontend::extract_facts(options);
}

std::string node_label(const facts::ProgramFacts& program, facts::NodeId id) {
    if (id == facts::kNoNode) return "-";
    const facts::Node& n = program.nodes.at(id);
    return n.context == 0 ? n.name : n.name + "#" + std::to_string(n.context);
}

std::vector<std::string> render_facts(const facts::ProgramFacts& program,
                                      const std::vector<const frontend::FactRelation*>& relations) {
    std::vector<std::string> out;
    for (const frontend::FactRelation* r : relations) {
        for (std::size_t i = 0; i < r->size(); ++i) {
            out.push_back(r->name + "(" + node_label(program, r->cells[2 * i]) + ", " +
                          node_label(program, r->cells[2 * i + 1]) + ")");
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string set_difference_report(const std::vector<std::string>& expected,
                                  const std::vector<std::string>& actual, bool exact) {
    const std::set<std::string> want(expected.begin(), expected.end());
    const std::set<std::string> have(actual.begin(), actual.end());
    std::string report;
    for (const std::string& f : want) {
        if (have.count(f) == 0) report += "  missing:    " + f + "\n";
    }
    if (exact) {
        for (const std::string& f : have) {
            if (want.count(f) == 0) report += "  unexpected: " + f + "\n";
        }
    }
    if (!report.empty()) {
        report += "  all facts:\n";
        for (const std::string& f : have) report += "    " + f + "\n";
    }
    return report;
}

}  // namespace galias::test
