#include "sweep/random_stream.h"

#include <cmath>
#include <numbers>

namespace kelvin::core {

namespace {
std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15ULL;
}  // namespace

RandomStream::RandomStream(std::uint64_t seed, std::uint64_t run) : state_(mix(mix(seed + kGolden) ^ (run * kGolden))) {}

std::uint64_t RandomStream::next() {
  state_ += kGolden;
  return mix(state_);
}

double RandomStream::uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

double RandomStream::normal() {
  if (haveSpare_) {
    haveSpare_ = false;
    return spare_;
  }
  double u = 0.0;
  while (u == 0.0) u = uniform();  // log(0) is not a number
  const double radius = std::sqrt(-2.0 * std::log(u));
  const double angle = 2.0 * std::numbers::pi * uniform();
  spare_ = radius * std::sin(angle);
  haveSpare_ = true;
  return radius * std::cos(angle);
}

}  // namespace kelvin::core
