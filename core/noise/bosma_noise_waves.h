#pragma once
// Port-level thermal noise of a linear passive n-port by Bosma's theorem
// (DESIGN.md, "Noise"). With power waves a = (V + Z0·I)/(2√Z0), b = (V − Z0·I)/(2√Z0)
// at a real reference impedance Z0 and the port admittance Y (I = Y·V + j, j the
// short-circuit noise currents), the scattering matrix is S = (I + Z0·Y)⁻¹(I − Z0·Y)
// and the outgoing noise waves c = −√Z0·(I + Z0·Y)⁻¹·j have the correlation
//
//   C_s = k·T·(I − S·S†)            (one-sided, W/Hz),
//
// equivalently C_j = 2kT·(Y + Y†) for the currents. Its Cholesky factor gives n
// uncorrelated sources, each replicated at the ports with the amplitudes of one row.

#include <stdexcept>
#include <string>

#include <Eigen/Dense>

namespace kelvin::core {

struct NoiseWaves {
  Eigen::MatrixXcd scattering;   // S
  Eigen::MatrixXcd correlation;  // C_s = kT(I − S·S†)
  /// R with C_s = R†·R: row k holds the port amplitudes of the k-th uncorrelated source.
  Eigen::MatrixXcd sources;
};

/// Thrown when C_s is not Hermitian positive semi-definite: the portion is not passive.
class NotPassiveError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The noise waves of a passive portion with port admittance `admittance` at temperature T,
/// reference impedance z0 > 0. Throws NotPassiveError naming `portion` (and the most
/// negative eigenvalue) when I − S·S† has a negative eigenvalue beyond rounding.
NoiseWaves bosmaNoiseWaves(const Eigen::MatrixXcd& admittance, double temperature, double z0,
                           const std::string& portion);
/// The same from the scattering matrix S itself.
NoiseWaves bosmaNoiseWavesOfScattering(const Eigen::MatrixXcd& scattering, double temperature,
                                       const std::string& portion);

/// The noise-wave correlation of short-circuit noise currents of correlation C_j
/// (one-sided) at a port of admittance Y: Z0·(I + Z0·Y)⁻¹·C_j·(I + Z0·Y)⁻†.
Eigen::MatrixXcd currentNoiseToWaves(const Eigen::MatrixXcd& currentCorrelation, const Eigen::MatrixXcd& admittance,
                                     double z0);

}  // namespace kelvin::core
