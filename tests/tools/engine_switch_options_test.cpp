// The CUDA backend's switches and the batch priority on the command line
// (tools/galias/engine_switch_options.hpp, declared by `galias run` and the report
// commands): each name turns off what it says and nothing else, they arrive in
// EngineOptions, and an unknown name is a usage error naming the option.
#include "tools/galias/engine_switch_options.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace galias::tool {
namespace {

using engine::CudaSwitches;
using engine::EngineOptions;

// `args` parsed as a command's options (with --batch-priority when `batch`) into EngineOptions.
EngineOptions parse(const std::vector<std::string>& args, bool batch = true) {
    CLI::App app{"engine switch options"};
    EngineSwitchOptions switches;
    switches.declare(app, batch);
    std::vector<const char*> argv{"galias"};
    for (const std::string& arg : args) argv.push_back(arg.c_str());
    app.parse(static_cast<int>(argv.size()), argv.data());
    EngineOptions options;
    switches.apply(options);
    return options;
}

TEST(EngineSwitchOptions, DefaultsLeaveEveryStrategyOn) {
    const EngineOptions options = parse({});
    EXPECT_EQ(options.cuda, CudaSwitches{});
    EXPECT_FALSE(options.cuda.trace);
    EXPECT_TRUE(options.cuda.tile_ops && options.cuda.duplicate_filter && options.cuda.bitmaps &&
                options.cuda.one_pass && options.cuda.optimistic && options.cuda.dependent_launches);
    EXPECT_EQ(options.cuda.difference, CudaSwitches::Difference::kAuto);
    EXPECT_EQ(options.batch_priority, EngineOptions::BatchPriority::BySize);
}

TEST(EngineSwitchOptions, EachNameTurnsOffItsStrategyOnly) {
    struct Case {
        const char* name;
        bool CudaSwitches::*field;
    };
    const Case cases[] = {
        {"tile", &CudaSwitches::tile_ops},         {"filter", &CudaSwitches::duplicate_filter},
        {"bitmap", &CudaSwitches::bitmaps},        {"one-pass", &CudaSwitches::one_pass},
        {"optimistic", &CudaSwitches::optimistic}, {"pdl", &CudaSwitches::dependent_launches},
    };
    ASSERT_EQ(std::size(cases), EngineSwitchOptions::cuda_off_names().size());
    for (const Case& c : cases) {
        CudaSwitches expected;
        expected.*c.field = false;
        EXPECT_EQ(parse({"--cuda-off", c.name}).cuda, expected) << c.name;
    }
}

TEST(EngineSwitchOptions, EverySwitchAtOnceIsThePlainBackend) {
    // Repeated, and as a comma-separated list.
    const EngineOptions options = parse({"--cuda-trace", "--cuda-off", "tile", "--cuda-off", "filter,bitmap",
                                         "--cuda-off", "one-pass", "--cuda-off=optimistic", "--cuda-off",
                                         "pdl", "--cuda-difference", "merge", "--batch-priority", "none"});
    CudaSwitches expected = CudaSwitches::plain();
    expected.trace = true;
    EXPECT_EQ(options.cuda, expected);
    EXPECT_EQ(options.batch_priority, EngineOptions::BatchPriority::None);
}

TEST(EngineSwitchOptions, DifferenceModesAndBatchPriorities) {
    EXPECT_EQ(parse({"--cuda-difference", "auto"}).cuda.difference, CudaSwitches::Difference::kAuto);
    EXPECT_EQ(parse({"--cuda-difference", "search"}).cuda.difference, CudaSwitches::Difference::kSearch);
    EXPECT_EQ(parse({"--cuda-difference", "merge"}).cuda.difference, CudaSwitches::Difference::kMerge);
    EXPECT_EQ(parse({"--batch-priority", "size"}).batch_priority, EngineOptions::BatchPriority::BySize);
    EXPECT_EQ(parse({"--batch-priority", "none"}).batch_priority, EngineOptions::BatchPriority::None);
    EXPECT_TRUE(parse({"--cuda-trace"}).cuda.trace);
}

// CLI11's message for a name it refuses, or "" when `args` parse.
std::string refusal(const std::vector<std::string>& args, bool batch = true) {
    try {
        (void)parse(args, batch);
    } catch (const CLI::ParseError& e) {
        return e.what();
    }
    return "";
}

TEST(EngineSwitchOptions, UnknownNamesAreRefusedWithTheOption) {
    for (const auto& args : std::vector<std::vector<std::string>>{{"--cuda-off", "tiles"},
                                                                  {"--cuda-off", "tile,everything"},
                                                                  {"--cuda-off", "TILE"},
                                                                  {"--cuda-off", ""},
                                                                  {"--cuda-difference", "fast"},
                                                                  {"--batch-priority", "smallest"}}) {
        const std::string message = refusal(args);
        EXPECT_NE(message, "") << args[0] << " " << args[1] << " was accepted";
        EXPECT_NE(message.find(args[0]), std::string::npos) << message;
    }
    // --batch-priority belongs to `galias run` (its --batch) only.
    EXPECT_NE(refusal({"--batch-priority", "none"}, false), "");
    EXPECT_EQ(refusal({"--cuda-off", "pdl"}, false), "");
}

}  // namespace
}  // namespace galias::tool
