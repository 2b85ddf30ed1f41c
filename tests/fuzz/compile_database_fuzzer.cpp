// libFuzzer target: compile_commands.json through galias's loader (JSON, invalid UTF-8
// escaped and restored, entries checked, command lines split). Bad input must end in a
// DiagnosticError with a place.
#include <cstddef>
#include <cstdint>
#include <string>

#include "facts/diagnostic.hpp"
#include "frontend/compile_database.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        for (const galias::frontend::CompileJob& job :
             galias::frontend::parse_compile_database(text, "db.json"))
            (void)galias::frontend::is_cxx_job(job);
    } catch (const galias::DiagnosticError& e) {
        (void)e.diagnostic().str();
    }
    return 0;
}
