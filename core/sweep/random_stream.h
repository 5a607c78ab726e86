#pragma once
// The random numbers of one Monte Carlo run: a stream that depends only on the
// sweep's seed and the run's index, never on which thread, process or machine
// draws it, so a sweep gives the same table however it is spread.
//
// The generator is SplitMix64 (Steele, Lea & Flood 2014) started from a hash of
// (seed, run); normal deviates come from the Box–Muller transform, written out
// here so that every standard library draws the same numbers.

#include <cstdint>

namespace kelvin::core {

class RandomStream {
 public:
  RandomStream(std::uint64_t seed, std::uint64_t run);

  /// Uniform on [0, 1), 53 random bits.
  double uniform();
  /// Standard normal (mean 0, variance 1).
  double normal();

 private:
  std::uint64_t next();

  std::uint64_t state_;
  bool haveSpare_ = false;
  double spare_ = 0.0;
};

}  // namespace kelvin::core
