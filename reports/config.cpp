#include "reports/config.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <set>

#include "facts/input_file.hpp"
#include "reports/checks/check_registry.hpp"
#include "reports/node_resolver.hpp"
#include "reports/source_paths.hpp"
#include "reports/toml_depth.hpp"

namespace galias::reports {

namespace fs = std::filesystem;

namespace {

class ConfigReader {
public:
    explicit ConfigReader(std::string file_name) : file_(std::move(file_name)) {}

    [[nodiscard]] SourceLocation at(const toml::node& node) const {
        const toml::source_region& source = node.source();
        return SourceLocation{file_, source.begin.line, source.begin.column};
    }
    [[noreturn]] void fail(const toml::node& node, const std::string& message) const {
        throw DiagnosticError(at(node), message);
    }

    void only_keys(const toml::table& table, std::initializer_list<std::string_view> allowed,
                   std::string_view where) const {
        for (const auto& [key, value] : table) {
            if (std::find(allowed.begin(), allowed.end(), key.str()) != allowed.end()) continue;
            std::string near;
            for (std::string_view candidate : allowed) {
                if (edit_distance(key.str(), candidate) <= 2)
                    near = fmt::format("; did you mean '{}'?", candidate);
            }
            SourceLocation location{file_, key.source().begin.line, key.source().begin.column};
            throw DiagnosticError(location, fmt::format("unknown key '{}' in {}{}", key.str(), where, near));
        }
    }

    [[nodiscard]] std::vector<std::pair<std::string, SourceLocation>> strings(const toml::node& node,
                                                                              std::string_view what) const {
        const toml::array* array = node.as_array();
        if (array == nullptr) fail(node, fmt::format("'{}' must be an array of strings", what));
        std::vector<std::pair<std::string, SourceLocation>> out;
        for (const toml::node& element : *array) {
            const auto* text = element.as_string();
            if (text == nullptr) fail(element, fmt::format("'{}' must be an array of strings", what));
            out.emplace_back(text->get(), at(element));
        }
        return out;
    }

    [[nodiscard]] std::string string(const toml::table& table, std::string_view key, bool required,
                                     const toml::node& owner) const {
        const toml::node* node = table.get(key);
        if (node == nullptr) {
            if (required) fail(owner, fmt::format("missing key '{}'", key));
            return {};
        }
        const auto* text = node->as_string();
        if (text == nullptr) fail(*node, fmt::format("'{}' must be a string", key));
        return text->get();
    }

    [[nodiscard]] std::int64_t integer(const toml::node& node, std::string_view key, std::int64_t min,
                                       std::int64_t max) const {
        const auto* value = node.as_integer();
        if (value == nullptr || value->get() < min || value->get() > max) {
            fail(node, fmt::format("'{}' must be an integer from {} to {}", key, min, max));
        }
        return value->get();
    }

    [[nodiscard]] const toml::table& table(const toml::node& node, std::string_view key) const {
        const toml::table* table = node.as_table();
        if (table == nullptr) fail(node, fmt::format("'{}' must be a table ([{}])", key, key));
        return *table;
    }

    void check_id(const std::string& id, const SourceLocation& where) const {
        std::vector<std::string> ids = all_check_ids();
        if (std::find(ids.begin(), ids.end(), id) != ids.end()) return;
        std::string near;
        std::size_t best = 3;
        for (const std::string& candidate : ids) {
            std::size_t d = edit_distance(id, candidate);
            if (d < best) {
                best = d;
                near = fmt::format("; did you mean '{}'?", candidate);
            }
        }
        throw DiagnosticError(
            where, fmt::format("unknown check '{}'{} (known checks: {})", id, near, fmt::join(ids, ", ")));
    }

private:
    std::string file_;
};

// `allocators = ["xmalloc", { name = "g_malloc", release = ["g_free"] }]`: a name, or a table
// naming the functions that release the allocator's blocks (`release = []`: none does, as for
// a pool allocator whose blocks go with the pool).
void read_allocators(const ConfigReader& reader, const toml::node& node, ReportConfig& config) {
    constexpr const char* kShape =
        "'allocators' must be an array of function names or tables { name = \"F\", release = [\"G\", ...] }";
    const toml::array* array = node.as_array();
    if (array == nullptr) reader.fail(node, kShape);
    for (const toml::node& element : *array) {
        if (const auto* name = element.as_string()) {
            config.allocators.push_back(name->get());
            continue;
        }
        const toml::table* entry = element.as_table();
        if (entry == nullptr) reader.fail(element, kShape);
        reader.only_keys(*entry, {"name", "release"}, "an allocator's table");
        const std::string name = reader.string(*entry, "name", true, element);
        if (name.empty()) reader.fail(element, "an allocator's 'name' must not be empty");
        config.allocators.push_back(name);
        std::vector<std::string>& releases = config.allocator_releases[name];
        if (const toml::node* release = entry->get("release")) {
            for (auto& [function, where] : reader.strings(*release, "release")) {
                if (function.empty())
                    throw DiagnosticError(where, "a release function's name must not be empty");
                releases.push_back(function);
            }
        } else {
            reader.fail(element,
                        fmt::format("the allocator '{}' needs 'release' (the functions that release its "
                                    "blocks; [] for none)",
                                    name));
        }
    }
}

// [checks]: which checks run, and the summary level.
void read_checks(ConfigReader& reader, const toml::node& node, ReportConfig& config) {
    const toml::table& checks = reader.table(node, "checks");
    reader.only_keys(checks, {"enable", "disable", "summary-level"}, "[checks]");
    if (const toml::node* level = checks.get("summary-level")) {
        const auto* name = level->as_string();
        const std::optional<Level> parsed = name != nullptr ? parse_level(name->get()) : std::nullopt;
        if (!parsed || *parsed == Level::Error) {
            reader.fail(*level, "'summary-level' must be \"warning\", \"note\" or \"none\"");
        }
        config.summary_level = parsed;
    }
    if (const toml::node* enable = checks.get("enable")) {
        config.enabled_checks.clear();
        for (auto& [id, where] : reader.strings(*enable, "enable")) {
            reader.check_id(id, where);
            config.enabled_checks.push_back(id);
        }
    }
    if (const toml::node* disable = checks.get("disable")) {
        std::vector<std::string> enabled_by_name;
        if (const toml::node* enable = checks.get("enable")) {
            for (auto& [id, where] : reader.strings(*enable, "enable")) enabled_by_name.push_back(id);
        }
        for (auto& [id, where] : reader.strings(*disable, "disable")) {
            reader.check_id(id, where);
            // Naming a check in both lists leaves the reader guessing which one wins.
            if (std::find(enabled_by_name.begin(), enabled_by_name.end(), id) != enabled_by_name.end()) {
                throw DiagnosticError(where, fmt::format("check '{}' is both enabled and disabled", id));
            }
            std::erase(config.enabled_checks, id);
        }
    }
    std::sort(config.enabled_checks.begin(), config.enabled_checks.end());
    config.enabled_checks.erase(std::unique(config.enabled_checks.begin(), config.enabled_checks.end()),
                                config.enabled_checks.end());
}

// [analysis]: the context depth, allocators, witness steps, partial analyses.
void read_analysis(ConfigReader& reader, const toml::node& node, ReportConfig& config) {
    const toml::table& analysis = reader.table(node, "analysis");
    reader.only_keys(analysis, {"context-k", "allocators", "max-witness-steps", "allow-partial"},
                     "[analysis]");
    if (const toml::node* partial = analysis.get("allow-partial")) {
        const auto* flag = partial->as_boolean();
        if (flag == nullptr) reader.fail(*partial, "'allow-partial' must be true or false");
        config.allow_partial = flag->get();
    }
    if (const toml::node* k = analysis.get("context-k")) {
        config.context_k = static_cast<unsigned>(reader.integer(*k, "context-k", 0, 8));
    }
    if (const toml::node* steps = analysis.get("max-witness-steps")) {
        config.max_witness_steps =
            static_cast<std::size_t>(reader.integer(*steps, "max-witness-steps", 1, 10000));
    }
    if (const toml::node* allocators = analysis.get("allocators"))
        read_allocators(reader, *allocators, config);
}

// [[must-not-alias]]: pairs of variables the must-not-alias check holds apart.
void read_must_not_alias(ConfigReader& reader, const toml::node& node, ReportConfig& config) {
    const toml::array* pairs = node.as_array();
    if (pairs == nullptr)
        reader.fail(node, "'must-not-alias' must be an array of tables ([[must-not-alias]])");
    for (const toml::node& element : *pairs) {
        const toml::table* pair = element.as_table();
        if (pair == nullptr) reader.fail(element, "each [[must-not-alias]] entry must be a table");
        reader.only_keys(*pair, {"a", "b", "reason"}, "[[must-not-alias]]");
        MustNotAliasPair entry;
        entry.a = reader.string(*pair, "a", true, element);
        entry.b = reader.string(*pair, "b", true, element);
        entry.reason = reader.string(*pair, "reason", false, element);
        entry.where = reader.at(element);
        if (entry.a.empty() || entry.b.empty()) reader.fail(element, "'a' and 'b' must name variables");
        config.must_not_alias.push_back(std::move(entry));
    }
}

// [paths]: the globs of files whose findings are not reported.
void read_paths(ConfigReader& reader, const toml::node& node, ReportConfig& config) {
    const toml::table& paths = reader.table(node, "paths");
    reader.only_keys(paths, {"exclude"}, "[paths]");
    if (const toml::node* exclude = paths.get("exclude")) {
        for (auto& [glob, where] : reader.strings(*exclude, "exclude")) {
            if (std::optional<std::string> problem = glob_problem(glob)) {
                throw DiagnosticError(
                    where, fmt::format("'exclude': '{}' is not a valid path glob: {}", glob, *problem));
            }
            config.exclude.push_back(glob);
        }
    }
}

}  // namespace

ReportConfig default_config() {
    ReportConfig config;
    config.enabled_checks = all_check_ids();
    return config;
}

ReportConfig parse_config(std::string_view text, const std::string& file_name) {
    ReportConfig config = default_config();
    config.file = file_name;
    check_toml_depth(text, file_name);
    toml::table root;
    try {
        root = toml::parse(text, file_name);
    } catch (const toml::parse_error& e) {
        const toml::source_region& source = e.source();
        throw DiagnosticError(SourceLocation{file_name, source.begin.line, source.begin.column},
                              std::string(e.description()));
    }
    ConfigReader reader(file_name);
    reader.only_keys(root, {"checks", "analysis", "must-not-alias", "paths"}, "the configuration");

    if (const toml::node* node = root.get("checks")) read_checks(reader, *node, config);
    if (const toml::node* node = root.get("analysis")) read_analysis(reader, *node, config);
    if (const toml::node* node = root.get("must-not-alias")) read_must_not_alias(reader, *node, config);
    if (const toml::node* node = root.get("paths")) read_paths(reader, *node, config);
    return config;
}

ReportConfig load_config(const fs::path& file) {
    return parse_config(facts::read_input_file(file, "configuration file", kMaxConfigBytes), file.string());
}

std::optional<fs::path> find_config(const fs::path& dir) {
    std::error_code ec;
    fs::path here = fs::absolute(dir, ec);
    if (ec) return std::nullopt;
    for (;;) {
        fs::path candidate = here / kConfigFileName;
        if (fs::is_regular_file(candidate, ec)) return candidate;
        if (fs::exists(here / ".git", ec) || !here.has_parent_path() || here.parent_path() == here) break;
        here = here.parent_path();
    }
    return std::nullopt;
}

}  // namespace galias::reports
