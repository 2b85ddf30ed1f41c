// libFuzzer target: .galias.toml through the nesting scan, toml++ and galias's reading of
// every section. Bad input must end in a DiagnosticError with a place.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "facts/diagnostic.hpp"
#include "reports/config.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        (void)galias::reports::parse_config(text, ".galias.toml");
    } catch (const galias::DiagnosticError& e) {
        (void)e.diagnostic().str();
    }
    return 0;
}
