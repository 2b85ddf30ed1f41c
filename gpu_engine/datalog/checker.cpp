#include "gpu_engine/datalog/checker.hpp"

#include <limits>
#include <optional>
#include <set>

#include "gpu_engine/hisa/config.hpp"

namespace galias::engine::datalog {

namespace {

[[noreturn]] void fail(const SourceLocation& at, const std::string& message) {
    throw DiagnosticError(at, message);
}

class Checker {
public:
    explicit Checker(ast::Program program) { result_.ast = std::move(program); }

    CheckedProgram run() {
        for (const ast::RelationDecl& decl : result_.ast.relations) declare(decl);
        for (const ast::Directive& directive : result_.ast.directives) apply(directive);
        for (const ast::Clause& clause : result_.ast.clauses) check_clause(clause);
        return std::move(result_);
    }

private:
    void declare(const ast::RelationDecl& decl) {
        auto [it, inserted] = result_.relation_index.emplace(decl.name, result_.relations.size());
        if (!inserted) {
            Diagnostic d{
                Severity::Error, decl.location, "relation '" + decl.name + "' is declared twice", {}};
            d.notes.push_back({result_.relations[it->second].location, "previous declaration is here"});
            throw DiagnosticError(std::move(d));
        }
        RelationInfo info;
        info.name = decl.name;
        info.location = decl.location;
        std::set<std::string> names;
        for (const ast::Attribute& attribute : decl.attributes) {
            if (!names.insert(attribute.name).second)
                fail(attribute.location,
                     "attribute '" + attribute.name + "' appears twice in relation '" + decl.name + "'");
            info.types.push_back(attribute.type);
            info.attribute_names.push_back(attribute.name);
        }
        if (info.types.size() > kMaxArity)
            fail(decl.location, "relation '" + decl.name + "' has " + std::to_string(info.types.size()) +
                                    " columns; at most " + std::to_string(kMaxArity) + " are supported");
        if (info.types.empty())
            fail(decl.location,
                 "relation '" + decl.name + "' has no columns (nullary relations are not supported)");
        result_.relations.push_back(std::move(info));
    }

    RelationInfo& lookup(const std::string& name, const SourceLocation& at) {
        auto it = result_.relation_index.find(name);
        if (it == result_.relation_index.end()) fail(at, "unknown relation '" + name + "' (no .decl)");
        return result_.relations[it->second];
    }

    void apply(const ast::Directive& directive) {
        RelationInfo& relation = lookup(directive.relation, directive.location);
        IoSpec spec;
        spec.location = directive.location;
        for (const auto& [key, value] : directive.params) {
            if (key == "IO") {
                if (value != "file")
                    fail(directive.location, "IO=" + value + " is not supported (only IO=file)");
            } else if (key == "filename") {
                spec.filename = value;
            } else if (key == "delimiter") {
                if (value.size() != 1) fail(directive.location, "delimiter must be a single character");
                spec.delimiter = value[0];
            } else if (key == "headers" || key == "rfc4180") {
                fail(directive.location, "parameter '" + key + "' is not supported");
            } else {
                fail(directive.location,
                     "unknown parameter '" + key + "' (supported: IO, filename, delimiter)");
            }
        }
        switch (directive.kind) {
            case ast::Directive::Kind::Input:
                if (relation.is_input)
                    fail(directive.location, "relation '" + relation.name + "' has two .input directives");
                relation.is_input = true;
                if (spec.filename.empty()) spec.filename = relation.name + ".facts";
                relation.input = spec;
                break;
            case ast::Directive::Kind::Output:
                relation.is_output = true;
                if (spec.filename.empty()) spec.filename = relation.name + ".csv";
                relation.output = spec;
                break;
            case ast::Directive::Kind::PrintSize:
                relation.print_size = true;
                break;
        }
    }

    void check_constant(const ast::Term& term, facts::ColumnType type, const std::string& where) {
        if (term.kind == ast::Term::Kind::String) {
            if (type != facts::ColumnType::Symbol)
                fail(term.location, "string constant \"" + term.text + "\" used " + where + " of type " +
                                        facts::column_type_name(type));
            return;
        }
        if (type == facts::ColumnType::Symbol)
            fail(term.location, "number " + term.text + " used " + where + " of type symbol");
        if (type == facts::ColumnType::Number && (term.number < std::numeric_limits<std::int32_t>::min() ||
                                                  term.number > std::numeric_limits<std::int32_t>::max()))
            fail(term.location, "number " + term.text + " does not fit a 'number' (signed 32-bit) column");
        if (type == facts::ColumnType::Unsigned && term.number < 0)
            fail(term.location, "negative number " + term.text + " used " + where + " of type unsigned");
    }

    void check_atom(const ast::Atom& atom, std::map<std::string, facts::ColumnType>& var_types,
                    std::map<std::string, SourceLocation>& var_first_use) {
        const RelationInfo& relation = lookup(atom.relation, atom.location);
        if (atom.args.size() != relation.types.size())
            fail(atom.location, "relation '" + atom.relation + "' has " +
                                    std::to_string(relation.types.size()) + " columns but is used with " +
                                    std::to_string(atom.args.size()));
        for (std::size_t i = 0; i < atom.args.size(); ++i) {
            const ast::Term& term = atom.args[i];
            const facts::ColumnType type = relation.types[i];
            const std::string where = "in column " + std::to_string(i + 1) + " of '" + atom.relation + "'";
            if (term.kind == ast::Term::Kind::Variable) {
                auto [it, inserted] = var_types.emplace(term.text, type);
                if (!inserted && it->second != type)
                    fail(term.location, "variable '" + term.text + "' has type " +
                                            facts::column_type_name(type) + " " + where + " but type " +
                                            facts::column_type_name(it->second) + " at " +
                                            var_first_use[term.text].str());
                var_first_use.emplace(term.text, term.location);
            } else if (term.kind != ast::Term::Kind::Wildcard) {
                check_constant(term, type, where);
            }
        }
    }

    void check_clause(const ast::Clause& clause) {
        std::map<std::string, facts::ColumnType> var_types;
        std::map<std::string, SourceLocation> first_use;
        for (const ast::Atom& atom : clause.body) check_atom(atom, var_types, first_use);
        const std::map<std::string, facts::ColumnType> bound = var_types;

        const RelationInfo& head = lookup(clause.head.relation, clause.head.location);
        if (clause.head.args.size() != head.types.size())
            fail(clause.head.location, "relation '" + head.name + "' has " +
                                           std::to_string(head.types.size()) + " columns but the head has " +
                                           std::to_string(clause.head.args.size()));
        for (std::size_t i = 0; i < clause.head.args.size(); ++i) {
            const ast::Term& term = clause.head.args[i];
            const std::string where = "in column " + std::to_string(i + 1) + " of '" + head.name + "'";
            if (term.kind == ast::Term::Kind::Wildcard)
                fail(term.location, "'_' cannot appear in a rule head");
            if (term.kind == ast::Term::Kind::Variable) {
                auto it = bound.find(term.text);
                if (it == bound.end())
                    fail(term.location,
                         "head variable '" + term.text + "' is not bound by a positive atom in the body");
                if (it->second != head.types[i])
                    fail(term.location, "variable '" + term.text + "' has type " +
                                            facts::column_type_name(it->second) + " but is used " + where +
                                            " of type " + facts::column_type_name(head.types[i]));
            } else {
                check_constant(term, head.types[i], where);
            }
        }

        for (const ast::Comparison& comparison : clause.comparisons) {
            std::optional<facts::ColumnType> type;
            for (const ast::Term* term : {&comparison.lhs, &comparison.rhs}) {
                if (term->kind == ast::Term::Kind::Wildcard)
                    fail(term->location, "'_' cannot appear in a comparison");
                if (term->kind != ast::Term::Kind::Variable) continue;
                auto it = bound.find(term->text);
                if (it == bound.end())
                    fail(term->location, "unsafe comparison: variable '" + term->text +
                                             "' is not bound by a positive atom in the body");
                if (type && *type != it->second)
                    fail(comparison.location, "comparison between a " +
                                                  std::string(facts::column_type_name(*type)) + " and a " +
                                                  facts::column_type_name(it->second));
                type = it->second;
            }
            if (!type) {
                // Two constants: number vs number, or string vs string.
                if ((comparison.lhs.kind == ast::Term::Kind::String) !=
                    (comparison.rhs.kind == ast::Term::Kind::String))
                    fail(comparison.location, "comparison between a string and a number");
                type = comparison.lhs.kind == ast::Term::Kind::String ? facts::ColumnType::Symbol
                                                                      : facts::ColumnType::Number;
            }
            for (const ast::Term* term : {&comparison.lhs, &comparison.rhs}) {
                if (term->kind != ast::Term::Kind::Variable) check_constant(*term, *type, "in a comparison");
            }
            if (*type == facts::ColumnType::Symbol && comparison.op != ast::CompareOp::Eq &&
                comparison.op != ast::CompareOp::Ne)
                fail(comparison.location, std::string("ordering comparison '") +
                                              ast::compare_op_text(comparison.op) +
                                              "' on symbols is not supported (only = and !=)");
        }
    }

    CheckedProgram result_;
};

}  // namespace

CheckedProgram check_program(ast::Program program) {
    return Checker(std::move(program)).run();
}

}  // namespace galias::engine::datalog

namespace galias::engine::ast {
const char* compare_op_text(CompareOp op) {
    switch (op) {
        case CompareOp::Eq:
            return "=";
        case CompareOp::Ne:
            return "!=";
        case CompareOp::Lt:
            return "<";
        case CompareOp::Le:
            return "<=";
        case CompareOp::Gt:
            return ">";
        case CompareOp::Ge:
            return ">=";
    }
    return "?";
}
}  // namespace galias::engine::ast
