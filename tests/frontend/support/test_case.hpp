#pragma once
// A frontend test case: a C file (or a directory of C files, one program) whose comments
// hold directives, lit-style:
//
//   // RUN: --context-k=0 --field-insensitive --indirect-calls=types --allocator=xmalloc
//   //      --max-clones=N --extra=-DFOO --field-model=variables --copy-reduction
//   //      --no-copy-reduction --clone-all --select-clones
//   // CSPA: assign(&main::x, main::p)         expected fact (rendered by node names)
//   // CSPA-EXACT                               ... and no other CSPA facts
//   // NOT-CSPA: assign(main::q, main::p)       this fact must be absent
//   // ANDERSEN: / ANDERSEN-EXACT / NOT-ANDERSEN: the same for Andersen's relations
//   // NODE: main::s.a field                    a node with this name and kind exists
//   // NO-NODE: main::s                         no node has this name
//   // STAT: clones 2                           a stats.tsv counter
//   // CLASS: main::q main::p                   q's results are p's (value_classes.tsv)
//   // UNMODELLED: inline-asm 1                 count of one unmodelled category
//   // CONTEXT: 1 main@a.c:9:5                  contexts.tsv row
//   // ANALYSES: cspa andersen                  (alias tests) which analyses to check
//
// Node names are printed as in symbols.tsv; a node in a context other than 0 gets
// "#context" appended (id::p#1).

#include <filesystem>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "frontend/extract.hpp"

namespace galias::test {

struct TestCase {
    std::string name;                            // file stem or directory name
    std::filesystem::path directory;             // where the sources are
    std::vector<std::filesystem::path> sources;  // the .c files, sorted
    std::multimap<std::string, std::string> directives;

    [[nodiscard]] std::vector<std::string> all(const std::string& key) const;
    [[nodiscard]] bool has(const std::string& key) const { return directives.count(key) != 0; }
};

inline void PrintTo(const TestCase& test, std::ostream* out) {
    *out << test.name;
}

// Every *.c file directly in `dir` is a case, and so is every subdirectory (all its .c files).
std::vector<TestCase> list_cases(const std::filesystem::path& dir);

// Runs the frontend on the case, with the RUN options over `defaults`; `include_dir` is
// added with -I.
frontend::ExtractResult extract_case(const TestCase& test, const std::filesystem::path& include_dir,
                                     frontend::FrontendOptions defaults = {});

// "name" or "name#context".
std::string node_label(const facts::ProgramFacts& program, facts::NodeId id);

// Every fact of the given relations as "relation(a, b)" with node labels.
std::vector<std::string> render_facts(const facts::ProgramFacts& program,
                                      const std::vector<const frontend::FactRelation*>& relations);

// Text for a failing comparison: what is missing and what is unexpected.
std::string set_difference_report(const std::vector<std::string>& expected,
                                  const std::vector<std::string>& actual, bool exact);

}  // namespace galias::test
