#include "noise/bosma_noise_waves.h"

#include <algorithm>
#include <sstream>

namespace kelvin::core {

namespace {
constexpr double kBoltzmann = 1.380649e-23;  // J/K
/// Eigenvalues of I − S·S† above −this (relative to 1) count as rounding of a lossless port.
constexpr double kPassivityTolerance = 1e-10;
/// Completes `waves` from its loss matrix I − S·S†: C_s = kT·loss and R, after the passivity check.
NoiseWaves withLoss(NoiseWaves waves, const Eigen::MatrixXcd& loss, double temperature, const std::string& portion) {
  const auto n = loss.rows();
  const Eigen::MatrixXcd hermitian = 0.5 * (loss + loss.adjoint());
  const double asymmetry = n > 0 ? (loss - hermitian).cwiseAbs().maxCoeff() : 0.0;
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXcd> eigen(hermitian);
  const double lowest = n > 0 ? eigen.eigenvalues().minCoeff() : 0.0;
  if (asymmetry > kPassivityTolerance || lowest < -kPassivityTolerance) {
    std::ostringstream os;
    os << portion << ": the noise-wave correlation kT(I − SS†) is not Hermitian positive semi-definite "
       << "(lowest eigenvalue " << lowest << "): the portion is active, so Bosma's theorem does not apply";
    throw NotPassiveError(os.str());
  }
  waves.correlation = kBoltzmann * temperature * hermitian;
  // R†R = C_s from the eigen-decomposition (robust where C_s is only semi-definite):
  // R = diag(√λ)·Vᵀ-conjugate.
  const Eigen::VectorXd lambda = eigen.eigenvalues().cwiseMax(0.0) * (kBoltzmann * temperature);
  waves.sources = lambda.cwiseSqrt().asDiagonal() * eigen.eigenvectors().adjoint();
  return waves;
}

}  // namespace

NoiseWaves bosmaNoiseWaves(const Eigen::MatrixXcd& admittance, double temperature, double z0,
                           const std::string& portion) {
  const auto n = admittance.rows();
  const Eigen::MatrixXcd identity = Eigen::MatrixXcd::Identity(n, n);
  const Eigen::PartialPivLU<Eigen::MatrixXcd> lu(identity + z0 * admittance);
  NoiseWaves waves;
  waves.scattering = lu.solve(identity - z0 * admittance);
  // I − S·S† = 2·z0·(I + z0·Y)⁻¹·(Y + Y†)·(I + z0·Y)⁻†, the same matrix without the cancellation of
  // I − S·S† where a port is nearly lossless (|S| → 1 loses the digits of Re Y / |Y| twice).
  const Eigen::MatrixXcd m = lu.solve(identity);
  return withLoss(std::move(waves), 2.0 * z0 * m * (admittance + admittance.adjoint()) * m.adjoint(), temperature,
                  portion);
}

NoiseWaves bosmaNoiseWavesOfScattering(const Eigen::MatrixXcd& scattering, double temperature,
                                       const std::string& portion) {
  const auto n = scattering.rows();
  NoiseWaves waves;
  waves.scattering = scattering;
  return withLoss(std::move(waves), Eigen::MatrixXcd::Identity(n, n) - scattering * scattering.adjoint(), temperature,
                  portion);
}

Eigen::MatrixXcd currentNoiseToWaves(const Eigen::MatrixXcd& currentCorrelation, const Eigen::MatrixXcd& admittance,
                                     double z0) {
  const auto n = admittance.rows();
  const Eigen::MatrixXcd m =
      Eigen::PartialPivLU<Eigen::MatrixXcd>(Eigen::MatrixXcd::Identity(n, n) + z0 * admittance)
          .solve(Eigen::MatrixXcd::Identity(n, n));
  return z0 * m * currentCorrelation * m.adjoint();
}

}  // namespace kelvin::core
