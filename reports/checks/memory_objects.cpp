#include "reports/checks/memory_objects.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "reports/checks/alias_evidence.hpp"
#include "reports/node_names.hpp"

namespace galias::reports {

namespace {

std::string address_key(std::string_view name, std::uint32_t context) {
    return fmt::format("{}\n{}", name, context);
}

}  // namespace

bool is_summary_memory(const facts::Node& node) {
    if (node.kind == facts::NodeKind::Deref) return true;
    return node.kind == facts::NodeKind::Field &&
           (node.name.starts_with("struct:") || node.name.starts_with("union:"));
}

MemoryModel::MemoryModel(const facts::ProgramFacts& facts, const CheckOptions& options) : facts_(facts) {
    for (const facts::Allocator& allocator : facts.allocators) {
        listed_allocators_.emplace(allocator.function, true);
        if (allocator.kind != "configured" && !allocator.allocates.empty())
            wrapper_allocates_.emplace(allocator.function, allocator.allocates);
    }
    for (const auto& [allocator, releases] : options.allocator_releases) {
        configured_releases_.emplace(allocator, releases);
        for (const std::string& release : releases) released_by_[release].push_back(allocator);
    }
    for (const facts::Node& node : facts.nodes) {
        if (node.kind == facts::NodeKind::AddrOf && node.name.size() > 1)
            address_.emplace(address_key(std::string_view(node.name).substr(1), node.context), node.id);
    }
    for (const facts::CallSite& call : facts.calls) {
        callees_.emplace(call.id, call.callee);
        if (call.callee.find('|') != std::string::npos)
            wide_calls_.insert(
                fmt::format("{}\n{}\n{}", call.begin.file, call.begin.line, call.begin.column));
    }
    storage_.reserve(facts.nodes.size());
    family_index_.assign(facts.nodes.size(), 0);
    families_.emplace_back();  // index 0: not a heap object
    std::unordered_map<std::string, std::uint32_t> by_allocator;
    for (std::size_t i = 0; i < facts.nodes.size(); ++i) {
        const facts::Node& node = facts.nodes[i];
        storage_.push_back(storage_of(node));
        if (node.kind != facts::NodeKind::Heap) continue;
        auto [it, added] = by_allocator.emplace(node.allocator, static_cast<std::uint32_t>(families_.size()));
        if (added) families_.push_back(allocator_family(node.allocator));
        family_index_[i] = it->second;
    }
}

bool MemoryModel::in_facts(const facts::Node& object) const {
    const std::size_t id = object.id;
    return id < facts_.nodes.size() && &facts_.nodes[id] == &object;
}

bool MemoryModel::wide_call_at(const facts::SourcePos& pos) const {
    return !wide_calls_.empty() &&
           wide_calls_.count(fmt::format("{}\n{}\n{}", pos.file, pos.line, pos.column)) != 0;
}

const std::string& MemoryModel::callee_of(std::uint32_t call_id) const {
    static const std::string kNone;
    const auto it = callees_.find(call_id);
    return it == callees_.end() ? kNone : it->second;
}

Storage MemoryModel::storage(const facts::Node& object) const {
    return in_facts(object) ? storage_[object.id] : storage_of(object);
}

Storage MemoryModel::storage_of(const facts::Node& object) const {
    switch (object.kind) {
        case facts::NodeKind::Local:
        case facts::NodeKind::Param:
            return Storage::Frame;
        case facts::NodeKind::Global:
            return Storage::Global;
        case facts::NodeKind::Static:
            return Storage::Static;
        case facts::NodeKind::String:
            return Storage::String;
        case facts::NodeKind::Function:
            return Storage::Function;
        case facts::NodeKind::Heap:
            return Storage::Heap;
        case facts::NodeKind::Temp:
            if (object.name.find("$literal@") == std::string::npos) return Storage::Unknown;
            return object.function.empty() ? Storage::Static : Storage::CompoundLiteral;
        default:
            return Storage::Unknown;
    }
}

Family MemoryModel::family(const facts::Node& object) const {
    if (object.kind != facts::NodeKind::Heap) return {};
    if (in_facts(object)) return families_[family_index_[object.id]];
    return allocator_family(object.allocator);
}

Family MemoryModel::allocator_family(const std::string& function) const {
    Family family;
    // A wrapper returns its allocator's blocks; a wrapper of a wrapper, the inner one's.
    std::string allocator = function;
    for (int depth = 0; depth < 8; ++depth) {
        if (configured_releases_.count(allocator) != 0) {
            family.configured = allocator;
            return family;
        }
        if (const std::optional<facts::MemoryFamily> library = facts::allocator_family(allocator)) {
            family.library = library;
            return family;
        }
        const auto wrapped = wrapper_allocates_.find(allocator);
        if (wrapped == wrapper_allocates_.end() || wrapped->second == allocator) break;
        allocator = wrapped->second;
    }
    return family;
}

bool MemoryModel::is_allocator(const std::string& function) const {
    if (listed_allocators_.count(function) != 0 || configured_releases_.count(function) != 0) return true;
    const std::optional<facts::MemoryFamily> family = facts::allocator_family(function);
    return family && *family != facts::MemoryFamily::Stack && *family != facts::MemoryFamily::Library;
}

std::optional<Release> MemoryModel::release(const facts::CallSite& call) const {
    if (call.callee.empty()) return std::nullopt;
    std::optional<Release> release;
    std::size_t start = 0;
    while (start <= call.callee.size()) {
        std::size_t bar = call.callee.find('|', start);
        if (bar == std::string::npos) bar = call.callee.size();
        const std::string target = call.callee.substr(start, bar - start);
        start = bar + 1;
        Release one;
        one.function = target;
        if (const facts::ReleaseFunction* library = facts::find_release_function(target)) {
            if (library->target != facts::ReleaseTarget::Block) return std::nullopt;
            one.arg = library->arg;
            one.families.push_back(Family{library->family, {}});
        } else if (const auto configured = released_by_.find(target); configured != released_by_.end()) {
            for (const std::string& allocator : configured->second)
                one.families.push_back(Family{{}, allocator});
        } else {
            return std::nullopt;  // a target that releases nothing known
        }
        if (!release) {
            release = std::move(one);
        } else {
            // Several targets: what every one of them takes back.
            std::erase_if(release->families, [&](const Family& f) {
                return std::find(one.families.begin(), one.families.end(), f) == one.families.end();
            });
            if (release->arg != one.arg) return std::nullopt;
        }
    }
    if (release && release->arg >= call.args.size()) return std::nullopt;
    return release;
}

std::string MemoryModel::release_hint(const Family& family) const {
    if (family.library) return facts::family_release_hint(*family.library);
    const auto it = configured_releases_.find(family.configured);
    if (it == configured_releases_.end() || it->second.empty()) return {};
    return it->second.front();
}

std::string MemoryModel::family_name(const Family& family) {
    if (!family.configured.empty()) return family.configured;
    if (!family.library) return "?";
    switch (*family.library) {
        case facts::MemoryFamily::Stream:
            return "fopen";
        case facts::MemoryFamily::Pipe:
            return "popen";
        case facts::MemoryFamily::Directory:
            return "opendir";
        case facts::MemoryFamily::AddrInfo:
            return "getaddrinfo";
        case facts::MemoryFamily::Stack:
            return "alloca";
        default:
            return facts::memory_family_name(*family.library);
    }
}

NodeId MemoryModel::address_of(NodeId object) const {
    const facts::Node* node = facts_.node(object);
    if (node == nullptr) return facts::kNoNode;
    const auto it = address_.find(address_key(node->name, node->context));
    return it == address_.end() ? facts::kNoNode : it->second;
}

std::string pointer_label(const CheckContext& context, NodeId pointer) {
    const facts::Node* n = context.view.node(pointer);
    if (n == nullptr) return "the pointer";
    if (n->kind == facts::NodeKind::Field &&
        (n->name.starts_with("struct:") || n->name.starts_with("union:"))) {
        const std::size_t dot = n->name.rfind('.');
        return dot == std::string::npos ? "the pointer" : "`->" + n->name.substr(dot + 1) + "`";
    }
    if (is_variable(*n)) return "`" + short_name(*n) + "`";
    if (n->kind == facts::NodeKind::AddrOf && n->name.size() > 1) return "`" + short_name(*n).substr(1) + "`";
    return "the pointer";
}

Flow flow_of(const CheckContext& context, const MemoryModel& model, NodeId address, NodeId pointer,
             std::size_t max_steps) {
    if (address == facts::kNoNode || pointer == facts::kNoNode) return Flow::Summary;
    const NodeId from = context.facts.value_representative(address);
    const NodeId to = context.facts.value_representative(pointer);
    const facts::Node* target = context.facts.node(to);
    if (target == nullptr || is_summary_memory(*target)) return Flow::Summary;  // a field of every object
    const bool direct = context.witness.flows_within(
        from, to, max_steps,
        [&](NodeId node) {
            const facts::Node* n = context.facts.node(node);
            return n != nullptr && !is_summary_memory(*n);
        },
        [&](const WitnessEdge& edge) {
            const facts::Node* n = context.facts.node(edge.dst);
            return n == nullptr || n->kind != facts::NodeKind::Param || !model.wide_call_at(edge.pos);
        });
    return direct ? Flow::Direct : Flow::Summary;
}

std::vector<NodeId> argument_objects(const CheckContext& context, const facts::CallSite& call,
                                     std::size_t index) {
    if (context.fields != nullptr && index < call.arg_loads.size() &&
        call.arg_loads[index].first != facts::kNoNode)
        return context.fields->points_to(call.arg_loads[index].first, call.arg_loads[index].second);
    if (index >= call.args.size() || call.args[index] == facts::kNoNode) return {};
    return context.oracle.points_to(call.args[index]);
}

std::string describe_object(const CheckContext& context, const MemoryModel& model, NodeId object,
                            Finding& finding) {
    const facts::Node* n = context.view.node(context.view.origin(object));
    if (n == nullptr) return "an object";
    const std::string name = short_name(*n);
    const SourceRegion where = node_region(context, n->id);
    const auto link = [&](const std::string& text, const std::string& message) {
        return add_related(finding, where, text, message);
    };
    switch (model.storage(*n)) {
        case Storage::Frame:
            return fmt::format("{} ({} of `{}`)", link(name, fmt::format("`{}` is declared here", name)),
                               n->kind == facts::NodeKind::Param ? "a parameter" : "a local variable",
                               n->function);
        case Storage::CompoundLiteral:
            return fmt::format("a {} of `{}`", link("compound literal", "the compound literal"), n->function);
        case Storage::Global:
            return fmt::format("the global variable {}",
                               link(name, fmt::format("`{}` is declared here", name)));
        case Storage::Static:
            return fmt::format("the static variable {}",
                               link(name, fmt::format("`{}` is declared here", name)));
        case Storage::String:
            return "a string literal";
        case Storage::Function:
            return fmt::format("the function {}", link(name, fmt::format("`{}` is defined here", name)));
        case Storage::Heap: {
            const Family family = model.family(*n);
            if (family.library == facts::MemoryFamily::Stack)
                return fmt::format("memory `alloca` {} in `{}`", link("allocated", "allocated here"),
                                   n->function);
            if (family.library == facts::MemoryFamily::Library)
                return fmt::format("what `{}` returns, which the C library owns", n->allocator);
            if (!n->allocator.empty() && n->pos.line != 0)
                return fmt::format("memory `{}` {}", n->allocator, link("allocated", "allocated here"));
            return fmt::format("memory from `{}`", n->allocator.empty() ? name : n->allocator);
        }
        case Storage::Unknown:
            break;
    }
    return "`" + name + "`";
}

void attach_address_flow(const CheckContext& context, const MemoryModel& model, NodeId object, NodeId pointer,
                         Finding& finding) {
    const NodeId address = model.address_of(object);
    if (address == facts::kNoNode || pointer == facts::kNoNode) return;
    const std::array<NodeId, 1> to{pointer};
    const std::array<NodeId, 1> from{address};
    // A bounded search: the flow is shown, not decided on, and on a program whose memory
    // steps join most pointers an unbounded one visits the whole program per finding
    // (libxml2: 130 s of free-nonheap's 2-core time).
    constexpr std::size_t kMaxFlowEdges = 1'000'000;
    if (std::optional<Witness> witness =
            context.witness.find(to, from, context.options.max_witness_steps, kMaxFlowEdges)) {
        finding.witness = context.witness.steps(*witness);
        return;
    }
    // No path found within the bounds: the flow's two ends, so that every finding has one.
    const SourceRegion taken = node_region(context, context.view.origin(object));
    if (taken.known())
        finding.witness.push_back(
            FlowStep{taken,
                     "source: the object (the steps to the call are not shown: no path of assignments was "
                     "found within the search's bounds)"});
    finding.witness.push_back(FlowStep{finding.region, "it reaches the call here"});
}

Finding finding_at_call(const CheckContext& context, const RuleInfo& rule, const facts::CallSite& call,
                        Level level, std::string key) {
    Finding finding;
    finding.rule_id = std::string(rule.id);
    finding.level = level;
    finding.key = std::move(key);
    locate_at_call(call, finding);
    finding.context = context.context_label(call.context);
    return finding;
}

}  // namespace galias::reports
