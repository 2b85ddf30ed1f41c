#include "gpu_engine/datalog/printer.hpp"

namespace galias::engine::datalog {

namespace {

// A string constant or directive value between quotes, with the escapes the lexer undoes.
std::string quoted(const std::string& text) {
    std::string out = "\"";
    for (char c : text) {
        switch (c) {
            case '\t':
                out += "\\t";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            default:
                out += c;
        }
    }
    return out + "\"";
}

const char* directive_name(ast::Directive::Kind kind) {
    switch (kind) {
        case ast::Directive::Kind::Input:
            return ".input";
        case ast::Directive::Kind::Output:
            return ".output";
        case ast::Directive::Kind::PrintSize:
            return ".printsize";
    }
    return "?";
}

}  // namespace

std::string term_text(const ast::Term& term) {
    switch (term.kind) {
        case ast::Term::Kind::Variable:
            return term.text;
        case ast::Term::Kind::Number:
            return std::to_string(term.number);
        case ast::Term::Kind::String:
            return quoted(term.text);
        case ast::Term::Kind::Wildcard:
            return "_";
    }
    return "?";
}

std::string atom_text(const ast::Atom& atom) {
    std::string out = atom.relation + "(";
    for (std::size_t i = 0; i < atom.args.size(); ++i) {
        if (i != 0) out += ", ";
        out += term_text(atom.args[i]);
    }
    return out + ")";
}

std::string clause_text(const ast::Clause& clause) {
    std::string out = atom_text(clause.head);
    if (clause.body.empty() && clause.comparisons.empty()) return out + ".";
    out += " :- ";
    bool first = true;
    for (const ast::Atom& atom : clause.body) {
        if (!first) out += ", ";
        first = false;
        out += atom_text(atom);
    }
    for (const ast::Comparison& c : clause.comparisons) {
        if (!first) out += ", ";
        first = false;
        out += term_text(c.lhs) + " " + ast::compare_op_text(c.op) + " " + term_text(c.rhs);
    }
    return out + ".";
}

std::string program_text(const ast::Program& program) {
    std::string out;
    for (const ast::RelationDecl& decl : program.relations) {
        out += ".decl " + decl.name + "(";
        for (std::size_t i = 0; i < decl.attributes.size(); ++i) {
            if (i != 0) out += ", ";
            out += decl.attributes[i].name + ": " + facts::column_type_name(decl.attributes[i].type);
        }
        out += ")\n";
    }
    for (const ast::Directive& directive : program.directives) {
        out += std::string(directive_name(directive.kind)) + " " + directive.relation;
        if (!directive.params.empty()) {
            out += "(";
            bool first = true;
            for (const auto& [key, value] : directive.params) {
                if (!first) out += ", ";
                first = false;
                out += key + "=" + (key == "IO" ? value : quoted(value));
            }
            out += ")";
        }
        out += "\n";
    }
    for (const ast::Clause& clause : program.clauses) out += clause_text(clause) + "\n";
    return out;
}

}  // namespace galias::engine::datalog
