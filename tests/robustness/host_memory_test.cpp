// gpu_engine/cpu/host_memory.hpp: the memory the CPU backend may take is the least of
// MemAvailable, the cgroup's room (v2 and v1, ancestors included) and RLIMIT_AS.
#include "gpu_engine/cpu/host_memory.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>

#include "temp_dir.hpp"

namespace galias::engine::cpu {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kGiB = std::size_t{1} << 30;

void write(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
}

// A fake /proc and /sys/fs/cgroup: 8 GiB available on the machine.
struct FakeSystem {
    test::TempDir dir;
    HostMemorySources sources;
    FakeSystem() {
        sources.proc = dir.path() / "proc";
        sources.cgroup_root = dir.path() / "cgroup";
        sources.address_space_limit = false;
        write(sources.proc / "meminfo", "MemTotal: 16777216 kB\nMemFree: 1 kB\nMemAvailable: 8388608 kB\n");
        fs::create_directories(sources.cgroup_root);
    }
};

TEST(HostMemory, MemAvailableAloneWithoutCgroups) {
    FakeSystem system;
    write(system.sources.proc / "self" / "cgroup", "0::/\n");
    const HostMemory memory = read_host_memory(system.sources);
    EXPECT_EQ(memory.mem_available, 8 * kGiB);
    EXPECT_FALSE(memory.cgroup);
    EXPECT_EQ(memory.available(), 8 * kGiB);
}

TEST(HostMemory, CgroupV2LimitLessWhatCannotBeReclaimed) {
    FakeSystem system;
    write(system.sources.proc / "self" / "cgroup", "0::/ci/job\n");
    const fs::path job = system.sources.cgroup_root / "ci" / "job";
    write(job / "memory.max", std::to_string(2 * kGiB) + "\n");
    write(job / "memory.current", std::to_string(kGiB) + "\n");
    write(job / "memory.stat", "anon 1\ninactive_file " + std::to_string(kGiB / 2) + "\nactive_file 3\n");
    // 2 GiB limit, 1 GiB charged of which half is inactive file cache: 1.5 GiB of room.
    EXPECT_EQ(read_host_memory(system.sources).available(), kGiB + kGiB / 2);
    // A parent with a tighter limit wins; "max" is no limit.
    write(system.sources.cgroup_root / "ci" / "memory.max", std::to_string(kGiB) + "\n");
    write(system.sources.cgroup_root / "ci" / "memory.current", std::to_string(kGiB / 4) + "\n");
    EXPECT_EQ(read_host_memory(system.sources).available(), kGiB - kGiB / 4);
    write(system.sources.cgroup_root / "ci" / "memory.max", "max\n");
    EXPECT_EQ(read_host_memory(system.sources).available(), kGiB + kGiB / 2);
}

TEST(HostMemory, CgroupV1AndAPathMissingUnderTheMount) {
    FakeSystem system;
    // In a container the process's own path may not exist under the mount: its ancestors do.
    write(system.sources.proc / "self" / "cgroup", "4:memory:/outer/inner\n3:cpu:/\n");
    const fs::path outer = system.sources.cgroup_root / "memory" / "outer";
    write(outer / "memory.limit_in_bytes", std::to_string(3 * kGiB) + "\n");
    write(outer / "memory.usage_in_bytes", std::to_string(kGiB) + "\n");
    write(outer / "memory.stat", "total_inactive_file 0\n");
    write(system.sources.cgroup_root / "memory" / "memory.limit_in_bytes",
          "9223372036854771712\n");  // no limit
    EXPECT_EQ(read_host_memory(system.sources).available(), 2 * kGiB);
}

TEST(HostMemory, AddressSpaceLimit) {
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "AddressSanitizer maps terabytes of shadow memory: no address-space limit fits it";
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    GTEST_SKIP() << "AddressSanitizer maps terabytes of shadow memory: no address-space limit fits it";
#endif
#endif
    // In a child: the limit stays out of this test process.
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        HostMemorySources sources;
        rlimit limit{};
        ::getrlimit(RLIMIT_AS, &limit);
        if (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur > 64 * kGiB) limit.rlim_cur = 64 * kGiB;
        if (::setrlimit(RLIMIT_AS, &limit) != 0) ::_exit(2);
        // What is mapped already counts against the limit (under AddressSanitizer, all of it).
        const HostMemory limited = read_host_memory(sources);
        const bool ok = limited.address_space && *limited.address_space < limit.rlim_cur &&
                        limited.available() <= *limited.address_space;
        ::_exit(ok ? 0 : 1);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
}

}  // namespace
}  // namespace galias::engine::cpu
