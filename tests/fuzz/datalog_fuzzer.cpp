// libFuzzer target: a Datalog program through the whole front of the engine (lexer, parser,
// checker, planner). Bad programs must end in a DiagnosticError (exit 2 with a place);
// anything else that escapes, or a crash, is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "facts/diagnostic.hpp"
#include "gpu_engine/engine.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const galias::engine::Program program = galias::engine::compile_program(text, "fuzz.dl");
        (void)program.explain();
    } catch (const galias::DiagnosticError& e) {
        (void)e.diagnostic().str();
    }
    return 0;
}
