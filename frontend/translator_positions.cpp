#include "frontend/translator_positions.hpp"

#include <clang/Basic/FileEntry.h>
#include <clang/Lex/Lexer.h>

namespace galias::frontend::detail {

SourcePos SourcePositions::pos(clang::SourceLocation loc) {
    if (loc.isInvalid()) return {};
    const clang::SourceLocation at = sm_.getExpansionLoc(loc);
    const clang::FileID fid = sm_.getFileID(at);
    auto it = file_names_.find(fid.getHashValue());
    if (it == file_names_.end()) {
        std::string name;
        if (const clang::FileEntry* entry = sm_.getFileEntryForID(fid)) {
            name = entry->tryGetRealPathName().str();
            if (name.empty()) name = entry->getName().str();
        } else {
            name = sm_.getBufferName(at).str();  // <built-in>, <command line>, <scratch space>
        }
        if (!name.empty() && name.front() != '<' && std::filesystem::path(name).is_relative()) {
            name = (std::filesystem::path(directory_) / name).lexically_normal().string();
        }
        it = file_names_.emplace(fid.getHashValue(), name).first;
    }
    return SourcePos{it->second, sm_.getExpansionLineNumber(at), sm_.getExpansionColumnNumber(at)};
}

SourcePos SourcePositions::end_pos(clang::SourceLocation loc) {
    SourcePos p = pos(loc);
    const clang::SourceLocation at = sm_.getExpansionLoc(loc);
    const unsigned length = clang::Lexer::MeasureTokenLength(at, sm_, language_);
    if (length > 1) p.column += length - 1;
    return p;
}

std::string SourcePositions::line_col(const SourcePos& p) {
    return std::to_string(p.line) + ":" + std::to_string(p.column);
}

}  // namespace galias::frontend::detail
