#include "noise/noise_portions.h"

#include <map>
#include <numbers>
#include <sstream>
#include <stdexcept>

#include "structure/partitioner.h"

namespace kelvin::core {

namespace {
/// Where a portion with storage is tried before a spectrum: any frequency tells whether
/// Bosma's theorem holds for it (it holds at all or at none, ideal sources aside).
constexpr double kProbeHz = 1.0;
/// Bosma's C_j and the elements' T·diag(S)·T† agree to rounding where the theorem holds (a few
/// digits of 1e-16 lost to the condition of the port admittance); one resistor 1 K off the
/// model's temperature makes them differ by about 3e-3 of its share. Anything above this is
/// not rounding.
constexpr double kThermalTolerance = 1e-6;
}  // namespace

std::string portionName(const Portion& portion) {
  constexpr std::size_t kNamed = 3;
  std::string name = "portion {";
  for (std::size_t i = 0; i < std::min(kNamed, portion.elements.size()); ++i)
    name += (i > 0 ? ", " : "") + portion.elements[i];
  if (portion.elements.size() > kNamed) name += ", … (" + std::to_string(portion.elements.size()) + " elements)";
  return name + "}";
}

NoisePortions::NoisePortions(std::shared_ptr<const FlatSystem> network, Use use) : network_(std::move(network)) {
  const FlatSystem& flat = *network_;
  std::vector<bool> noisy(flat.blocks.size(), false);
  for (const FlatNoiseSource& s : flat.noiseSources)
    if (s.block >= 0) noisy[static_cast<std::size_t>(s.block)] = true;
  const std::vector<std::vector<int>> readers = unknownReaders(flat);
  for (const Portion& portion : partitionNetwork(flat)) {
    if (std::none_of(portion.blocks.begin(), portion.blocks.end(),
                     [&](int b) { return noisy[static_cast<std::size_t>(b)]; }))
      continue;  // nothing to replace
    const std::string name = portionName(portion);
    try {
      PortionCharacterization c(flat, readers, portion, name);
      if (c.portCount() == 0) continue;  // its noise reaches no other portion: its element sources stay
      if (use == Use::Transient && !c.memoryless())
        throw PortionNotCharacterised(name +
                                      " stores energy: its port noise is coloured, which the transient "
                                      "analyses cannot draw as white port sources");
      const PortNoise probe = c.at(2.0 * std::numbers::pi * (c.memoryless() ? 0.0 : kProbeHz));
      if (probe.thermalMismatch > kThermalTolerance) {
        std::ostringstream os;
        os << name << ": the noise of its elements is not the thermal noise of its losses at T = " << flat.temperature
           << " K (relative difference " << probe.thermalMismatch
           << "): an element at another temperature, or a source that is not thermal, so Bosma's theorem does "
              "not hold";
        throw PortionNotCharacterised(os.str());
      }
      constant_.push_back(c.memoryless() ? probe.injection : Eigen::MatrixXcd());
      if (use == Use::Transient) constant_.back() = constant_.back().real().cast<std::complex<double>>();
      portions_.push_back(std::move(c));
    } catch (const PortionNotCharacterised& e) {
      warnings_.push_back(std::string(e.what()) + "; its element sources are used");
    }
  }
}

std::vector<std::vector<int>> NoisePortions::sourceIndices(const std::vector<std::string>& modelSources) const {
  std::map<std::string, int> index;
  for (std::size_t k = 0; k < modelSources.size(); ++k) index[modelSources[k]] = static_cast<int>(k);
  std::vector<std::vector<int>> indices;
  for (const PortionCharacterization& c : portions_) {
    std::vector<int> own;
    for (int k : c.sources()) {
      const std::string& name = network_->noiseSources[static_cast<std::size_t>(k)].name;
      auto it = index.find(name);
      if (it == index.end())
        throw std::runtime_error("noise source " + name + " of " + c.name() + " is not in the model");
      own.push_back(it->second);
    }
    indices.push_back(std::move(own));
  }
  return indices;
}

Eigen::MatrixXcd NoisePortions::injection(int p, double f) const {
  const Eigen::MatrixXcd& fixed = constant_[static_cast<std::size_t>(p)];
  if (fixed.size() > 0) return fixed;
  return portion(p).at(2.0 * std::numbers::pi * f).injection;
}

}  // namespace kelvin::core
