#include "facts/diagnostic.hpp"

namespace galias {

std::string SourceLocation::str() const {
    std::string out = file;
    if (line != 0) {
        out += ':' + std::to_string(line);
        if (column != 0) out += ':' + std::to_string(column);
    }
    return out;
}

static const char* severity_name(Severity severity) {
    switch (severity) {
        case Severity::Note: return "note";
        case Severity::Warning: return "warning";
        case Severity::Error: return "error";
    }
    return "error";
}

std::string Diagnostic::str() const {
    std::string out;
    if (location.known()) out += location.str() + ": ";
    out += severity_name(severity);
    out += ": ";
    out += message;
    for (const DiagnosticNote& note : notes) {
        out += '\n';
        if (note.location.known()) out += note.location.str() + ": ";
        out += "note: " + note.message;
    }
    return out;
}

DiagnosticError::DiagnosticError(Diagnostic diagnostic)
    : std::runtime_error(diagnostic.str()), diagnostic_(std::move(diagnostic)) {}

DiagnosticError::DiagnosticError(SourceLocation location, const std::string& message)
    : DiagnosticError(Diagnostic{Severity::Error, std::move(location), message, {}}) {}

}  // namespace galias
