#include "frontend/tu_runner.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Basic/FileManager.h>
#include <clang/Driver/Options.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Tooling/ArgumentsAdjusters.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Option/ArgList.h>
#include <llvm/Option/OptTable.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "frontend/tu_translator.hpp"
#include "frontend/unused_functions.hpp"

#ifndef GALIAS_CLANG_RESOURCE_DIR
#define GALIAS_CLANG_RESOURCE_DIR ""
#endif

namespace galias::frontend {

namespace {

// Keeps the compiler's errors (with their file:line:col) instead of printing them, so
// that parallel TUs do not interleave output and the summary can count them.
class ErrorCollector : public clang::DiagnosticConsumer {
public:
    explicit ErrorCollector(TuOutcome& outcome) : outcome_(outcome) {}

    void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override {
        clang::DiagnosticConsumer::HandleDiagnostic(level, info);
        if (level < clang::DiagnosticsEngine::Error) return;
        ++outcome_.error_count;
        if (outcome_.errors.size() >= kMaxErrorsKept) return;
        llvm::SmallString<256> message;
        info.FormatDiagnostic(message);
        SourceLocation where;
        if (info.getLocation().isValid() && info.hasSourceManager()) {
            const clang::PresumedLoc p = info.getSourceManager().getPresumedLoc(info.getLocation());
            if (p.isValid()) where = SourceLocation{p.getFilename(), p.getLine(), p.getColumn()};
        }
        outcome_.errors.push_back(Diagnostic{Severity::Error, where, message.str().str(), {}});
    }

private:
    TuOutcome& outcome_;
};

class TranslateConsumer : public clang::ASTConsumer {
public:
    TranslateConsumer(TuOutcome& outcome, const CompileJob& job, const TranslateOptions& options)
        : outcome_(outcome), job_(job), options_(options) {}

    void HandleTranslationUnit(clang::ASTContext& context) override {
        // A TU with errors has an incomplete AST: its facts would be incomplete too.
        if (context.getDiagnostics().hasErrorOccurred()) return;
        TranslateOptions options = options_;
        options.directory = job_.directory;
        outcome_.ir = translate_translation_unit(context, job_.file, options);
        prune_unused_static_functions(outcome_.ir);
    }

private:
    TuOutcome& outcome_;
    const CompileJob& job_;
    const TranslateOptions& options_;
};

class TranslateAction : public clang::ASTFrontendAction {
public:
    TranslateAction(TuOutcome& outcome, const CompileJob& job, const TranslateOptions& options)
        : outcome_(outcome), job_(job), options_(options) {}

protected:
    std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance&,
                                                          llvm::StringRef) override {
        return std::make_unique<TranslateConsumer>(outcome_, job_, options_);
    }

private:
    TuOutcome& outcome_;
    const CompileJob& job_;
    const TranslateOptions& options_;
};

// Flags of the original compiler (often GCC) that Clang's driver does not know would make
// it refuse the whole command; they are removed and reported.
std::vector<std::string> remove_unknown_flags(std::vector<std::string>& args) {
    std::vector<const char*> argv;
    for (std::size_t i = 1; i < args.size(); ++i) argv.push_back(args[i].c_str());
    unsigned missing_index = 0;
    unsigned missing_count = 0;
    namespace opts = clang::driver::options;
    const llvm::opt::InputArgList parsed = clang::driver::getDriverOptTable().ParseArgs(
        argv, missing_index, missing_count, 0, opts::NoDriverOption | opts::CLOption | opts::FlangOnlyOption);
    std::set<std::string> unknown;
    for (const llvm::opt::Arg* arg : parsed.filtered(opts::OPT_UNKNOWN))
        unknown.insert(arg->getAsString(parsed));
    if (unknown.empty()) return {};
    std::vector<std::string> kept;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (i == 0 || unknown.count(args[i]) == 0) kept.push_back(args[i]);
    }
    args = std::move(kept);
    return {unknown.begin(), unknown.end()};
}

std::vector<std::string> clang_command_line(const CompileJob& job, const std::vector<std::string>& extra_args,
                                            std::vector<std::string>& dropped) {
    clang::tooling::CommandLineArguments args = job.arguments;
    args = clang::tooling::getClangStripOutputAdjuster()(args, job.file);
    args = clang::tooling::getClangStripDependencyFileAdjuster()(args, job.file);
    args = clang::tooling::getClangSyntaxOnlyAdjuster()(args, job.file);
    args[0] = "clang";  // the driver in gcc-compatible mode, whatever compiled the project
    args.insert(args.end(), extra_args.begin(), extra_args.end());
    const std::string resource_dir = clang_resource_dir();
    if (!resource_dir.empty()) args.push_back("-resource-dir=" + resource_dir);
    args.push_back("-w");  // warnings are not our business; errors are collected
    dropped = remove_unknown_flags(args);
    return args;
}

}  // namespace

std::string clang_resource_dir() {
    std::error_code ec;
    std::string configured = GALIAS_CLANG_RESOURCE_DIR;
    if (!configured.empty() && std::filesystem::is_directory(configured, ec)) return configured;
    // Debian's layout, should the build-time path have moved.
    const std::filesystem::path base = "/usr/lib/llvm-14/lib/clang";
    if (std::filesystem::is_directory(base, ec)) {
        for (const auto& entry : std::filesystem::directory_iterator(base, ec)) {
            if (std::filesystem::exists(entry.path() / "include" / "stddef.h", ec))
                return entry.path().string();
        }
    }
    return {};
}

TuOutcome run_translation_unit(const CompileJob& job, const std::vector<std::string>& extra_args,
                               const TranslateOptions& options) {
    TuOutcome outcome;
    outcome.ir.file = job.file;
    std::error_code ec;
    if (!std::filesystem::exists(job.file, ec)) {
        outcome.status = TuStatus::Missing;
        outcome.errors.push_back(Diagnostic{Severity::Error,
                                            SourceLocation{job.file, 0, 0},
                                            "source file listed in the compilation database does not exist",
                                            {}});
        outcome.error_count = 1;
        return outcome;
    }
    if (is_cxx_job(job)) {
        outcome.status = TuStatus::SkippedCxx;
        return outcome;
    }
    const std::vector<std::string> args = clang_command_line(job, extra_args, outcome.dropped_flags);

    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs(llvm::vfs::createPhysicalFileSystem().release());
    if (fs->setCurrentWorkingDirectory(job.directory)) {
        outcome.status = TuStatus::Failed;
        outcome.errors.push_back(
            Diagnostic{Severity::Error,
                       SourceLocation{job.file, 0, 0},
                       "the compile command's directory does not exist: " + job.directory,
                       {}});
        outcome.error_count = 1;
        return outcome;
    }
    llvm::IntrusiveRefCntPtr<clang::FileManager> files(
        new clang::FileManager(clang::FileSystemOptions(), fs));
    ErrorCollector collector(outcome);
    clang::tooling::ToolInvocation invocation(args, std::make_unique<TranslateAction>(outcome, job, options),
                                              files.get());
    invocation.setDiagnosticConsumer(&collector);
    const bool ran = invocation.run();
    if (!ran || outcome.error_count != 0) {
        outcome.status = TuStatus::Failed;
        if (outcome.errors.empty()) {
            outcome.errors.push_back(Diagnostic{
                Severity::Error, SourceLocation{job.file, 0, 0}, "clang could not compile this file", {}});
            outcome.error_count = std::max<std::size_t>(outcome.error_count, 1);
        }
        outcome.ir = TranslationUnitIr{};
        outcome.ir.file = job.file;
        return outcome;
    }
    llvm::SmallVector<const clang::FileEntry*, 64> opened;
    files->GetUniqueIDMapping(opened);
    for (const clang::FileEntry* entry : opened) {
        if (entry == nullptr) continue;
        std::filesystem::path path = entry->getName().str();
        if (path.is_relative()) path = std::filesystem::path(job.directory) / path;
        outcome.dependencies.push_back(path.lexically_normal().string());
    }
    std::sort(outcome.dependencies.begin(), outcome.dependencies.end());
    outcome.dependencies.erase(std::unique(outcome.dependencies.begin(), outcome.dependencies.end()),
                               outcome.dependencies.end());
    return outcome;
}

}  // namespace galias::frontend
