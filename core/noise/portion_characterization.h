#pragma once
// One portion of a physical network characterised at its ports, for the portion
// method of the noise analyses (DESIGN.md, "Noise"; docs/noise.md, "The portion
// method"). The portion's own equations — its elements' and the conservation laws
// of the nodes inside it — over the model elaborated with its aliases kept, give at
// ω the port currents into the portion from the port potentials and its element
// noise sources n:
//
//   I = Y(jω)·V + T(jω)·n        (m ports: the nodes it shares with the rest, not a reference)
//
// Bosma's theorem gives the noise of a passive portion at one temperature T from
// Y alone: with S = (1 + z0·Y)⁻¹(1 − z0·Y), C_s = kT(I − S·S†) = R†R, the port noise
// currents are j = −(1 + z0·Y)·R†·ξ/√z0 for m uncorrelated unit sources ξ, so
// C_j = 2kT·(Y + Y†) one-sided. The whole model sees the portion's noise only as
// these port currents (Norton), so the m port sources can be injected through the
// portion's own element columns: n = α·ξ with T·α = −(1 + z0·Y)·R†/√z0 (α the
// minimum-norm solution); the model's response to them is exactly the response to
// port-current sources of correlation C_j.

#include <stdexcept>
#include <string>
#include <vector>

#include <Eigen/Dense>
#include <Eigen/Sparse>

#include "elaborate/flat_system.h"
#include "expr/tape.h"
#include "noise/bosma_noise_waves.h"
#include "structure/partitioner.h"

namespace kelvin::core {

/// Why Bosma's theorem cannot stand in for a portion's element sources (the message says so,
/// naming the portion and the block).
class PortionNotCharacterised : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A portion's noise at its ports at one frequency.
struct PortNoise {
  double z0 = 1.0;               // the real reference impedance of the waves (across/through units)
  Eigen::MatrixXcd admittance;   // Y: m × m
  NoiseWaves waves;              // S, C_s = kT(I − S·S†) (one-sided, W/Hz) and R
  Eigen::MatrixXcd correlation;  // C_j = 2kT(Y + Y†): the port noise currents' one-sided correlation
  Eigen::MatrixXcd injection;    // α: the portion's element sources × the m port sources
  /// ‖C_j − T·diag(S)·T†‖ / ‖T·diag(S)·T†‖: how far its elements' noise is from the thermal noise
  /// of its losses at the model's temperature (rounding where Bosma's theorem holds).
  double thermalMismatch = 0.0;
};

/// Per unknown of `network`, the equations that read it (y or y'), in order.
std::vector<std::vector<int>> unknownReaders(const FlatSystem& network);

class PortionCharacterization {
 public:
  /// `network` (the model elaborated with its aliases kept, Elaborator::elaborate(model, false))
  /// must outlive this object; `readers` is unknownReaders(network). Throws
  /// PortionNotCharacterised where the portion is nonlinear, one of its sources is not thermal
  /// at a fixed level (shot noise, which follows the operating point, or a flicker corner), or
  /// an equation outside it reads one of its inner unknowns (a sensor's output read by a signal
  /// block: its noise would reach the rest by another way than its ports).
  PortionCharacterization(const FlatSystem& network, const std::vector<std::vector<int>>& readers,
                          const Portion& portion, std::string name);

  const std::string& name() const { return name_; }
  int portCount() const { return static_cast<int>(portNodes_.size()); }
  /// The port nodes (indices into FlatSystem::nodes) and the element sources (indices into
  /// FlatSystem::noiseSources) of the portion.
  const std::vector<int>& portNodes() const { return portNodes_; }
  const std::vector<int>& sources() const { return sources_; }
  /// True when its equations hold no derivative: Y, C_j and α are real and the same at every ω.
  bool memoryless() const { return memoryless_; }

  /// The port noise at ω (rad/s), with reference impedance z0 (> 0; 0: 1/mean|Y|, well
  /// conditioned). Throws PortionNotCharacterised when the ports have no admittance at ω (an
  /// ideal source across one), when kT(I − S·S†) is not positive semi-definite (not passive),
  /// or when the port noise cannot be injected through its element sources.
  PortNoise at(double omega, double z0 = 0.0) const;

 private:
  const FlatSystem* network_;
  std::string name_;
  std::vector<int> portNodes_, sources_;
  std::vector<int> rows_;                                   // equations of the portion
  std::vector<int> unknowns_;                               // its unknowns (internal ones and port-pin throughs)
  std::vector<int> portOfPin_;                              // per unknown of unknowns_: its port, or −1
  std::vector<int> potentials_;                             // per port: the unknown of its potential
  std::vector<double> sourcePsd_;                           // the sources' white one-sided PSD
  std::vector<Eigen::Triplet<double>> jy_, jyp_, jv_, jn_;  // ∂rows/∂(unknowns_, y′, potentials, sources)
  bool memoryless_ = true;
};

}  // namespace kelvin::core
