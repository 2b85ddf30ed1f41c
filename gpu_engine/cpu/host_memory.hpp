#pragma once
// How much host memory the engine may still take. MemAvailable alone is what the whole
// machine could give; in a container (or a CI runner under systemd) the kernel kills the
// process at its cgroup's limit long before that, and under `ulimit -v` allocations fail
// at the address-space limit. So the memory available is the least of:
//   - MemAvailable of /proc/meminfo;
//   - for each cgroup from the process's own up to the root that has a memory limit:
//     the limit less the memory charged to it that cannot be reclaimed (current usage
//     less inactive file cache), for cgroup v2 (memory.max, memory.current) and v1
//     (memory.limit_in_bytes, memory.usage_in_bytes);
//   - RLIMIT_AS less the address space already mapped (VmSize).

#include <cstddef>
#include <filesystem>
#include <optional>

namespace galias::engine::cpu {

struct HostMemorySources {
    std::filesystem::path proc = "/proc";  // meminfo, self/cgroup, self/statm
    std::filesystem::path cgroup_root = "/sys/fs/cgroup";
    bool address_space_limit = true;  // consult getrlimit(RLIMIT_AS)
};

struct HostMemory {
    std::optional<std::size_t> mem_available;  // /proc/meminfo
    std::optional<std::size_t> cgroup;         // the tightest cgroup's room
    std::optional<std::size_t> address_space;  // RLIMIT_AS less VmSize
    // The least of those known; 16 GiB when none is.
    [[nodiscard]] std::size_t available() const;
};

HostMemory read_host_memory(const HostMemorySources& sources);

// read_host_memory() of this process, with the cgroup directories found once.
std::size_t host_memory_available();

}  // namespace galias::engine::cpu
