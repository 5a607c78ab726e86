#pragma once
// The portion method of the noise analyses (DESIGN.md, "Noise"; docs/noise.md,
// "The portion method"): the network is partitioned (partitionNetwork), each
// portion with ports and noise is characterised at its ports
// (PortionCharacterization), and where Bosma's theorem holds its m port sources
// replace its element sources; where it does not, the portion keeps its element
// sources and a warning names it and says why.
//
// For the noise spectrum the port sources are computed at every frequency (exact at
// each ω). The transient analyses (covariance envelope, Monte Carlo) need sources
// that are white: only memoryless portions (no storage element; Y and C_j real and
// constant) take port sources there, characterised once; a portion with storage has
// coloured port noise and keeps its element sources, with a warning.

#include <memory>
#include <string>
#include <vector>

#include <Eigen/Dense>

#include "elaborate/flat_system.h"
#include "noise/portion_characterization.h"

namespace kelvin::core {

class NoisePortions {
 public:
  enum class Use { Spectrum, Transient };

  /// `network`: the model elaborated with its aliases kept (Elaborator::elaborate(model, false)).
  explicit NoisePortions(std::shared_ptr<const FlatSystem> network, Use use);

  /// One line per portion that keeps its element sources, naming it and saying why.
  const std::vector<std::string>& warnings() const { return warnings_; }
  /// The portions whose port sources replace their element sources.
  int portionCount() const { return static_cast<int>(portions_.size()); }
  const PortionCharacterization& portion(int p) const { return portions_[static_cast<std::size_t>(p)]; }
  /// Per portion, the indices in `modelSources` (the compiled model's FlatNoiseSource names) of
  /// its element sources, in the order of its α rows. Throws std::runtime_error naming a source
  /// that is missing.
  std::vector<std::vector<int>> sourceIndices(const std::vector<std::string>& modelSources) const;
  /// α of portion p at f (Hz): its element sources × its ports; n = α·ξ with ξ uncorrelated of
  /// unit one-sided PSD. Real for Use::Transient. Throws PortionNotCharacterised where the
  /// portion cannot be characterised at f.
  Eigen::MatrixXcd injection(int p, double f) const;

 private:
  std::shared_ptr<const FlatSystem> network_;
  std::vector<PortionCharacterization> portions_;
  std::vector<Eigen::MatrixXcd> constant_;  // α of memoryless portions, computed once
  std::vector<std::string> warnings_;
};

/// A portion's name in messages: "portion {R1, R2, R3, … (1000 elements)}".
std::string portionName(const Portion& portion);

}  // namespace kelvin::core
