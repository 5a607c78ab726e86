#pragma once
// Thrown by an analysis of the façade (identification, noise spectrum) when its
// cancel flag was set: the caller asked it to stop, nothing failed.

#include <atomic>
#include <stdexcept>

namespace kelvin::core {

class AnalysisCancelled : public std::runtime_error {
 public:
  AnalysisCancelled() : std::runtime_error("the analysis was cancelled") {}
};

/// Throws AnalysisCancelled when `cancel` is set.
inline void throwIfCancelled(const std::atomic<bool>* cancel) {
  if (cancel && cancel->load()) throw AnalysisCancelled();
}

}  // namespace kelvin::core
