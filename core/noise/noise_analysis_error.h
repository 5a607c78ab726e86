#pragma once
// A failure of a noise analysis that names the block it concerns (an output whose
// variance is unbounded, a discrete or delayed part the noise passes through where
// the analysis cannot follow it), so callers report it without reading the message.

#include <stdexcept>
#include <string>

namespace kelvin::core {

class NoiseAnalysisError : public std::runtime_error {
 public:
  NoiseAnalysisError(std::string block, const std::string& what) : std::runtime_error(what), block_(std::move(block)) {}
  /// The id of the block concerned ("NS1", "Z"), empty where none is.
  const std::string& block() const { return block_; }

 private:
  std::string block_;
};

}  // namespace kelvin::core
