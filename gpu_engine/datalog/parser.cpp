#include "gpu_engine/datalog/parser.hpp"

#include "gpu_engine/datalog/lexer.hpp"

namespace galias::engine::datalog {

namespace {

class Parser {
public:
    explicit Parser(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}

    ast::Program run() {
        ast::Program program;
        while (peek().kind != TokenKind::End) {
            if (peek().kind == TokenKind::Directive) {
                parse_directive(program);
            } else {
                parse_clause(program);
            }
        }
        return program;
    }

private:
    const Token& peek(std::size_t ahead = 0) const {
        return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
    }
    const Token& next() {
        const Token& token = tokens_[pos_];
        if (pos_ + 1 < tokens_.size()) ++pos_;
        return token;
    }
    bool accept(TokenKind kind) {
        if (peek().kind != kind) return false;
        next();
        return true;
    }
    [[noreturn]] void fail_expected(const std::string& what) const {
        const Token& token = peek();
        std::string found = token.kind == TokenKind::Identifier || token.kind == TokenKind::Number
                                ? "'" + token.text + "'"
                            : token.kind == TokenKind::Directive ? "'." + token.text + "'"
                                                                 : token_kind_name(token.kind);
        throw DiagnosticError(token.location, "expected " + what + ", found " + found);
    }
    const Token& expect(TokenKind kind, const char* what) {
        if (peek().kind != kind) fail_expected(what);
        return next();
    }

    void parse_directive(ast::Program& program) {
        const Token& directive = next();
        if (directive.text == "decl") return parse_decl(program, directive.location);
        ast::Directive::Kind kind;
        if (directive.text == "input") {
            kind = ast::Directive::Kind::Input;
        } else if (directive.text == "output") {
            kind = ast::Directive::Kind::Output;
        } else if (directive.text == "printsize") {
            kind = ast::Directive::Kind::PrintSize;
        } else {
            throw DiagnosticError(directive.location,
                                  "unsupported directive '." + directive.text +
                                      "' (supported: .decl, .input, .output, .printsize)");
        }
        // `.output a, b(IO=file)` declares several at once.
        do {
            ast::Directive d;
            d.kind = kind;
            d.location = peek().location;
            d.relation = expect(TokenKind::Identifier, "a relation name").text;
            if (accept(TokenKind::LParen)) {
                if (peek().kind != TokenKind::RParen) {
                    do {
                        const Token& key = expect(TokenKind::Identifier, "a parameter name");
                        expect(TokenKind::Eq, "'='");
                        const Token& value = peek();
                        if (value.kind != TokenKind::String && value.kind != TokenKind::Identifier &&
                            value.kind != TokenKind::Number)
                            fail_expected("a parameter value");
                        next();
                        if (!d.params.emplace(key.text, value.text).second)
                            throw DiagnosticError(key.location, "parameter '" + key.text + "' given twice");
                    } while (accept(TokenKind::Comma));
                }
                expect(TokenKind::RParen, "')'");
            }
            program.directives.push_back(std::move(d));
        } while (accept(TokenKind::Comma));
    }

    void parse_decl(ast::Program& program, const SourceLocation& at) {
        ast::RelationDecl decl;
        decl.location = peek().location;
        decl.name = expect(TokenKind::Identifier, "a relation name after .decl").text;
        (void)at;
        expect(TokenKind::LParen, "'('");
        if (peek().kind != TokenKind::RParen) {
            do {
                ast::Attribute attribute;
                attribute.location = peek().location;
                attribute.name = expect(TokenKind::Identifier, "an attribute name").text;
                expect(TokenKind::Colon, "':' and a type");
                const Token& type = expect(TokenKind::Identifier, "a type (number, unsigned or symbol)");
                if (type.text == "number") {
                    attribute.type = facts::ColumnType::Number;
                } else if (type.text == "unsigned") {
                    attribute.type = facts::ColumnType::Unsigned;
                } else if (type.text == "symbol") {
                    attribute.type = facts::ColumnType::Symbol;
                } else {
                    throw DiagnosticError(type.location, "unsupported type '" + type.text +
                                                             "' (supported: number, unsigned, symbol)");
                }
                decl.attributes.push_back(std::move(attribute));
            } while (accept(TokenKind::Comma));
        }
        expect(TokenKind::RParen, "')'");
        // Soufflé representation qualifiers (btree, brie, eqrel...) are accepted and ignored.
        while (peek().kind == TokenKind::Identifier &&
               (peek().text == "btree" || peek().text == "brie" || peek().text == "overridable")) {
            next();
        }
        program.relations.push_back(std::move(decl));
    }

    ast::Term parse_term() {
        const Token& token = peek();
        ast::Term term;
        term.location = token.location;
        switch (token.kind) {
            case TokenKind::Identifier:
                term.kind = ast::Term::Kind::Variable;
                term.text = token.text;
                break;
            case TokenKind::Underscore:
                term.kind = ast::Term::Kind::Wildcard;
                break;
            case TokenKind::Number:
                term.kind = ast::Term::Kind::Number;
                term.number = token.number;
                term.text = token.text;
                break;
            case TokenKind::String:
                term.kind = ast::Term::Kind::String;
                term.text = token.text;
                break;
            default:
                fail_expected("a variable, constant or '_'");
        }
        next();
        return term;
    }

    ast::Atom parse_atom() {
        ast::Atom atom;
        atom.location = peek().location;
        atom.relation = expect(TokenKind::Identifier, "a relation name").text;
        expect(TokenKind::LParen, "'('");
        if (peek().kind != TokenKind::RParen) {
            do {
                atom.args.push_back(parse_term());
            } while (accept(TokenKind::Comma));
        }
        expect(TokenKind::RParen, "')'");
        return atom;
    }

    static bool is_compare(TokenKind kind) {
        return kind == TokenKind::Eq || kind == TokenKind::Ne || kind == TokenKind::Lt ||
               kind == TokenKind::Le || kind == TokenKind::Gt || kind == TokenKind::Ge;
    }

    void parse_body_literal(ast::Clause& clause) {
        // An atom starts with `name(`; anything else is a comparison.
        if (peek().kind == TokenKind::Identifier && peek(1).kind == TokenKind::LParen) {
            clause.body.push_back(parse_atom());
            return;
        }
        ast::Comparison comparison;
        comparison.location = peek().location;
        comparison.lhs = parse_term();
        if (!is_compare(peek().kind)) fail_expected("a comparison operator (=, !=, <, <=, >, >=)");
        switch (next().kind) {
            case TokenKind::Eq:
                comparison.op = ast::CompareOp::Eq;
                break;
            case TokenKind::Ne:
                comparison.op = ast::CompareOp::Ne;
                break;
            case TokenKind::Lt:
                comparison.op = ast::CompareOp::Lt;
                break;
            case TokenKind::Le:
                comparison.op = ast::CompareOp::Le;
                break;
            case TokenKind::Gt:
                comparison.op = ast::CompareOp::Gt;
                break;
            default:
                comparison.op = ast::CompareOp::Ge;
                break;
        }
        comparison.rhs = parse_term();
        clause.comparisons.push_back(std::move(comparison));
    }

    void parse_clause(ast::Program& program) {
        if (peek().kind != TokenKind::Identifier) fail_expected("a directive, fact or rule");
        std::vector<ast::Atom> heads;
        do {
            heads.push_back(parse_atom());
        } while (accept(TokenKind::Comma));
        ast::Clause clause;
        clause.location = heads.front().location;
        if (accept(TokenKind::Turnstile)) {
            do {
                parse_body_literal(clause);
            } while (accept(TokenKind::Comma));
        }
        expect(TokenKind::Dot, "'.' at the end of the clause");
        // `A(x), B(x) :- body.` is shorthand for one clause per head.
        for (ast::Atom& head : heads) {
            ast::Clause copy = clause;
            copy.location = head.location;
            copy.head = std::move(head);
            program.clauses.push_back(std::move(copy));
        }
    }

    std::vector<Token> tokens_;
    std::size_t pos_ = 0;
};

}  // namespace

ast::Program parse_program(std::string_view source, const std::string& file_name) {
    return Parser(tokenize(source, file_name)).run();
}

}  // namespace galias::engine::datalog
