#include "facts/program_facts.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <stdexcept>
#include <string>

#include "facts/diagnostic.hpp"
#include "facts/side_table.hpp"

namespace galias::facts {

namespace {

constexpr std::array<std::pair<NodeKind, const char*>, 13> kNodeKindNames{{
    {NodeKind::Local, "local"},
    {NodeKind::Param, "param"},
    {NodeKind::Global, "global"},
    {NodeKind::Static, "static"},
    {NodeKind::Return, "return"},
    {NodeKind::Deref, "deref"},
    {NodeKind::AddrOf, "addrof"},
    {NodeKind::Field, "field"},
    {NodeKind::Heap, "heap"},
    {NodeKind::String, "string"},
    {NodeKind::Function, "function"},
    {NodeKind::Temp, "temp"},
    {NodeKind::Unknown, "unknown"},
}};

// File names of the side tables, and their header lines (column names).
constexpr const char* kSymbolsFile = "symbols.tsv";
constexpr const char* kSymbolsHeader =
    "id\tkind\tname\tfunction\tfile\tline\tcolumn\tcontext\torigin\ttraits";
constexpr const char* kContextsFile = "contexts.tsv";
constexpr const char* kContextsHeader = "id\tcall_string";
constexpr const char* kCallsFile = "calls.tsv";
constexpr const char* kCallsHeader =
    "id\tcallee\tfile\tline\tcolumn\tend_file\tend_line\tend_column\tcontext\tcaller\targs\trestrict\tmacro_"
    "file\t"
    "macro_line\tmacro_column\tloads";
constexpr const char* kFieldStoresFile = "field_stores.tsv";
constexpr const char* kFieldStoresHeader = "field\tpointer\tvalue\tvalue_pointer";
constexpr const char* kAllocationCandidatesFile = "allocation_candidates.tsv";
constexpr const char* kAllocationCandidatesHeader = "call\targ\tfunction\tapart";
constexpr const char* kBulkWritesFile = "bulk_writes.tsv";
constexpr const char* kBulkWritesHeader = "pointer";
constexpr const char* kArgumentsFile = "arguments.tsv";
constexpr const char* kArgumentsHeader =
    "call\targ\tbase_kind\tbase\toffset\trecord\tlo\thi\tconstant\tfresh_apart\tlinear\tallocation\tmoved\t"
    "excluded";
constexpr const char* kAssignSitesFile = "assign_sites.tsv";
constexpr const char* kAssignSitesHeader = "src\tdst\tfile\tline\tcolumn";
constexpr const char* kValueClassesFile = "value_classes.tsv";
constexpr const char* kValueClassesHeader = "node\trepresentative";
constexpr const char* kStatsFile = "stats.tsv";
constexpr const char* kStatsHeader = "name\tvalue";
constexpr const char* kAllocatorsFile = "allocators.tsv";
constexpr const char* kAllocatorsHeader = "function\tkind\tfile\tline\tcolumn\tallocates";
constexpr const char* kReleaseSummariesFile = "release_summaries.tsv";
constexpr const char* kReleaseSummariesHeader = "function\tparam\tfield\talways";
constexpr const char* kReleasedUsesFile = "released_uses.tsv";
constexpr const char* kReleasedUsesHeader =
    "call\targ\tfield\tvia\tkind\tuse_call\tuse_arg\tagain\talways\tfile\tline\tcolumn";
constexpr const char* kFrameStoresFile = "frame_stores.tsv";
constexpr const char* kFrameStoresHeader =
    "function\ttarget\tobject\tvariable\tpointer\toverwritten\tcontext\tfile\tline\tcolumn";
constexpr const char* kUnmodelledFile = "unmodelled.tsv";
constexpr const char* kUnmodelledHeader = "category\tfile\tline\tcolumn\tdetail";

// A row of a table sorted by (call, arg), each once (arguments.tsv, allocation_candidates.tsv).
template <typename Row>
const Row* find_call_argument(const std::vector<Row>& rows, std::uint32_t call, std::uint32_t arg) {
    const auto it = std::lower_bound(rows.begin(), rows.end(), std::make_pair(call, arg),
                                     [](const Row& row, const std::pair<std::uint32_t, std::uint32_t>& key) {
                                         return std::make_pair(row.call, row.arg) < key;
                                     });
    return it != rows.end() && it->call == call && it->arg == arg ? &*it : nullptr;
}

// Appends a row read from such a table, which must come after the rows before it.
template <typename Row>
void append_call_argument(const TableRecord& record, std::vector<Row>& rows, Row row) {
    if (!rows.empty() &&
        std::make_pair(rows.back().call, rows.back().arg) >= std::make_pair(row.call, row.arg))
        record.fail("rows must be sorted by call and argument, each once");
    rows.push_back(std::move(row));
}

// Node ids in text: decimal, or '-' for kNoNode.
std::string node_text(NodeId id) {
    return id == kNoNode ? std::string("-") : std::to_string(id);
}

// symbols.tsv's traits: `-`, or a comma-separated list of `compound`, `const`, `bytes=N` and
// `alloc=FUNCTION`.
void read_traits(const TableRecord& record, std::string_view text, Node& node) {
    if (text == "-") return;
    constexpr std::string_view kBytes = "bytes=";
    constexpr std::string_view kAlloc = "alloc=";
    while (!text.empty()) {
        const std::size_t comma = text.find(',');
        const std::string_view word = text.substr(0, comma);
        if (word == "compound") {
            node.compound = true;
        } else if (word == "const") {
            node.constant = true;
        } else if (word.starts_with(kBytes)) {
            const std::string_view digits = word.substr(kBytes.size());
            std::uint64_t value = 0;
            const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
            if (digits.empty() || error != std::errc() || end != digits.data() + digits.size() || value == 0)
                record.fail("bad size '" + excerpt(word) + "' (expected bytes=N with N > 0)");
            node.bytes = value;
        } else if (word.starts_with(kAlloc) && word.size() > kAlloc.size()) {
            node.allocator = std::string(word.substr(kAlloc.size()));
        } else {
            record.fail("unknown trait '" + excerpt(word) +
                        "' (expected compound, const, bytes=N or alloc=FUNCTION)");
        }
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    }
}

std::string traits_text(const Node& node) {
    std::string text;
    const auto add = [&](const std::string& word) { text += (text.empty() ? "" : ",") + word; };
    if (node.compound) add("compound");
    if (node.constant) add("const");
    if (node.bytes != 0) add("bytes=" + std::to_string(node.bytes));
    if (!node.allocator.empty()) add("alloc=" + node.allocator);
    return text.empty() ? "-" : text;
}

NodeId parse_node(const TableRecord& record, std::string_view text) {
    if (text == "-") return kNoNode;
    std::uint64_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9' || value > kNoNode) record.fail("bad node id '" + excerpt(text) + "'");
        value = value * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (text.empty() || value >= kNoNode) record.fail("bad node id '" + excerpt(text) + "'");
    return static_cast<NodeId>(value);
}

// "3,17,-" <-> {3, 17, kNoNode}; "" is an empty list.
std::string join_nodes(const std::vector<NodeId>& ids) {
    std::string out;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (i != 0) out += ',';
        out += node_text(ids[i]);
    }
    return out;
}

std::vector<NodeId> split_nodes(const TableRecord& record, const std::string& text) {
    std::vector<NodeId> ids;
    if (text.empty()) return ids;
    std::size_t start = 0;
    while (true) {
        const std::size_t stop = text.find(',', start);
        ids.push_back(
            parse_node(record, std::string_view(text).substr(
                                   start, stop == std::string::npos ? std::string::npos : stop - start)));
        if (stop == std::string::npos) return ids;
        start = stop + 1;
    }
}

// The restrict column, a character per parameter: 0 not restrict-qualified, 1 restrict,
// 2 restrict and pointing to const (only read through). "0120" <-> restrict {0, 1, 1, 0},
// read-only {0, 0, 1, 0}.
std::string join_flags(const std::vector<bool>& restrict_flags, const std::vector<bool>& read_only) {
    std::string out;
    for (std::size_t i = 0; i < restrict_flags.size(); ++i) {
        const bool only_read = i < read_only.size() && read_only[i];
        out += restrict_flags[i] ? (only_read ? '2' : '1') : '0';
    }
    return out;
}

void split_flags(const TableRecord& record, const std::string& text, std::vector<bool>& restrict_flags,
                 std::vector<bool>& read_only) {
    for (char c : text) {
        if (c != '0' && c != '1' && c != '2')
            record.fail("restrict flags must be 0, 1 or 2, found '" + excerpt(text) + "'");
        restrict_flags.push_back(c != '0');
        read_only.push_back(c == '2');
    }
}

constexpr std::array<std::pair<ArgumentAddress::Base, const char*>, 3> kBaseKindNames{{
    {ArgumentAddress::Base::Unknown, "unknown"},
    {ArgumentAddress::Base::Object, "object"},
    {ArgumentAddress::Base::Value, "value"},
}};

constexpr std::array<std::pair<FrameStore::Target, const char*>, 3> kFrameTargetNames{{
    {FrameStore::Target::Return, "return"},
    {FrameStore::Target::Variable, "variable"},
    {FrameStore::Target::Pointer, "pointer"},
}};

constexpr std::array<std::pair<FrameStore::Overwritten, const char*>, 3> kOverwrittenNames{{
    {FrameStore::Overwritten::None, "none"},
    {FrameStore::Overwritten::Some, "some"},
    {FrameStore::Overwritten::All, "all"},
}};

constexpr std::array<std::pair<ReleasedUse::Via, const char*>, 3> kViaNames{{
    {ReleasedUse::Via::Library, "library"},
    {ReleasedUse::Via::Summary, "summary"},
    {ReleasedUse::Via::SummarySome, "summary-some"},
}};

constexpr std::array<std::pair<ReleasedUse::Kind, const char*>, 5> kUseKindNames{{
    {ReleasedUse::Kind::Deref, "deref"},
    {ReleasedUse::Kind::Pass, "pass"},
    {ReleasedUse::Kind::Library, "library"},
    {ReleasedUse::Kind::Return, "return"},
    {ReleasedUse::Kind::Release, "release"},
}};

// 0 or 1.
bool parse_flag(const TableRecord& record, const std::string& text) {
    if (text != "0" && text != "1") record.fail("expected 0 or 1, found '" + excerpt(text) + "'");
    return text == "1";
}

// The name of `value` in a table of (value, name) pairs, and back.
template <typename Value, std::size_t N>
const char* name_in(const std::array<std::pair<Value, const char*>, N>& names, Value value) {
    for (const auto& [v, name] : names) {
        if (v == value) return name;
    }
    return "?";
}

template <typename Value, std::size_t N>
Value parse_name_in(const std::array<std::pair<Value, const char*>, N>& names, const TableRecord& record,
                    const std::string& text, const char* what) {
    for (const auto& [v, name] : names) {
        if (text == name) return v;
    }
    record.fail("unknown " + std::string(what) + " '" + excerpt(text) + "'");
}

// "LINE:COL" of a step that moved a pointer, "-" for none.
std::string moved_text(std::uint32_t line, std::uint32_t column) {
    return line == 0 ? std::string("-") : std::to_string(line) + ":" + std::to_string(column);
}

void parse_moved(const TableRecord& record, const std::string& text, std::uint32_t& line,
                 std::uint32_t& column) {
    if (text == "-") return;
    const std::size_t colon = text.find(':');
    const char* begin = text.data();
    const char* end = begin + text.size();
    const char* middle = colon == std::string::npos ? end : begin + colon;
    const auto [at_line, line_error] = std::from_chars(begin, middle, line);
    const auto [at_column, column_error] = middle == end
                                               ? std::from_chars_result{end, std::errc::invalid_argument}
                                               : std::from_chars(middle + 1, end, column);
    if (line_error != std::errc() || at_line != middle || column_error != std::errc() || at_column != end ||
        line == 0)
        record.fail("bad step position '" + excerpt(text) + "' (expected LINE:COLUMN or -)");
}

std::string optional_text(const std::optional<std::int64_t>& value) {
    return value ? std::to_string(*value) : std::string("-");
}

std::optional<std::int64_t> parse_optional(const TableRecord& record, const std::string& text) {
    if (text == "-") return std::nullopt;
    std::int64_t value = 0;
    const char* end = text.data() + text.size();
    const auto [at, error] = std::from_chars(text.data(), end, value);
    if (error != std::errc() || at != end)
        record.fail("expected an integer or '-', found '" + excerpt(text) + "'");
    return value;
}

std::string join_numbers(const std::vector<std::uint32_t>& numbers) {
    std::string out;
    for (std::size_t i = 0; i < numbers.size(); ++i) {
        if (i != 0) out += ',';
        out += std::to_string(numbers[i]);
    }
    return out;
}

std::vector<std::uint32_t> split_numbers(const TableRecord& record, const std::string& text) {
    std::vector<std::uint32_t> numbers;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t stop = text.find(',', start);
        if (stop == std::string::npos) stop = text.size();
        std::uint32_t value = 0;
        const auto [at, error] = std::from_chars(text.data() + start, text.data() + stop, value);
        if (error != std::errc() || at != text.data() + stop)
            record.fail("bad number list '" + excerpt(text) + "'");
        numbers.push_back(value);
        start = stop + 1;
    }
    return numbers;
}

// "12:340,-,7:340" <-> {(12, 340), (-, -), (7, 340)}; "" when no argument is a field read.
std::string join_loads(const std::vector<std::pair<NodeId, NodeId>>& loads) {
    std::string out;
    for (std::size_t i = 0; i < loads.size(); ++i) {
        if (i != 0) out += ',';
        out += loads[i].first == kNoNode ? std::string("-")
                                         : node_text(loads[i].first) + ":" + node_text(loads[i].second);
    }
    return out;
}

std::vector<std::pair<NodeId, NodeId>> split_loads(const TableRecord& record, const std::string& text) {
    std::vector<std::pair<NodeId, NodeId>> loads;
    if (text.empty()) return loads;
    std::size_t start = 0;
    while (true) {
        const std::size_t stop = text.find(',', start);
        const std::string item =
            text.substr(start, stop == std::string::npos ? std::string::npos : stop - start);
        if (item == "-") {
            loads.emplace_back(kNoNode, kNoNode);
        } else {
            const std::size_t colon = item.find(':');
            if (colon == std::string::npos)
                record.fail("bad field read '" + excerpt(item) + "' (expected pointer:field)");
            loads.emplace_back(parse_node(record, std::string_view(item).substr(0, colon)),
                               parse_node(record, std::string_view(item).substr(colon + 1)));
        }
        if (stop == std::string::npos) return loads;
        start = stop + 1;
    }
}

void write_pos(TableWriter& out, const SourcePos& pos) {
    out.text(pos.file).number(pos.line).number(pos.column);
}

SourcePos read_pos(const TableRecord& record, std::size_t first_column) {
    return SourcePos{record.text(first_column), record.u32(first_column + 1), record.u32(first_column + 2)};
}

}  // namespace

const char* node_kind_name(NodeKind kind) {
    for (const auto& [k, name] : kNodeKindNames) {
        if (k == kind) return name;
    }
    return "?";
}

std::optional<NodeKind> parse_node_kind(std::string_view name) {
    for (const auto& [kind, text] : kNodeKindNames) {
        if (name == text) return kind;
    }
    return std::nullopt;
}

const Node* ProgramFacts::node(NodeId id) const {
    return id < nodes.size() ? &nodes[id] : nullptr;
}

std::vector<NodeId> ProgramFacts::find_by_name(std::string_view name) const {
    std::vector<NodeId> ids;
    for (const Node& n : nodes) {
        if (n.name == name) ids.push_back(n.id);
    }
    return ids;
}

NodeId ProgramFacts::value_representative(NodeId id) const {
    return id < value_class.size() ? value_class[id] : id;
}

const ArgumentAddress* ProgramFacts::argument(std::uint32_t call, std::uint32_t arg) const {
    return find_call_argument(arguments, call, arg);
}

const AllocationCandidate* ProgramFacts::allocation_candidate(std::uint32_t call, std::uint32_t arg) const {
    return find_call_argument(allocation_candidates, call, arg);
}

std::uint64_t ProgramFacts::counter(std::string_view name) const {
    for (const auto& [key, value] : counters) {
        if (key == name) return value;
    }
    return 0;
}

bool ProgramFacts::query_table(std::string_view file_name) {
    return file_name == kSymbolsFile || file_name == kContextsFile || file_name == kAssignSitesFile ||
           file_name == kValueClassesFile;
}

ProgramFacts ProgramFacts::read(const std::filesystem::path& facts_dir, Tables tables) {
    std::error_code ec;
    if (!std::filesystem::is_directory(facts_dir, ec)) {
        throw DiagnosticError(SourceLocation{facts_dir.string(), 0, 0}, "fact directory not found");
    }
    ProgramFacts facts;
    const bool have_symbols = read_side_table(facts_dir / kSymbolsFile, 10, [&](const TableRecord& r) {
        Node n;
        n.id = r.u32(0);
        if (n.id != facts.nodes.size()) {
            r.fail("node ids must be 0, 1, 2, ... in order; expected " + std::to_string(facts.nodes.size()) +
                   ", found " + std::to_string(n.id));
        }
        const std::string kind = r.text(1);
        const auto parsed = parse_node_kind(kind);
        if (!parsed) r.fail("unknown node kind '" + excerpt(kind) + "'");
        n.kind = *parsed;
        n.name = r.text(2);
        n.function = r.text(3);
        n.pos = read_pos(r, 4);
        n.context = r.u32(7);
        n.origin = parse_node(r, r.text(8));
        read_traits(r, r.text(9), n);
        facts.nodes.push_back(std::move(n));
    });
    if (!have_symbols) {
        throw DiagnosticError(SourceLocation{(facts_dir / kSymbolsFile).string(), 0, 0},
                              "symbol table not found (is this a directory written by `galias facts`?)");
    }
    read_side_table(facts_dir / kContextsFile, 2, [&](const TableRecord& r) {
        Context c{r.u32(0), r.text(1)};
        if (c.id != facts.contexts.size()) r.fail("context ids must be 0, 1, 2, ... in order");
        facts.contexts.push_back(std::move(c));
    });
    read_side_table(facts_dir / kAssignSitesFile, 5, [&](const TableRecord& r) {
        facts.assign_sites.push_back(
            AssignSite{parse_node(r, r.text(0)), parse_node(r, r.text(1)), read_pos(r, 2)});
    });
    read_side_table(facts_dir / kValueClassesFile, 2, [&](const TableRecord& r) {
        const NodeId node = parse_node(r, r.text(0));
        const NodeId representative = parse_node(r, r.text(1));
        if (node >= facts.nodes.size() || representative >= facts.nodes.size())
            r.fail("node id out of range (symbols.tsv has " + std::to_string(facts.nodes.size()) + " nodes)");
        if (facts.value_class.empty()) {
            facts.value_class.resize(facts.nodes.size());
            for (NodeId n = 0; n < facts.value_class.size(); ++n) facts.value_class[n] = n;
        }
        facts.value_class[node] = representative;
    });
    if (tables == Tables::Queries) return facts;
    read_side_table(facts_dir / kCallsFile, 16, [&](const TableRecord& r) {
        CallSite call;
        call.id = r.u32(0);
        call.callee = r.text(1);
        call.begin = read_pos(r, 2);
        call.end = read_pos(r, 5);
        call.context = r.u32(8);
        call.caller = r.text(9);
        call.args = split_nodes(r, r.text(10));
        split_flags(r, r.text(11), call.restrict_params, call.read_only_params);
        call.macro = read_pos(r, 12);
        call.arg_loads = split_loads(r, r.text(15));
        facts.calls.push_back(std::move(call));
    });
    read_side_table(facts_dir / kArgumentsFile, 14, [&](const TableRecord& r) {
        ArgumentAddress a;
        a.call = r.u32(0);
        a.arg = r.u32(1);
        const std::string kind = r.text(2);
        const auto named = std::find_if(kBaseKindNames.begin(), kBaseKindNames.end(),
                                        [&](const auto& entry) { return kind == entry.second; });
        if (named == kBaseKindNames.end()) r.fail("unknown base kind '" + kind + "'");
        a.base_kind = named->first;
        a.base = r.text(3);
        a.offset = parse_optional(r, r.text(4));
        a.record = r.text(5);
        a.lo = r.u64(6);
        a.hi = r.u64(7);
        a.constant = parse_optional(r, r.text(8));
        a.fresh_apart = split_numbers(r, r.text(9));
        try {
            a.linear = linear_from_text(r.text(10));
        } catch (const std::invalid_argument& error) {
            r.fail(error.what());
        }
        if (const std::optional<std::int64_t> call = parse_optional(r, r.text(11))) {
            if (*call < 0 || *call >= std::int64_t{kNoNode}) r.fail("bad call id '" + r.text(11) + "'");
            a.allocation = static_cast<std::uint32_t>(*call);
        }
        parse_moved(r, r.text(12), a.moved_line, a.moved_column);
        a.excluded = split_nodes(r, r.text(13));
        append_call_argument(r, facts.arguments, std::move(a));
    });
    read_side_table(facts_dir / kFieldStoresFile, 4, [&](const TableRecord& r) {
        facts.field_stores.push_back(FieldStore{parse_node(r, r.text(0)), parse_node(r, r.text(1)),
                                                parse_node(r, r.text(2)), parse_node(r, r.text(3))});
    });
    read_side_table(facts_dir / kAllocationCandidatesFile, 4, [&](const TableRecord& r) {
        AllocationCandidate c{r.u32(0), r.u32(1), r.text(2), split_numbers(r, r.text(3))};
        if (c.function.empty()) r.fail("empty function name");
        append_call_argument(r, facts.allocation_candidates, std::move(c));
    });
    read_side_table(facts_dir / kBulkWritesFile, 1,
                    [&](const TableRecord& r) { facts.bulk_writes.push_back(parse_node(r, r.text(0))); });
    read_side_table(facts_dir / kStatsFile, 2,
                    [&](const TableRecord& r) { facts.counters.emplace_back(r.text(0), r.u64(1)); });
    read_side_table(facts_dir / kAllocatorsFile, 6, [&](const TableRecord& r) {
        facts.allocators.push_back(Allocator{r.text(0), r.text(1), read_pos(r, 2), r.text(5)});
    });
    read_side_table(facts_dir / kReleaseSummariesFile, 4, [&](const TableRecord& r) {
        ReleaseSummary summary{r.text(0), r.u32(1), parse_optional(r, r.text(2)).value_or(-1),
                               parse_flag(r, r.text(3))};
        if (summary.function.empty()) r.fail("empty function name");
        facts.release_summaries.push_back(std::move(summary));
    });
    read_side_table(facts_dir / kReleasedUsesFile, 12, [&](const TableRecord& r) {
        ReleasedUse use;
        use.call = r.u32(0);
        use.arg = r.u32(1);
        use.field = parse_optional(r, r.text(2)).value_or(-1);
        use.via = parse_name_in(kViaNames, r, r.text(3), "release kind");
        use.kind = parse_name_in(kUseKindNames, r, r.text(4), "use kind");
        const std::optional<std::int64_t> use_call = parse_optional(r, r.text(5));
        if (use_call && (*use_call < 0 || *use_call >= std::int64_t{kNoNode}))
            r.fail("bad call id '" + r.text(5) + "'");
        use.use_call = use_call ? static_cast<std::uint32_t>(*use_call) : kNoNode;
        use.use_arg = r.u32(6);
        use.again = parse_name_in(kViaNames, r, r.text(7), "release kind");
        use.always = parse_flag(r, r.text(8));
        use.pos = read_pos(r, 9);
        facts.released_uses.push_back(std::move(use));
    });
    read_side_table(facts_dir / kFrameStoresFile, 10, [&](const TableRecord& r) {
        FrameStore s;
        s.function = r.text(0);
        s.target = parse_name_in(kFrameTargetNames, r, r.text(1), "frame store target");
        s.object = parse_node(r, r.text(2));
        s.variable = parse_node(r, r.text(3));
        s.pointer = parse_node(r, r.text(4));
        s.overwritten = parse_name_in(kOverwrittenNames, r, r.text(5), "overwritten value");
        s.context = r.u32(6);
        s.pos = read_pos(r, 7);
        if (s.object == kNoNode) r.fail("a frame store needs the object whose address is stored");
        facts.frame_stores.push_back(std::move(s));
    });
    read_side_table(facts_dir / kUnmodelledFile, 5, [&](const TableRecord& r) {
        facts.unmodelled.push_back(UnmodelledConstruct{r.text(0), read_pos(r, 1), r.text(4)});
    });
    return facts;
}

void ProgramFacts::write(const std::filesystem::path& facts_dir) const {
    std::filesystem::create_directories(facts_dir);

    TableWriter symbols(kSymbolsHeader);
    for (const Node& n : nodes) {
        symbols.number(n.id).text(node_kind_name(n.kind)).text(n.name).text(n.function);
        write_pos(symbols, n.pos);
        symbols.number(n.context).text(node_text(n.origin)).text(traits_text(n));
        symbols.end_record();
    }
    symbols.write(facts_dir / kSymbolsFile);

    TableWriter contexts_out(kContextsHeader);
    for (const Context& c : contexts) {
        contexts_out.number(c.id).text(c.call_string);
        contexts_out.end_record();
    }
    contexts_out.write(facts_dir / kContextsFile);

    TableWriter calls_out(kCallsHeader);
    for (const CallSite& call : calls) {
        calls_out.number(call.id).text(call.callee);
        write_pos(calls_out, call.begin);
        write_pos(calls_out, call.end);
        calls_out.number(call.context).text(call.caller).text(join_nodes(call.args));
        calls_out.text(join_flags(call.restrict_params, call.read_only_params));
        write_pos(calls_out, call.macro);
        calls_out.text(join_loads(call.arg_loads));
        calls_out.end_record();
    }
    calls_out.write(facts_dir / kCallsFile);

    TableWriter arguments_out(kArgumentsHeader);
    for (const ArgumentAddress& a : arguments) {
        const auto named = std::find_if(kBaseKindNames.begin(), kBaseKindNames.end(),
                                        [&](const auto& entry) { return entry.first == a.base_kind; });
        arguments_out.number(a.call)
            .number(a.arg)
            .text(named->second)
            .text(a.base)
            .text(optional_text(a.offset));
        arguments_out.text(a.record).number(a.lo).number(a.hi).text(optional_text(a.constant));
        arguments_out.text(join_numbers(a.fresh_apart)).text(to_text(a.linear));
        arguments_out.text(a.allocation ? std::to_string(*a.allocation) : std::string("-"));
        arguments_out.text(moved_text(a.moved_line, a.moved_column)).text(join_nodes(a.excluded));
        arguments_out.end_record();
    }
    arguments_out.write(facts_dir / kArgumentsFile);

    TableWriter field_stores_out(kFieldStoresHeader);
    for (const FieldStore& s : field_stores) {
        field_stores_out.number(s.field).number(s.pointer).number(s.value);
        if (s.value_pointer == kNoNode) {
            field_stores_out.text("-");
        } else {
            field_stores_out.number(s.value_pointer);
        }
        field_stores_out.end_record();
    }
    field_stores_out.write(facts_dir / kFieldStoresFile);
    TableWriter candidates_out(kAllocationCandidatesHeader);
    for (const AllocationCandidate& c : allocation_candidates) {
        candidates_out.number(c.call).number(c.arg).text(c.function).text(join_numbers(c.apart));
        candidates_out.end_record();
    }
    candidates_out.write(facts_dir / kAllocationCandidatesFile);

    TableWriter bulk_out(kBulkWritesHeader);
    for (NodeId pointer : bulk_writes) {
        bulk_out.number(pointer);
        bulk_out.end_record();
    }
    bulk_out.write(facts_dir / kBulkWritesFile);

    TableWriter sites(kAssignSitesHeader);
    for (const AssignSite& site : assign_sites) {
        sites.text(node_text(site.src)).text(node_text(site.dst));
        write_pos(sites, site.pos);
        sites.end_record();
    }
    sites.write(facts_dir / kAssignSitesFile);

    // Always written, header only when every node is its own class, so that a directory
    // written again never keeps the classes of an earlier run.
    TableWriter classes(kValueClassesHeader);
    for (NodeId n = 0; n < value_class.size(); ++n) {
        if (value_class[n] == n) continue;
        classes.number(n).number(value_class[n]);
        classes.end_record();
    }
    classes.write(facts_dir / kValueClassesFile);

    TableWriter stats(kStatsHeader);
    for (const auto& [name, value] : counters) {
        stats.text(name).number(value);
        stats.end_record();
    }
    stats.write(facts_dir / kStatsFile);

    TableWriter allocators_out(kAllocatorsHeader);
    for (const Allocator& a : allocators) {
        allocators_out.text(a.function).text(a.kind);
        write_pos(allocators_out, a.pos);
        allocators_out.text(a.allocates);
        allocators_out.end_record();
    }
    allocators_out.write(facts_dir / kAllocatorsFile);

    TableWriter summaries_out(kReleaseSummariesHeader);
    for (const ReleaseSummary& summary : release_summaries) {
        summaries_out.text(summary.function).number(summary.param);
        summaries_out.text(summary.field < 0 ? std::string("-") : std::to_string(summary.field));
        summaries_out.text(summary.always ? "1" : "0");
        summaries_out.end_record();
    }
    summaries_out.write(facts_dir / kReleaseSummariesFile);

    TableWriter uses_out(kReleasedUsesHeader);
    for (const ReleasedUse& use : released_uses) {
        uses_out.number(use.call).number(use.arg);
        uses_out.text(use.field < 0 ? std::string("-") : std::to_string(use.field));
        uses_out.text(name_in(kViaNames, use.via)).text(name_in(kUseKindNames, use.kind));
        uses_out.text(use.use_call == kNoNode ? std::string("-") : std::to_string(use.use_call));
        uses_out.number(use.use_arg).text(name_in(kViaNames, use.again)).text(use.always ? "1" : "0");
        write_pos(uses_out, use.pos);
        uses_out.end_record();
    }
    uses_out.write(facts_dir / kReleasedUsesFile);

    TableWriter frame_out(kFrameStoresHeader);
    for (const FrameStore& f : frame_stores) {
        frame_out.text(f.function).text(name_in(kFrameTargetNames, f.target)).text(node_text(f.object));
        frame_out.text(node_text(f.variable)).text(node_text(f.pointer));
        frame_out.text(name_in(kOverwrittenNames, f.overwritten)).number(f.context);
        write_pos(frame_out, f.pos);
        frame_out.end_record();
    }
    frame_out.write(facts_dir / kFrameStoresFile);

    TableWriter unmodelled_out(kUnmodelledHeader);
    for (const UnmodelledConstruct& u : unmodelled) {
        unmodelled_out.text(u.category);
        write_pos(unmodelled_out, u.pos);
        unmodelled_out.text(u.detail);
        unmodelled_out.end_record();
    }
    unmodelled_out.write(facts_dir / kUnmodelledFile);
}

}  // namespace galias::facts
