#include "pipeline/query_driver.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>

#include "facts/output_file.hpp"
#include "reports/node_names.hpp"
#include "reports/node_resolver.hpp"
#include "reports/source_paths.hpp"

namespace galias::pipeline {

using nlohmann::json;

namespace {

void check_format(const std::string& format) {
    if (format != "text" && format != "json" && format != "csv") {
        throw DiagnosticError(SourceLocation{},
                              fmt::format("--format: expected text, json or csv, got '{}'", format));
    }
}

std::string place(const AnalysisSession& session, const facts::Node& node) {
    if (node.pos.line == 0) return "unknown place";
    std::string file =
        reports::relative_to_root(node.pos.file, session.request().source_root).value_or(node.pos.file);
    return fmt::format("{}:{}:{}", file, node.pos.line, node.pos.column);
}

json node_json(const AnalysisSession& session, const facts::Node& node) {
    return {{"name", node.name},
            {"kind", facts::node_kind_name(node.kind)},
            {"function", node.function},
            {"file",
             reports::relative_to_root(node.pos.file, session.request().source_root).value_or(node.pos.file)},
            {"line", node.pos.line},
            {"column", node.pos.column}};
}

std::string csv_field(const std::string& text) {
    if (text.find_first_of(",\"\n") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

void emit(const std::string& text) {
    facts::write_stdout(text);
}

std::vector<std::vector<facts::NodeId>> resolve_all(const AnalysisSession& session,
                                                    const std::vector<std::string>& names) {
    reports::NodeResolver resolver(session.input().facts, session.view());
    std::vector<std::vector<facts::NodeId>> out;
    out.reserve(names.size());
    for (const std::string& name : names) out.push_back(resolver.resolve(name));
    return out;
}

// Pairs of clones to ask about: all pairs (merged) or one list per context.
std::vector<std::pair<std::string, reports::AliasKind>> per_context_answers(const AnalysisSession& session,
                                                                            facts::NodeId a,
                                                                            facts::NodeId b) {
    std::map<std::uint32_t, reports::AliasKind> by_context;
    for (facts::NodeId ca : session.view().clones(a)) {
        for (facts::NodeId cb : session.view().clones(b)) {
            std::uint32_t xa = session.view().node(ca)->context;
            std::uint32_t xb = session.view().node(cb)->context;
            if (xa != xb && xa != 0 && xb != 0) continue;
            std::uint32_t context = std::max(xa, xb);
            reports::AliasKind kind = session.oracle().alias(ca, cb);
            auto [it, fresh] = by_context.try_emplace(context, kind);
            if (!fresh) it->second = std::max(it->second, kind);
        }
    }
    std::vector<std::pair<std::string, reports::AliasKind>> out;
    const auto& contexts = session.input().facts.contexts;
    for (const auto& [context, kind] : by_context) {
        std::string label = context < contexts.size() && !contexts[context].call_string.empty()
                                ? contexts[context].call_string
                                : std::string("(no calling context)");
        out.emplace_back(label, kind);
    }
    return out;
}

struct QueryAnswers {
    json answers = json::array();
    std::string text;
    std::string csv = "a,b,answer,context,objects\n";
};

// The answers for every pair of the two variables' nodes, in each format.
QueryAnswers answer_pairs(const AnalysisSession& session, const QueryRequest& request,
                          const std::vector<std::vector<facts::NodeId>>& nodes) {
    const reports::SourceView& view = session.view();
    QueryAnswers out;
    json& answers = out.answers;
    std::string& text = out.text;
    std::string& csv = out.csv;
    for (facts::NodeId a : nodes[0]) {
        for (facts::NodeId b : nodes[1]) {
            const facts::Node& na = *view.node(a);
            const facts::Node& nb = *view.node(b);
            reports::AliasKind kind = view.alias(session.oracle(), a, b);
            std::vector<facts::NodeId> objects;
            for (facts::NodeId o : view.points_to(session.oracle(), a)) {
                std::vector<facts::NodeId> other = view.points_to(session.oracle(), b);
                if (std::find(other.begin(), other.end(), o) != other.end()) objects.push_back(o);
            }
            std::optional<reports::Witness> witness;
            if (kind != reports::AliasKind::No) {
                witness = session.witness().find(
                    view.clones(a), view.clones(b),
                    session.config().max_witness_steps.value_or(reports::kDefaultMaxWitnessSteps));
            }
            std::vector<reports::FlowStep> steps =
                witness ? session.witness().steps(*witness) : std::vector<reports::FlowStep>{};
            auto contexts = request.per_context ? per_context_answers(session, a, b)
                                                : std::vector<std::pair<std::string, reports::AliasKind>>{};

            text += fmt::format("{} ({}) and {} ({}): {}\n", na.name, place(session, na), nb.name,
                                place(session, nb), alias_kind_name(kind));
            if (kind == reports::AliasKind::No) {
                text +=
                    "  reason: no common object and no chain of assignments carries one value into both\n";
            }
            if (!objects.empty()) {
                std::vector<std::string> names;
                names.reserve(objects.size());
                for (facts::NodeId o : objects)
                    names.push_back(
                        fmt::format("{} ({})", view.node(o)->name, place(session, *view.node(o))));
                text += fmt::format("  both may point to: {}\n", fmt::join(names, ", "));
            }
            if (!steps.empty()) {
                text += "  reason: the same value reaches both:\n";
                for (const reports::FlowStep& step : steps) {
                    std::string file =
                        reports::relative_to_root(step.region.file, session.request().source_root)
                            .value_or(step.region.file);
                    text += fmt::format("    {}:{}:{}: {}\n", file, step.region.line, step.region.column,
                                        step.message);
                }
            }
            for (const auto& [label, answer] : contexts) {
                text += fmt::format("  in context {}: {}\n", label, alias_kind_name(answer));
            }

            json item = {{"a", node_json(session, na)},
                         {"b", node_json(session, nb)},
                         {"answer", alias_kind_name(kind)}};
            item["objects"] = json::array();
            for (facts::NodeId o : objects) item["objects"].push_back(node_json(session, *view.node(o)));
            item["witness"] = json::array();
            for (const reports::FlowStep& step : steps) {
                item["witness"].push_back(
                    {{"file", reports::relative_to_root(step.region.file, session.request().source_root)
                                  .value_or(step.region.file)},
                     {"line", step.region.line},
                     {"column", step.region.column},
                     {"message", step.message}});
            }
            if (request.per_context) {
                item["contexts"] = json::array();
                for (const auto& [label, answer] : contexts) {
                    item["contexts"].push_back({{"context", label}, {"answer", alias_kind_name(answer)}});
                }
            }
            answers.push_back(std::move(item));

            std::vector<std::string> object_names;
            object_names.reserve(objects.size());
            for (facts::NodeId o : objects) object_names.push_back(view.node(o)->name);
            std::string joined = fmt::format("{}", fmt::join(object_names, " "));
            if (contexts.empty()) {
                csv += fmt::format("{},{},{},,{}\n", csv_field(na.name), csv_field(nb.name),
                                   alias_kind_name(kind), csv_field(joined));
            }
            for (const auto& [label, answer] : contexts) {
                csv += fmt::format("{},{},{},{},{}\n", csv_field(na.name), csv_field(nb.name),
                                   alias_kind_name(answer), csv_field(label), csv_field(joined));
            }
        }
    }
    return out;
}

}  // namespace

int run_alias_query(const QueryRequest& request) {
    if (request.variables.size() != 2)
        throw DiagnosticError(SourceLocation{}, "query needs exactly two variables");
    check_format(request.format);
    AnalysisSession session(request.session);  // configuration errors before the work
    reports::ProgressLine progress(reports::ProgressLine::on_tty(request.session.quiet));
    session.analyse(progress);
    std::vector<std::vector<facts::NodeId>> nodes = resolve_all(session, request.variables);
    // Answered again when a demand solve had not solved the ValueAlias pairs it asked.
    const QueryAnswers out =
        session.answer_on_demand([&] { return answer_pairs(session, request, nodes); }, progress);
    if (request.format == "json") {
        emit(json{{"queries", out.answers}}.dump(2, ' ', false, json::error_handler_t::replace) + "\n");
    } else if (request.format == "csv") {
        emit(out.csv);
    } else {
        emit(out.text);
    }
    return 0;
}

int run_points_to_query(const QueryRequest& request) {
    if (request.variables.empty())
        throw DiagnosticError(SourceLocation{}, "points-to needs at least one variable");
    check_format(request.format);
    SessionRequest session_request = request.session;
    session_request.solve.needs_cspa = false;  // points-to reads PointsTo alone
    AnalysisSession session(session_request);  // configuration errors before the work
    reports::ProgressLine progress(reports::ProgressLine::on_tty(request.session.quiet));
    session.analyse(progress);
    std::vector<std::vector<facts::NodeId>> nodes = resolve_all(session, request.variables);
    const reports::SourceView& view = session.view();
    json pointers = json::array();
    std::string text;
    std::string csv = "pointer,context,object,kind,file,line,column\n";
    for (const std::vector<facts::NodeId>& group : nodes) {
        for (facts::NodeId p : group) {
            const facts::Node& np = *view.node(p);
            // (context label, objects) rows: one merged row, or one per clone.
            std::vector<std::pair<std::string, std::vector<facts::NodeId>>> rows;
            if (request.per_context) {
                for (facts::NodeId clone : view.clones(p)) {
                    std::vector<facts::NodeId> objects;
                    for (facts::NodeId o : session.oracle().points_to(clone))
                        objects.push_back(view.origin(o));
                    std::sort(objects.begin(), objects.end());
                    objects.erase(std::unique(objects.begin(), objects.end()), objects.end());
                    std::uint32_t context = view.node(clone)->context;
                    const auto& contexts = session.input().facts.contexts;
                    rows.emplace_back(context < contexts.size() && !contexts[context].call_string.empty()
                                          ? contexts[context].call_string
                                          : std::string("(no calling context)"),
                                      std::move(objects));
                }
            } else {
                rows.emplace_back("", view.points_to(session.oracle(), p));
            }
            json item = {{"pointer", node_json(session, np)}};
            item["contexts"] = json::array();
            for (const auto& [label, objects] : rows) {
                text += fmt::format("{} ({}){} may point to {} object{}{}\n", np.name, place(session, np),
                                    label.empty() ? "" : " in context " + label, objects.size(),
                                    objects.size() == 1 ? "" : "s", objects.empty() ? "" : ":");
                json list = json::array();
                for (facts::NodeId o : objects) {
                    const facts::Node& no = *view.node(o);
                    text += fmt::format("  {:<24} {:<8} {}\n", no.name, facts::node_kind_name(no.kind),
                                        place(session, no));
                    list.push_back(node_json(session, no));
                    json n = node_json(session, no);
                    csv += fmt::format("{},{},{},{},{},{},{}\n", csv_field(np.name), csv_field(label),
                                       csv_field(no.name), facts::node_kind_name(no.kind),
                                       csv_field(n["file"].get<std::string>()), no.pos.line, no.pos.column);
                }
                if (request.per_context) {
                    item["contexts"].push_back({{"context", label}, {"objects", list}});
                } else {
                    item["objects"] = list;
                }
            }
            if (!request.per_context) item.erase("contexts");
            pointers.push_back(std::move(item));
        }
    }
    if (request.format == "json") {
        emit(json{{"pointers", pointers}}.dump(2, ' ', false, json::error_handler_t::replace) + "\n");
    } else if (request.format == "csv") {
        emit(csv);
    } else {
        emit(text);
    }
    return 0;
}

}  // namespace galias::pipeline
