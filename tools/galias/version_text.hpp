#pragma once
// The text of `galias --version`: the release, the commit, and what was compiled in.

#include <string>

namespace galias::tool {

// Several lines, no trailing newline. Asks the CUDA runtime whether a GPU is usable when
// the CUDA backend is compiled in, so it is only built when --version is given.
std::string version_text();

// "VERSION (commit HASH)": what a stored result depends on (a results database made by
// another build is stale).
std::string version_identity();

}  // namespace galias::tool
