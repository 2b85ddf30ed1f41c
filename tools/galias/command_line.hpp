#pragma once
// The words galias was started with (argv), recorded by main: an HTML report written by
// `check --html` shows the command that reproduces it.

#include <string>
#include <vector>

namespace galias::tool {

const std::vector<std::string>& command_line_words();

}  // namespace galias::tool
