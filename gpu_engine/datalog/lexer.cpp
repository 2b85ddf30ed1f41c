#include "gpu_engine/datalog/lexer.hpp"

#include <cctype>
#include <charconv>
#include <limits>

namespace galias::engine::datalog {

const char* token_kind_name(TokenKind kind) {
    switch (kind) {
        case TokenKind::Identifier:
            return "identifier";
        case TokenKind::Number:
            return "number";
        case TokenKind::String:
            return "string";
        case TokenKind::Directive:
            return "directive";
        case TokenKind::LParen:
            return "'('";
        case TokenKind::RParen:
            return "')'";
        case TokenKind::Comma:
            return "','";
        case TokenKind::Dot:
            return "'.'";
        case TokenKind::Colon:
            return "':'";
        case TokenKind::Turnstile:
            return "':-'";
        case TokenKind::Underscore:
            return "'_'";
        case TokenKind::Eq:
            return "'='";
        case TokenKind::Ne:
            return "'!='";
        case TokenKind::Lt:
            return "'<'";
        case TokenKind::Le:
            return "'<='";
        case TokenKind::Gt:
            return "'>'";
        case TokenKind::Ge:
            return "'>='";
        case TokenKind::End:
            return "end of file";
    }
    return "?";
}

namespace {

class Lexer {
public:
    Lexer(std::string_view source, const std::string& file) : src_(source), file_(file) {}

    std::vector<Token> run() {
        std::vector<Token> tokens;
        while (true) {
            skip_space_and_comments();
            Token token;
            token.location = here();
            if (pos_ >= src_.size()) {
                tokens.push_back(token);
                return tokens;
            }
            lex_one(token);
            tokens.push_back(std::move(token));
        }
    }

private:
    SourceLocation here() const { return {file_, line_, col_}; }
    char peek(std::size_t ahead = 0) const { return pos_ + ahead < src_.size() ? src_[pos_ + ahead] : '\0'; }
    void advance() {
        if (pos_ >= src_.size()) return;  // at the end: nothing to step over
        if (src_[pos_] == '\n') {
            ++line_;
            col_ = 1;
        } else {
            ++col_;
        }
        ++pos_;
    }
    [[noreturn]] void fail(const SourceLocation& at, const std::string& message) const {
        throw DiagnosticError(at, message);
    }

    void skip_space_and_comments() {
        while (pos_ < src_.size()) {
            char c = peek();
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                advance();
            } else if (c == '/' && peek(1) == '/') {
                while (pos_ < src_.size() && peek() != '\n') advance();
            } else if (c == '/' && peek(1) == '*') {
                SourceLocation start = here();
                advance();
                advance();
                while (pos_ < src_.size() && !(peek() == '*' && peek(1) == '/')) advance();
                if (pos_ >= src_.size()) fail(start, "unterminated comment");
                advance();
                advance();
            } else {
                return;
            }
        }
    }

    static bool ident_start(char c) {
        return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '?';
    }
    static bool ident_char(char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '?';
    }

    void lex_one(Token& token) {
        const char c = peek();
        const SourceLocation at = token.location;
        auto single = [&](TokenKind kind, int length) {
            token.kind = kind;
            for (int i = 0; i < length; ++i) advance();
        };
        if (c == '.' && std::isalpha(static_cast<unsigned char>(peek(1)))) {
            advance();
            token.kind = TokenKind::Directive;
            while (ident_char(peek())) {
                token.text += peek();
                advance();
            }
            return;
        }
        if (c == '_' && !ident_char(peek(1))) return single(TokenKind::Underscore, 1);
        if (ident_start(c)) {
            token.kind = TokenKind::Identifier;
            while (ident_char(peek())) {
                token.text += peek();
                advance();
            }
            return;
        }
        if (std::isdigit(static_cast<unsigned char>(c)) ||
            (c == '-' && std::isdigit(static_cast<unsigned char>(peek(1))))) {
            return lex_number(token);
        }
        if (c == '"') return lex_string(token);
        switch (c) {
            case '(':
                return single(TokenKind::LParen, 1);
            case ')':
                return single(TokenKind::RParen, 1);
            case ',':
                return single(TokenKind::Comma, 1);
            case '.':
                return single(TokenKind::Dot, 1);
            case ':':
                return peek(1) == '-' ? single(TokenKind::Turnstile, 2) : single(TokenKind::Colon, 1);
            case '=':
                return single(TokenKind::Eq, 1);
            case '!':
                if (peek(1) == '=') return single(TokenKind::Ne, 2);
                fail(at, "negation ('!') is not supported; only positive atoms");
            case '<':
                return peek(1) == '=' ? single(TokenKind::Le, 2) : single(TokenKind::Lt, 1);
            case '>':
                return peek(1) == '=' ? single(TokenKind::Ge, 2) : single(TokenKind::Gt, 1);
            case '#':
                fail(at, "preprocessor directives are not supported");
            case '+':
            case '-':
            case '*':
            case '/':
            case '%':
            case '^':
                fail(at, std::string("arithmetic ('") + c + "') is not supported");
            case ';':
                fail(at, "disjunction (';') is not supported");
            default:
                break;
        }
        fail(at, std::string("unexpected character '") + c + "'");
    }

    void lex_number(Token& token) {
        const SourceLocation at = token.location;
        std::size_t start = pos_;
        if (peek() == '-') advance();
        int base = 10;
        if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X')) {
            base = 16;
            advance();
            advance();
        } else if (peek() == '0' && (peek(1) == 'b' || peek(1) == 'B')) {
            base = 2;
            advance();
            advance();
        }
        std::size_t digits_start = pos_;
        while (std::isxdigit(static_cast<unsigned char>(peek()))) advance();
        if (ident_char(peek()))
            fail(at, "malformed number '" + std::string(src_.substr(start, pos_ - start + 1)) + "'");
        std::string_view digits = src_.substr(digits_start, pos_ - digits_start);
        std::uint64_t magnitude = 0;
        auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), magnitude, base);
        if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty() ||
            magnitude > std::numeric_limits<std::uint32_t>::max())
            fail(at, "number '" + std::string(src_.substr(start, pos_ - start)) +
                         "' is out of range or malformed");
        token.kind = TokenKind::Number;
        token.number =
            src_[start] == '-' ? -static_cast<std::int64_t>(magnitude) : static_cast<std::int64_t>(magnitude);
        token.text = std::string(src_.substr(start, pos_ - start));
    }

    void lex_string(Token& token) {
        const SourceLocation at = token.location;
        advance();  // opening quote
        token.kind = TokenKind::String;
        while (true) {
            if (pos_ >= src_.size() || peek() == '\n') fail(at, "unterminated string");
            char c = peek();
            advance();
            if (c == '"') return;
            if (c == '\\') {
                // A backslash that ends the text or the line escapes nothing.
                if (pos_ >= src_.size() || peek() == '\n') fail(at, "unterminated string");
                char e = peek();
                advance();
                switch (e) {
                    case 't':
                        token.text += '\t';
                        break;
                    case 'n':
                        token.text += '\n';
                        break;
                    case 'r':
                        token.text += '\r';
                        break;
                    case '"':
                        token.text += '"';
                        break;
                    case '\\':
                        token.text += '\\';
                        break;
                    default:
                        fail(at, std::string("unknown escape '\\") + e + "' in string");
                }
            } else {
                token.text += c;
            }
        }
    }

    std::string_view src_;
    std::string file_;
    std::size_t pos_ = 0;
    std::uint32_t line_ = 1;
    std::uint32_t col_ = 1;
};

}  // namespace

std::vector<Token> tokenize(std::string_view source, const std::string& file_name) {
    return Lexer(source, file_name).run();
}

}  // namespace galias::engine::datalog
