// libFuzzer target: a SARIF log read as --baseline. Bad input must end in a DiagnosticError
// with a place, unusable results in a warning.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "facts/diagnostic.hpp"
#include "reports/sarif/baseline.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const galias::reports::Baseline baseline = galias::reports::Baseline::parse(text, "old.sarif");
        (void)baseline.contains("restrict-alias", "a.c", "0");
        for (const galias::Diagnostic& warning : baseline.warnings()) (void)warning.str();
    } catch (const galias::DiagnosticError& e) {
        (void)e.diagnostic().str();
    }
    return 0;
}
