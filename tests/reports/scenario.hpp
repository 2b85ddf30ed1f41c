#pragma once
// A small program whose facts the tests build by hand (what the frontend would extract):
//
//   1  #include <string.h>
//   2  char buf[32];
//   3  char other[32];
//   4  char *g_in, *g_out;
//   5  void scale(char *restrict out, const char *restrict in);
//   6  int main(int argc, char **argv) {
//   7      char *p = buf;
//   8      char *q = p;
//   9      char *r = argc > 1 ? buf : other;
//  10      memcpy(p, q, 8);
//  11      strcpy(other, r);
//  12      scale(p, r);
//  13      NOALIAS(p, q);
//  14      g_in = p;
//  15      g_out = q;
//  16      return 0;
//  17  }

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

#include "facts_builder.hpp"
#include "reports/alias_oracle.hpp"
#include "reports/checks/check.hpp"
#include "reports/witness_path.hpp"

namespace galias::reports::testing {

inline const char* kScenarioSource =
    "#include <string.h>\n"
    "char buf[32];\n"
    "char other[32];\n"
    "char *g_in, *g_out;\n"
    "void scale(char *restrict out, const char *restrict in);\n"
    "int main(int argc, char **argv) {\n"
    "    char *p = buf;\n"
    "    char *q = p;\n"
    "    char *r = argc > 1 ? buf : other;\n"
    "    memcpy(p, q, 8);\n"
    "    strcpy(other, r);\n"
    "    scale(p, r);\n"
    "    NOALIAS(p, q);\n"
    "    g_in = p;\n"
    "    g_out = q;\n"
    "    return 0;\n"
    "}\n";

struct Scenario {
    FactsBuilder b{"prog.c"};
    NodeId buf, other, addr_buf, addr_other, g_in, g_out, p, q, r;
    std::vector<std::uint32_t> value_alias;
    std::vector<std::uint32_t> points_to;
    std::unique_ptr<RelationAliasOracle> oracle;
    std::unique_ptr<SourceView> view;
    std::unique_ptr<WitnessFinder> witness;
    CheckOptions options;

    explicit Scenario(const std::filesystem::path& dir) {
        buf = b.node("buf", NodeKind::Global, "", 2, 6);
        other = b.node("other", NodeKind::Global, "", 3, 6);
        addr_buf = b.node("&buf", NodeKind::AddrOf, "", 7, 15);
        addr_other = b.node("&other", NodeKind::AddrOf, "", 9, 34);
        g_in = b.node("g_in", NodeKind::Global, "", 4, 7);
        g_out = b.node("g_out", NodeKind::Global, "", 4, 14);
        p = b.node("main::p", NodeKind::Local, "main", 7, 11);
        q = b.node("main::q", NodeKind::Local, "main", 8, 11);
        r = b.node("main::r", NodeKind::Local, "main", 9, 11);
        b.assign(addr_buf, p, 7, 11);
        b.assign(p, q, 8, 11);
        b.assign(addr_buf, r, 9, 11);
        b.assign(addr_other, r, 9, 11);
        b.assign(p, g_in, 14, 10);
        b.assign(q, g_out, 15, 11);
        using Base = facts::ArgumentAddress::Base;
        // Argument facts as the frontend writes them: p and q are both buf.
        const std::uint32_t copy = b.call("memcpy", {p, q, facts::kNoNode}, 10, 5, 19);
        b.argument(copy, 0, Base::Object, "object:ext:var:buf");
        b.argument(copy, 1, Base::Object, "object:ext:var:buf");
        b.constant(copy, 2, 8);
        const std::uint32_t append = b.call("strcpy", {addr_other, r}, 11, 5, 20);
        b.argument(append, 0, Base::Object, "object:ext:var:other");
        b.argument(append, 1, Base::Value, "phi:1:2");
        const std::uint32_t scale = b.call("scale", {p, r}, 12, 5, 15, {true, true});
        b.argument(scale, 0, Base::Object, "object:ext:var:buf");
        b.argument(scale, 1, Base::Value, "phi:1:2");
        const std::uint32_t assertion = b.call("NOALIAS", {p, q}, 13, 5, 17);
        b.argument(assertion, 0, Base::Object, "object:ext:var:buf");
        b.argument(assertion, 1, Base::Object, "object:ext:var:buf");
        b.write_source(dir, kScenarioSource);
        // What CSPA and Andersen compute for these facts.
        value_alias = rows({{p, q},
                            {p, r},
                            {q, r},
                            {p, addr_buf},
                            {q, addr_buf},
                            {r, addr_buf},
                            {r, addr_other},
                            {g_in, g_out},
                            {g_in, p},
                            {g_out, q},
                            {g_in, q},
                            {g_out, p},
                            {g_in, r},
                            {g_out, r}});
        points_to = rows({{p, buf},
                          {q, buf},
                          {r, buf},
                          {r, other},
                          {addr_buf, buf},
                          {addr_other, other},
                          {g_in, buf},
                          {g_out, buf}});
        oracle = std::make_unique<RelationAliasOracle>(b.facts, value_alias, points_to);
        view = std::make_unique<SourceView>(b.facts);
        witness = std::make_unique<WitnessFinder>(b.facts);
        options.enabled = {"alias-assertion", "must-not-alias", "overlapping-copy", "restrict-alias"};
        options.must_not_alias.push_back(MustNotAliasPair{"g_in", "g_out", "filter() is not in place",
                                                          SourceLocation{".galias.toml", 2, 1}});
    }

    [[nodiscard]] CheckContext context() const {
        return CheckContext{b.facts, *oracle, *view, *witness, options};
    }
};

// A fresh temporary directory per test.
inline std::filesystem::path temp_dir(const std::string& name) {
    std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("galias-test-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace galias::reports::testing
