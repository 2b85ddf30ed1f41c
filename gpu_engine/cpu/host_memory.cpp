#include "gpu_engine/cpu/host_memory.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace galias::engine::cpu {

namespace fs = std::filesystem;

namespace {

// A limit at least this large means "no limit" (cgroup v1 writes 2^63 rounded to a page).
constexpr std::uint64_t kNoLimit = std::uint64_t{1} << 60;

std::optional<std::uint64_t> read_number(const fs::path& file) {
    std::ifstream in(file);
    std::string text;
    if (!(in >> text)) return std::nullopt;
    std::uint64_t value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;  // "max" too
    return value;
}

// The value of `key` in a "key value" file (memory.stat), or 0.
std::uint64_t stat_value(const fs::path& file, std::string_view key) {
    std::ifstream in(file);
    std::string name;
    std::uint64_t value = 0;
    while (in >> name >> value) {
        if (name == key) return value;
    }
    return 0;
}

std::optional<std::size_t> mem_available(const fs::path& proc) {
    std::ifstream meminfo(proc / "meminfo");
    std::string key;
    std::size_t kib = 0;
    std::string unit;
    while (meminfo >> key >> kib >> unit) {
        if (key == "MemAvailable:") return kib * 1024;
    }
    return std::nullopt;
}

// One cgroup's room: its limit less what is charged to it and cannot be reclaimed.
struct CgroupFiles {
    const char* limit;
    const char* usage;
    const char* inactive_file;  // in memory.stat
};
constexpr CgroupFiles kCgroupV2{"memory.max", "memory.current", "inactive_file"};
constexpr CgroupFiles kCgroupV1{"memory.limit_in_bytes", "memory.usage_in_bytes", "total_inactive_file"};

std::optional<std::size_t> cgroup_room(const fs::path& dir, const CgroupFiles& files) {
    const std::optional<std::uint64_t> limit = read_number(dir / files.limit);
    if (!limit || *limit >= kNoLimit) return std::nullopt;
    const std::uint64_t usage = read_number(dir / files.usage).value_or(0);
    const std::uint64_t reclaimable = std::min(usage, stat_value(dir / "memory.stat", files.inactive_file));
    const std::uint64_t held = usage - reclaimable;
    return static_cast<std::size_t>(held < *limit ? *limit - held : 0);
}

// The directories of the process's memory cgroups, innermost first, that exist under the
// mount (in a container the process's path may be missing there: its ancestors still count).
struct CgroupDirs {
    std::vector<fs::path> v2;
    std::vector<fs::path> v1;
};

void add_with_ancestors(const fs::path& mount, const std::string& path, std::vector<fs::path>& out) {
    std::error_code ec;
    if (!fs::is_directory(mount, ec)) return;
    fs::path relative = fs::path(path).relative_path();
    for (;;) {
        const fs::path dir = mount / relative;
        if (fs::is_directory(dir, ec)) out.push_back(dir);
        if (relative.empty()) break;
        relative = relative.parent_path();
    }
}

CgroupDirs find_cgroups(const HostMemorySources& sources) {
    CgroupDirs dirs;
    std::ifstream in(sources.proc / "self" / "cgroup");
    std::string line;
    while (std::getline(in, line)) {
        // "ID:CONTROLLERS:PATH"; v2 is "0::PATH".
        const std::size_t first = line.find(':');
        const std::size_t second = first == std::string::npos ? first : line.find(':', first + 1);
        if (second == std::string::npos) continue;
        const std::string controllers = line.substr(first + 1, second - first - 1);
        const std::string path = line.substr(second + 1);
        if (controllers.empty()) {
            add_with_ancestors(sources.cgroup_root, path, dirs.v2);
            add_with_ancestors(sources.cgroup_root / "unified", path, dirs.v2);
        } else {
            std::stringstream list(controllers);
            for (std::string controller; std::getline(list, controller, ',');) {
                if (controller == "memory") add_with_ancestors(sources.cgroup_root / "memory", path, dirs.v1);
            }
        }
    }
    return dirs;
}

std::optional<std::size_t> tightest_cgroup(const CgroupDirs& dirs) {
    std::optional<std::size_t> room;
    const auto consider = [&](std::optional<std::size_t> r) {
        if (r) room = room ? std::min(*room, *r) : *r;
    };
    for (const fs::path& dir : dirs.v2) consider(cgroup_room(dir, kCgroupV2));
    for (const fs::path& dir : dirs.v1) consider(cgroup_room(dir, kCgroupV1));
    return room;
}

std::optional<std::size_t> address_space_room(const fs::path& proc) {
    rlimit limit{};
    if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return std::nullopt;
    const std::uint64_t pages = read_number(proc / "self" / "statm").value_or(0);  // VmSize, the first field
    const std::uint64_t mapped = pages * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
    return static_cast<std::size_t>(mapped < limit.rlim_cur ? limit.rlim_cur - mapped : 0);
}

HostMemory read_with(const HostMemorySources& sources, const CgroupDirs& dirs) {
    HostMemory memory;
    memory.mem_available = mem_available(sources.proc);
    memory.cgroup = tightest_cgroup(dirs);
    if (sources.address_space_limit) memory.address_space = address_space_room(sources.proc);
    return memory;
}

}  // namespace

std::size_t HostMemory::available() const {
    std::size_t least = std::size_t{1} << 34;  // nothing known: assume 16 GiB
    bool known = false;
    for (const std::optional<std::size_t>& room : {mem_available, cgroup, address_space}) {
        if (!room) continue;
        least = known ? std::min(least, *room) : *room;
        known = true;
    }
    return least;
}

HostMemory read_host_memory(const HostMemorySources& sources) {
    return read_with(sources, find_cgroups(sources));
}

std::size_t host_memory_available() {
    static const HostMemorySources kSources;
    static const CgroupDirs kDirs = find_cgroups(kSources);
    return read_with(kSources, kDirs).available();
}

}  // namespace galias::engine::cpu
