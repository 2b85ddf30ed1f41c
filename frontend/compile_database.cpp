#include "frontend/compile_database.hpp"

#include <llvm/Support/CommandLine.h>
#include <llvm/Support/StringSaver.h>

#include <cctype>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "facts/diagnostic.hpp"
#include "facts/input_file.hpp"

namespace galias::frontend {

namespace {

// `path` as the compiler in `directory` sees it: absolute and normalized.
std::string path_in(const std::string& directory, const std::string& path) {
    std::filesystem::path p(path);
    if (p.is_relative()) p = std::filesystem::path(directory) / p;
    return p.lexically_normal().string();
}

// JSON must be UTF-8, but real build systems write file paths byte for byte. Before
// parsing, each byte that is not part of a valid UTF-8 sequence is replaced by a code point
// of Unicode's supplementary private use area B (U+10FF00 + byte); afterwards, strings are
// mapped back. `offsets` records, for each output byte where the mapping changed lengths,
// the input offset, so that error positions refer to the original file.
constexpr std::uint32_t kByteEscapeBase = 0x10FF00;

std::string escape_invalid_utf8(const std::string& text, std::vector<std::size_t>& input_offset) {
    std::string out;
    out.reserve(text.size());
    input_offset.clear();
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = utf8_sequence_length(text, i);
        if (length != 0) {
            for (std::size_t k = 0; k < length; ++k) input_offset.push_back(i);
            out.append(text, i, length);
            i += length;
            continue;
        }
        const std::uint32_t cp = kByteEscapeBase + static_cast<unsigned char>(text[i]);
        const char encoded[4] = {
            static_cast<char>(0xF0 | (cp >> 18)), static_cast<char>(0x80 | ((cp >> 12) & 0x3F)),
            static_cast<char>(0x80 | ((cp >> 6) & 0x3F)), static_cast<char>(0x80 | (cp & 0x3F))};
        out.append(encoded, 4);
        for (int k = 0; k < 4; ++k) input_offset.push_back(i);
        ++i;
    }
    input_offset.push_back(text.size());
    return out;
}

std::string unescape_bytes(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        if (i + 4 <= text.size() && static_cast<unsigned char>(text[i]) == 0xF4) {
            const std::uint32_t cp = ((static_cast<unsigned char>(text[i]) & 0x07u) << 18) |
                                     ((static_cast<unsigned char>(text[i + 1]) & 0x3Fu) << 12) |
                                     ((static_cast<unsigned char>(text[i + 2]) & 0x3Fu) << 6) |
                                     (static_cast<unsigned char>(text[i + 3]) & 0x3Fu);
            if (cp >= kByteEscapeBase && cp <= kByteEscapeBase + 0xFF) {
                out += static_cast<char>(cp - kByteEscapeBase);
                i += 4;
                continue;
            }
        }
        out += text[i++];
    }
    return out;
}

// 1-based line and column of byte `offset` of `text` (columns count bytes, as Clang does).
galias::SourceLocation location_of(const std::string& name, const std::string& text, std::size_t offset) {
    std::uint32_t line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            line_start = i + 1;
        }
    }
    return galias::SourceLocation{name, line, static_cast<std::uint32_t>(offset - line_start + 1)};
}

// nlohmann reports the position of the last character it read: the end of the offending
// token. Users look for its start: back up over a string literal or a bare word.
std::size_t token_start(const std::string& text, std::size_t last) {
    if (last >= text.size()) return last;
    if (text[last] == '"') {
        for (std::size_t i = last; i-- > 0;) {
            if (text[i] == '"' && (i == 0 || text[i - 1] != '\\')) return i;
        }
        return last;
    }
    std::size_t start = last;
    while (start > 0 &&
           (std::isalnum(static_cast<unsigned char>(text[start - 1])) || text[start - 1] == '-' ||
            text[start - 1] == '.' || text[start - 1] == '+') &&
           std::isalnum(static_cast<unsigned char>(text[last]))) {
        --start;
    }
    return start;
}

// nlohmann's messages start with "[json.exception.parse_error.101] parse error at line 1,
// column 2: "; we print our own position, so keep only the explanation.
std::string parse_error_text(const std::string& what) {
    const std::size_t colon = what.find(": ");
    std::string text = colon == std::string::npos ? what : what.substr(colon + 2);
    return text;
}

[[noreturn]] void entry_error(const std::string& name, std::size_t index, const std::string& message) {
    throw DiagnosticError(galias::SourceLocation{name, 0, 0},
                          "entry " + std::to_string(index) + " of the compilation database: " + message);
}

std::string string_field(const nlohmann::json& entry, const char* field, const std::string& name,
                         std::size_t index, bool required) {
    auto it = entry.find(field);
    if (it == entry.end()) {
        if (required) entry_error(name, index, std::string("missing \"") + field + "\"");
        return {};
    }
    if (!it->is_string()) entry_error(name, index, std::string("\"") + field + "\" must be a string");
    return unescape_bytes(it->get<std::string>());
}

std::vector<std::string> split_command(const std::string& command) {
    llvm::BumpPtrAllocator allocator;
    llvm::StringSaver saver(allocator);
    llvm::SmallVector<const char*, 64> argv;
    llvm::cl::TokenizeGNUCommandLine(command, saver, argv);
    return std::vector<std::string>(argv.begin(), argv.end());
}

}  // namespace

std::vector<CompileJob> parse_compile_database(const std::string& text, const std::string& name) {
    std::vector<std::size_t> input_offset;
    const std::string utf8 = escape_invalid_utf8(text, input_offset);
    nlohmann::json root;
    try {
        root = nlohmann::json::parse(utf8);
    } catch (const nlohmann::json::parse_error& e) {
        const std::size_t at = e.byte == 0 ? 0 : e.byte - 1;  // nlohmann's byte is 1-based
        const std::size_t offset = at < input_offset.size() ? input_offset[at] : text.size();
        throw DiagnosticError(location_of(name, text, token_start(text, offset)),
                              "malformed compilation database: " + parse_error_text(e.what()));
    } catch (const nlohmann::json::exception&) {
        // The only other error of parsing: a number too large for any type (out_of_range
        // 406), which has no position.
        throw DiagnosticError(galias::SourceLocation{name, 0, 0},
                              "malformed compilation database: a number is out of range");
    }
    if (!root.is_array()) {
        throw DiagnosticError(galias::SourceLocation{name, 1, 1},
                              "a compilation database must be a JSON array of entries");
    }
    std::vector<CompileJob> jobs;
    for (std::size_t index = 0; index < root.size(); ++index) {
        const nlohmann::json& entry = root[index];
        if (!entry.is_object()) entry_error(name, index, "not a JSON object");
        CompileJob job;
        job.entry = index;
        job.directory = string_field(entry, "directory", name, index, true);
        const std::string file = string_field(entry, "file", name, index, true);
        if (auto args = entry.find("arguments"); args != entry.end()) {
            if (!args->is_array()) entry_error(name, index, "\"arguments\" must be an array of strings");
            for (const nlohmann::json& arg : *args) {
                if (!arg.is_string()) entry_error(name, index, "\"arguments\" must be an array of strings");
                job.arguments.push_back(unescape_bytes(arg.get<std::string>()));
            }
        } else if (entry.contains("command")) {
            job.arguments = split_command(string_field(entry, "command", name, index, true));
        } else {
            entry_error(name, index, "needs \"arguments\" or \"command\"");
        }
        if (job.arguments.empty()) entry_error(name, index, "empty command line");
        job.file = path_in(job.directory, file);
        jobs.push_back(std::move(job));
    }
    return jobs;
}

std::vector<CompileJob> load_compile_database(const std::filesystem::path& path) {
    std::error_code ec;
    std::filesystem::path file = path;
    const bool in_directory = std::filesystem::is_directory(path, ec);
    if (in_directory) file = path / "compile_commands.json";
    if (!std::filesystem::exists(file, ec)) {
        throw DiagnosticError(galias::SourceLocation{file.string(), 0, 0},
                              in_directory ? "no compile_commands.json in this directory (generate one with "
                                             "`cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON` or `bear -- make`)"
                                           : "compilation database not found");
    }
    // Not a directory (BUILD/compile_commands.json/ would be one), a readable file or stream.
    return parse_compile_database(facts::read_input_file(file, "compilation database"), file.string());
}

bool is_cxx_job(const CompileJob& job) {
    for (std::size_t i = 0; i + 1 < job.arguments.size(); ++i) {
        if (job.arguments[i] == "-x") {
            const std::string& lang = job.arguments[i + 1];
            return lang != "c" && lang != "c-header" && lang != "cpp-output";
        }
        if (job.arguments[i].rfind("-x", 0) == 0 && job.arguments[i].size() > 2) {
            const std::string lang = job.arguments[i].substr(2);
            return lang != "c" && lang != "c-header" && lang != "cpp-output";
        }
    }
    const std::string ext = std::filesystem::path(job.file).extension().string();
    return ext == ".cpp" || ext == ".cc" || ext == ".cxx" || ext == ".C" || ext == ".c++" || ext == ".cp" ||
           ext == ".CPP" || ext == ".m" || ext == ".mm" || ext == ".cu" || ext == ".hpp";
}

std::string flag_set(const CompileJob& job) {
    // Flags followed by a separate output or dependency-target argument.
    static const std::set<std::string> kWithOutput = {"-o", "-MF", "-MT", "-MQ"};
    static const std::set<std::string> kOutputOnly = {"-c", "-MD", "-MMD", "-MP"};
    std::string key = job.directory;
    for (std::size_t i = 1; i < job.arguments.size(); ++i) {
        const std::string& arg = job.arguments[i];
        if (kWithOutput.count(arg) != 0) {
            ++i;
            continue;
        }
        if (kOutputOnly.count(arg) != 0 || (arg.rfind("-o", 0) == 0 && arg.size() > 2)) continue;
        if (path_in(job.directory, arg) == job.file) continue;
        key += '\0';
        key += arg;
    }
    return key;
}

}  // namespace galias::frontend
