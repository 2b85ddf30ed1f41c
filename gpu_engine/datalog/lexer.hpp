#pragma once
// Tokenizer for the Datalog subset: identifiers, numbers, strings, punctuation, directives.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "facts/diagnostic.hpp"

namespace galias::engine::datalog {

enum class TokenKind : std::uint8_t {
    Identifier,
    Number,
    String,
    Directive,  // Directive: ".decl", ".input", ...
    LParen,
    RParen,
    Comma,
    Dot,
    Colon,
    Turnstile /* :- */,
    Underscore,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    End
};
const char* token_kind_name(TokenKind kind);

struct Token {
    TokenKind kind = TokenKind::End;
    std::string text;  // identifier/directive name, string contents (unescaped)
    std::int64_t number = 0;
    SourceLocation location;
};

// Throws DiagnosticError (file:line:col) on characters outside the language.
std::vector<Token> tokenize(std::string_view source, const std::string& file_name);

}  // namespace galias::engine::datalog
