#include "tests/engine/random_inputs.hpp"

#include <algorithm>
#include <sstream>
#include <vector>

#include "gpu_engine/plan/plan.hpp"

namespace galias::test {

namespace {

std::uint32_t random_cell(std::mt19937& rng, const RelationShape& shape) {
    if (shape.extremes == Extremes::Cells) {
        switch (std::uniform_int_distribution<int>(0, 19)(rng)) {
            case 0:
                return 0xFFFFFFFFu;
            case 1:
                return 0x7FFFFFFFu;
            case 2:
                return 0x80000000u;
            default:
                break;
        }
    }
    return std::uniform_int_distribution<std::uint32_t>(0, shape.values - 1)(rng);
}

class ProgramGenerator {
public:
    explicit ProgramGenerator(std::mt19937& rng) : rng_(rng) {}

    std::string generate() {
        std::ostringstream out;
        out << ".decl e(a: number, b: number)\n.input e\n";
        out << ".decl f(a: number, b: number, c: number)\n.input f\n";
        const char* derived[] = {"p(a: number, b: number)", "q(a: number)",
                                 "r(a: number, b: number, c: number)", "s(a: number, b: number)"};
        for (const char* d : derived) out << ".decl " << d << "\n";
        out << ".output p\n.output q\n.output r\n.output s\n";
        const int rules = pick(2, 7);
        for (int i = 0; i < rules; ++i) out << rule() << "\n";
        if (pick(0, 2) == 0) out << "p(" << pick(0, 4) << ", " << pick(0, 4) << ").\n";
        return out.str();
    }

private:
    struct Rel {
        const char* name;
        int arity;
    };
    int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
    const std::string& one_of(const std::vector<std::string>& bound) {
        return bound[static_cast<std::size_t>(pick(0, static_cast<int>(bound.size()) - 1))];
    }

    std::string rule() {
        static const Rel heads[] = {{"p", 2}, {"q", 1}, {"r", 3}, {"s", 2}};
        static const Rel bodies[] = {{"e", 2}, {"f", 3}, {"p", 2}, {"q", 1}, {"r", 3}, {"s", 2}};
        static const char* vars[] = {"x", "y", "z", "w", "v"};
        const Rel head = heads[pick(0, 3)];
        const int atoms = pick(1, 3);
        std::vector<std::string> bound;
        std::string body;
        for (int a = 0; a < atoms; ++a) {
            const Rel rel = bodies[pick(0, 5)];
            body += (a ? ", " : "") + std::string(rel.name) + "(";
            for (int i = 0; i < rel.arity; ++i) {
                const int kind = pick(0, 9);
                std::string term;
                if (kind == 0) {
                    term = "_";
                } else if (kind == 1) {
                    term = std::to_string(pick(0, 3));
                } else {
                    term = vars[pick(0, 4)];
                    if (std::find(bound.begin(), bound.end(), term) == bound.end()) bound.push_back(term);
                }
                body += (i ? ", " : "") + term;
            }
            body += ")";
        }
        if (bound.empty()) {  // the head and the comparisons need a variable of the body
            body += ", e(x, _)";
            bound.push_back("x");
        }
        static const char* ops[] = {"=", "!=", "<", "<=", ">", ">="};
        const int comparisons = pick(0, 2);
        for (int c = 0; c < comparisons; ++c) {
            const std::string lhs = one_of(bound);
            const std::string rhs = pick(0, 2) == 0 ? std::to_string(pick(-1, 3)) : one_of(bound);
            body += ", " + lhs + " " + ops[pick(0, 5)] + " " + rhs;
        }
        std::string text = std::string(head.name) + "(";
        for (int i = 0; i < head.arity; ++i) {
            const std::string term = pick(0, 6) == 0 ? std::to_string(pick(0, 3)) : one_of(bound);
            text += (i ? ", " : "") + term;
        }
        return text + ") :- " + body + ".";
    }

    std::mt19937& rng_;
};

}  // namespace

TupleSet random_relation(std::mt19937& rng, const RelationShape& shape) {
    const std::uint32_t tuples =
        shape.up_to ? std::uniform_int_distribution<std::uint32_t>(0, shape.tuples)(rng) : shape.tuples;
    TupleSet out;
    for (std::uint32_t i = 0; i < tuples; ++i) {
        Tuple tuple(shape.arity);
        for (std::uint32_t& cell : tuple) cell = random_cell(rng, shape);
        if (shape.extremes == Extremes::FirstColumn && rng() % 50 == 0) tuple[0] = 0xFFFFFFFFu;
        out.insert(std::move(tuple));
    }
    return out;
}

std::map<std::string, TupleSet> random_program_inputs(const engine::Program& program, std::mt19937& rng,
                                                      const RelationShape& shape) {
    std::map<std::string, TupleSet> inputs;
    for (const engine::plan::Relation& relation : program.plan().relations)
        if (relation.info.is_input) inputs[relation.name] = random_relation(rng, shape);
    return inputs;
}

std::string random_program(std::mt19937& rng) {
    return ProgramGenerator(rng).generate();
}

}  // namespace galias::test
