#include "gpu_engine/demand_spec.hpp"

#include <cctype>

#include "facts/input_file.hpp"
#include "facts/tsv.hpp"

namespace galias::engine {

namespace {

constexpr const char* kShape = "a demand is RELATION(b|f, ...)[:FILE]";

bool identifier_start(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '?';
}
bool identifier_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '?';
}

class SpecParser {
public:
    SpecParser(std::string_view spec, const SourceLocation& at) : spec_(spec), at_(at) {}

    DemandSpec run() {
        DemandSpec out;
        out.form.location = here();
        if (!identifier_start(peek())) fail("expected a relation name; " + std::string(kShape));
        while (identifier_char(peek())) out.form.relation += spec_[pos_++];
        skip_blanks();
        if (peek() != '(') fail("expected '(' after the relation name; " + std::string(kShape));
        ++pos_;
        for (;;) {
            skip_blanks();
            const char letter = peek();
            if (letter != 'b' && letter != 'f')
                fail(std::string("expected 'b' (bound) or 'f' (free) for column ") +
                     std::to_string(out.form.adornment.size() + 1) + ", found " + found());
            out.form.adornment += letter;
            ++pos_;
            skip_blanks();
            if (peek() == ',') {
                ++pos_;
                continue;
            }
            if (peek() == ')') break;
            fail("expected ',' or ')', found " + found());
        }
        ++pos_;
        const bool binds = out.form.adornment.find('b') != std::string::npos;
        if (pos_ == spec_.size()) {
            if (binds) fail("the demand binds columns: name the file of their values, RELATION(...):FILE");
            return out;
        }
        if (peek() != ':') fail("expected ':' and the file of the queries, found " + found());
        if (!binds) fail("an all-free demand asks for the whole relation and takes no file");
        ++pos_;
        if (pos_ == spec_.size()) fail("expected the file of the queries after ':'");
        out.file = std::string(spec_.substr(pos_));
        return out;
    }

private:
    char peek() const { return pos_ < spec_.size() ? spec_[pos_] : '\0'; }
    void skip_blanks() {
        while (peek() == ' ' || peek() == '\t') ++pos_;
    }
    std::string found() const {
        return pos_ < spec_.size() ? "'" + std::string(1, spec_[pos_]) + "'" : "the end";
    }
    SourceLocation here() const {
        SourceLocation location = at_;
        location.column = static_cast<std::uint32_t>(pos_ + 1);
        return location;
    }
    [[noreturn]] void fail(const std::string& message) const { throw DiagnosticError(here(), message); }

    std::string_view spec_;
    SourceLocation at_;
    std::size_t pos_ = 0;
};

}  // namespace

DemandSpec parse_demand_spec(std::string_view spec, const SourceLocation& at) {
    return SpecParser(spec, at).run();
}

Demand read_demand(const DemandSpec& spec, const datalog::CheckedProgram& program,
                   facts::StringInterner& symbols) {
    Demand demand{spec.form.relation, spec.form.adornment, {}};
    const auto found = program.relation_index.find(spec.form.relation);
    if (found == program.relation_index.end())
        throw DiagnosticError(spec.form.location,
                              "unknown relation '" + spec.form.relation + "' in a demand");
    const datalog::RelationInfo& info = program.relations[found->second];
    std::vector<facts::ColumnType> types;
    for (std::size_t c = 0; c < spec.form.adornment.size() && c < info.types.size(); ++c)
        if (spec.form.adornment[c] == 'b') types.push_back(info.types[c]);
    if (types.empty()) return demand;
    facts::check_input_file(spec.file, "query file");
    facts::read_tsv(spec.file, types, facts::TsvFormat{}, symbols, demand.values);
    return demand;
}

}  // namespace galias::engine
