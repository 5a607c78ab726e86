#pragma once
// What the command-line benchmarks measure with: the process's CPU seconds (steadier than wall
// time on a shared machine), a wall clock, its peak resident memory, and the median of repeated figures.

#include <sys/resource.h>

#include <algorithm>
#include <ctime>
#include <vector>

namespace kelvin::bench {

/// CPU seconds this process has used so far (all threads).
inline double cpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

/// Seconds of a monotonic wall clock (for a phase that runs on more than one thread).
inline double wallSeconds() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

/// Peak resident memory of this process so far, in MB.
inline double peakMegabytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

/// The median of `values` (the mean of the middle two for an even count); `values` non-empty.
inline double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t m = values.size() / 2;
  return values.size() % 2 ? values[m] : 0.5 * (values[m - 1] + values[m]);
}

}  // namespace kelvin::bench
