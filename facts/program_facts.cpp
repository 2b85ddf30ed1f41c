#include "facts/program_facts.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <string>

#include "facts/diagnostic.hpp"
#include "facts/side_table.hpp"

namespace galias::facts {

// The names of an enumeration are read by the enumerator's value: the last name must be the
// last enumerator's.
static_assert(kNodeKinds.name(NodeKind::Unknown) == "unknown");
static_assert(kBaseKinds.name(ArgumentAddress::Base::Value) == "value");
static_assert(kFrameTargets.name(FrameStore::Target::Pointer) == "pointer");
static_assert(kOverwrittenNames.name(FrameStore::Overwritten::All) == "all");
static_assert(kReleaseVias.name(ReleasedUse::Via::SummarySome) == "summary-some");
static_assert(kUseKinds.name(ReleasedUse::Kind::Release) == "release");

namespace {

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

std::string node_text(NodeId id) {
    return id == kNoNode ? std::string("-") : std::to_string(id);
}

NodeId parse_node(const Cell& cell, std::string_view text) {
    if (text == "-") return kNoNode;
    const std::optional<std::uint32_t> value = whole_number<std::uint32_t>(text);
    if (!value || *value == kNoNode) cell.fail("bad node id '" + excerpt(text) + "'");
    return *value;
}

// The items of a comma-separated list, each handed to `item`; none for "".
template <typename Item>
void for_each_item(std::string_view text, Item&& item) {
    if (text.empty()) return;
    while (true) {
        const std::size_t comma = text.find(',');
        item(text.substr(0, comma));
        if (comma == std::string_view::npos) return;
        text.remove_prefix(comma + 1);
    }
}

}  // namespace

void NodeRef::write(NodeId node, std::string& cell) {
    cell = node_text(node);
}

void NodeRef::read(const Cell& cell, NodeId& node) {
    node = parse_node(cell, cell.raw());
}

void NodeList::write(const std::vector<NodeId>& nodes, std::string& cell) {
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (i != 0) cell += ',';
        cell += node_text(nodes[i]);
    }
}

void NodeList::read(const Cell& cell, std::vector<NodeId>& nodes) {
    for_each_item(cell.raw(), [&](std::string_view item) { nodes.push_back(parse_node(cell, item)); });
}

void CallOrNone::write(std::uint32_t call, std::string& cell) {
    cell = call == kNoNode ? std::string("-") : std::to_string(call);
}

void CallOrNone::write(const std::optional<std::uint32_t>& call, std::string& cell) {
    write(call.value_or(kNoNode), cell);
}

void CallOrNone::read(const Cell& cell, std::uint32_t& call) {
    if (cell.raw() == "-") {
        call = kNoNode;
        return;
    }
    const std::optional<std::uint32_t> value = whole_number<std::uint32_t>(cell.raw());
    if (!value || *value == kNoNode) cell.fail("bad call id '" + excerpt(cell.raw()) + "'");
    call = *value;
}

void CallOrNone::read(const Cell& cell, std::optional<std::uint32_t>& call) {
    std::uint32_t value = kNoNode;
    read(cell, value);
    call = value == kNoNode ? std::nullopt : std::optional<std::uint32_t>(value);
}

// "12:340,-,7:340" <-> {(12, 340), (-, -), (7, 340)}
void FieldLoads::write(const std::vector<std::pair<NodeId, NodeId>>& loads, std::string& cell) {
    for (std::size_t i = 0; i < loads.size(); ++i) {
        if (i != 0) cell += ',';
        cell += loads[i].first == kNoNode ? std::string("-")
                                          : node_text(loads[i].first) + ":" + node_text(loads[i].second);
    }
}

void FieldLoads::read(const Cell& cell, std::vector<std::pair<NodeId, NodeId>>& loads) {
    for_each_item(cell.raw(), [&](std::string_view item) {
        if (item == "-") {
            loads.emplace_back(kNoNode, kNoNode);
            return;
        }
        const std::size_t colon = item.find(':');
        if (colon == std::string_view::npos)
            cell.fail("bad field read '" + excerpt(item) + "' (expected pointer:field)");
        loads.emplace_back(parse_node(cell, item.substr(0, colon)), parse_node(cell, item.substr(colon + 1)));
    });
}

void LinearOrNone::write(const std::optional<LinearForm>& form, std::string& cell) {
    cell = to_text(form);
}

void LinearOrNone::read(const Cell& cell, std::optional<LinearForm>& form) {
    try {
        form = linear_from_text(std::string(cell.raw()));
    } catch (const std::invalid_argument& error) {
        cell.fail(error.what());
    }
}

void NodeTraits::write(const Node& node, std::string& cell) {
    const auto add = [&](std::string_view word) {
        if (!cell.empty()) cell += ',';
        cell += word;
    };
    if (node.compound) add("compound");
    if (node.constant) add("const");
    if (node.bytes != 0) add("bytes=" + std::to_string(node.bytes));
    if (!node.allocator.empty()) add("alloc=" + node.allocator);
    if (cell.empty()) cell = "-";
}

void NodeTraits::read(const Cell& cell, Node& node) {
    const std::string text = cell.text();
    if (text == "-") return;
    constexpr std::string_view kBytes = "bytes=";
    constexpr std::string_view kAlloc = "alloc=";
    for_each_item(text, [&](std::string_view word) {
        if (word == "compound") {
            node.compound = true;
        } else if (word == "const") {
            node.constant = true;
        } else if (word.starts_with(kBytes)) {
            const std::optional<std::uint64_t> bytes =
                whole_number<std::uint64_t>(word.substr(kBytes.size()));
            if (!bytes || *bytes == 0)
                cell.fail("bad size '" + excerpt(word) + "' (expected bytes=N with N > 0)");
            node.bytes = *bytes;
        } else if (word.starts_with(kAlloc) && word.size() > kAlloc.size()) {
            node.allocator = std::string(word.substr(kAlloc.size()));
        } else {
            cell.fail("unknown trait '" + excerpt(word) +
                      "' (expected compound, const, bytes=N or alloc=FUNCTION)");
        }
    });
}

void RestrictFlags::write(const CallSite& call, std::string& cell) {
    for (std::size_t i = 0; i < call.restrict_params.size(); ++i) {
        const bool only_read = i < call.read_only_params.size() && call.read_only_params[i];
        cell += call.restrict_params[i] ? (only_read ? '2' : '1') : '0';
    }
}

void RestrictFlags::read(const Cell& cell, CallSite& call) {
    for (const char c : cell.raw()) {
        if (c != '0' && c != '1' && c != '2')
            cell.fail("restrict flags must be 0, 1 or 2, found '" + excerpt(cell.raw()) + "'");
        call.restrict_params.push_back(c != '0');
        call.read_only_params.push_back(c == '2');
    }
}

void StepPosition::write(const ArgumentAddress& address, std::string& cell) {
    cell = address.moved_line == 0
               ? std::string("-")
               : std::to_string(address.moved_line) + ":" + std::to_string(address.moved_column);
}

void StepPosition::read(const Cell& cell, ArgumentAddress& address) {
    const std::string_view text = cell.raw();
    if (text == "-") return;
    const std::size_t colon = text.find(':');
    const std::optional<std::uint32_t> line = whole_number<std::uint32_t>(text.substr(0, colon));
    const std::optional<std::uint32_t> column =
        colon == std::string_view::npos ? std::nullopt : whole_number<std::uint32_t>(text.substr(colon + 1));
    if (!line || !column || *line == 0)
        cell.fail("bad step position '" + excerpt(text) + "' (expected LINE:COLUMN or -)");
    address.moved_line = *line;
    address.moved_column = *column;
}

std::string side_tables_markdown() {
    std::string out;
    for_each_side_table([&](const auto& table) { out += (out.empty() ? "" : "\n") + markdown(table); });
    return out;
}

const char* node_kind_name(NodeKind kind) {
    return kNodeKinds.name(kind).data();
}

std::optional<NodeKind> parse_node_kind(std::string_view name) {
    return kNodeKinds.parse(name);
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
    return file_name == kSymbolsTable.file || file_name == kContextsTable.file ||
           file_name == kAssignSitesTable.file || file_name == kValueClassesTable.file;
}

ProgramFacts ProgramFacts::read(const std::filesystem::path& facts_dir, Tables tables) {
    std::error_code ec;
    if (!std::filesystem::is_directory(facts_dir, ec)) {
        throw DiagnosticError(SourceLocation{facts_dir.string(), 0, 0}, "fact directory not found");
    }
    ProgramFacts facts;
    const bool have_symbols = read_table(facts_dir, kSymbolsTable, [&](const TableRecord& r, Node n) {
        if (n.id != facts.nodes.size()) {
            r.fail("node ids must be 0, 1, 2, ... in order; expected " + std::to_string(facts.nodes.size()) +
                   ", found " + std::to_string(n.id));
        }
        facts.nodes.push_back(std::move(n));
    });
    if (!have_symbols) {
        throw DiagnosticError(SourceLocation{(facts_dir / kSymbolsTable.file).string(), 0, 0},
                              "symbol table not found (is this a directory written by `galias facts`?)");
    }
    read_table(facts_dir, kContextsTable, [&](const TableRecord& r, Context c) {
        if (c.id != facts.contexts.size()) r.fail("context ids must be 0, 1, 2, ... in order");
        facts.contexts.push_back(std::move(c));
    });
    read_table(facts_dir, kAssignSitesTable,
               [&](const TableRecord&, AssignSite site) { facts.assign_sites.push_back(std::move(site)); });
    read_table(facts_dir, kValueClassesTable, [&](const TableRecord& r, ValueClass c) {
        if (c.node >= facts.nodes.size() || c.representative >= facts.nodes.size())
            r.fail("node id out of range (symbols.tsv has " + std::to_string(facts.nodes.size()) + " nodes)");
        if (facts.value_class.empty()) {
            facts.value_class.resize(facts.nodes.size());
            for (NodeId n = 0; n < facts.value_class.size(); ++n) facts.value_class[n] = n;
        }
        facts.value_class[c.node] = c.representative;
    });
    if (tables == Tables::Queries) return facts;
    read_table(facts_dir, kCallsTable,
               [&](const TableRecord&, CallSite call) { facts.calls.push_back(std::move(call)); });
    read_table(facts_dir, kArgumentsTable, [&](const TableRecord& r, ArgumentAddress a) {
        append_call_argument(r, facts.arguments, std::move(a));
    });
    read_table(facts_dir, kFieldStoresTable,
               [&](const TableRecord&, FieldStore s) { facts.field_stores.push_back(s); });
    read_table(facts_dir, kAllocationCandidatesTable, [&](const TableRecord& r, AllocationCandidate c) {
        if (c.function.empty()) r.fail("empty function name");
        append_call_argument(r, facts.allocation_candidates, std::move(c));
    });
    read_table(facts_dir, kBulkWritesTable,
               [&](const TableRecord&, NodeId pointer) { facts.bulk_writes.push_back(pointer); });
    read_table(facts_dir, kStatsTable,
               [&](const TableRecord&, Counter counter) { facts.counters.push_back(std::move(counter)); });
    read_table(facts_dir, kAllocatorsTable,
               [&](const TableRecord&, Allocator a) { facts.allocators.push_back(std::move(a)); });
    read_table(facts_dir, kReleaseSummariesTable, [&](const TableRecord& r, ReleaseSummary summary) {
        if (summary.function.empty()) r.fail("empty function name");
        facts.release_summaries.push_back(std::move(summary));
    });
    read_table(facts_dir, kReleasedUsesTable,
               [&](const TableRecord&, ReleasedUse use) { facts.released_uses.push_back(std::move(use)); });
    read_table(facts_dir, kFrameStoresTable, [&](const TableRecord& r, FrameStore s) {
        if (s.object == kNoNode) r.fail("a frame store needs the object whose address is stored");
        facts.frame_stores.push_back(std::move(s));
    });
    read_table(facts_dir, kUnmodelledTable,
               [&](const TableRecord&, UnmodelledConstruct u) { facts.unmodelled.push_back(std::move(u)); });
    return facts;
}

void ProgramFacts::write(const std::filesystem::path& facts_dir) const {
    std::filesystem::create_directories(facts_dir);
    write_table(facts_dir, kSymbolsTable, nodes);
    write_table(facts_dir, kContextsTable, contexts);
    write_table(facts_dir, kCallsTable, calls);
    write_table(facts_dir, kArgumentsTable, arguments);
    write_table(facts_dir, kFieldStoresTable, field_stores);
    write_table(facts_dir, kAllocationCandidatesTable, allocation_candidates);
    write_table(facts_dir, kBulkWritesTable, bulk_writes);
    write_table(facts_dir, kAssignSitesTable, assign_sites);
    // Always written, header only when every node is its own class, so that a directory
    // written again never keeps the classes of an earlier run.
    std::vector<ValueClass> classes;
    for (NodeId n = 0; n < value_class.size(); ++n) {
        if (value_class[n] != n) classes.push_back(ValueClass{n, value_class[n]});
    }
    write_table(facts_dir, kValueClassesTable, classes);
    write_table(facts_dir, kStatsTable, counters);
    write_table(facts_dir, kAllocatorsTable, allocators);
    write_table(facts_dir, kReleaseSummariesTable, release_summaries);
    write_table(facts_dir, kReleasedUsesTable, released_uses);
    write_table(facts_dir, kFrameStoresTable, frame_stores);
    write_table(facts_dir, kUnmodelledTable, unmodelled);
}

}  // namespace galias::facts
