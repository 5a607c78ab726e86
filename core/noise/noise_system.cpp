#include "noise/noise_system.h"

#include <cmath>
#include <numbers>
#include <stdexcept>
#include <unordered_map>

namespace kelvin::core {

std::vector<NoiseOutput> noiseSensorOutputs(const FlatSystem& flat) {
  std::vector<NoiseOutput> outputs;
  for (const FlatNoiseSensor& s : flat.noiseSensors) outputs.push_back({s.name, s.reading, s.bandwidth});
  return outputs;
}

namespace {

/// Gradient of `tape` at `at` into row `row`: over the unknowns into `overY`, over their
/// derivatives into `overYp` (when given), over the noise sources into `overN`.
void scatterGradient(const Tape& tape, const EvalPoint& at, const FlatSystem& flat,
                     const std::unordered_map<int, int>& sourceOfDiscrete, Eigen::Index row, Eigen::MatrixXd* overY,
                     Eigen::MatrixXd* overYp, Eigen::MatrixXd& overN) {
  std::vector<double> work(tape.size()), adjoint(tape.size()), gradient(tape.leaves().size()),
      discrete(flat.discretes.size(), 0.0), delayed(flat.delays.size(), 0.0);
  tape.fullGradient(at, work.data(), adjoint.data(), gradient.data(), discrete.data(), delayed.data());
  for (std::size_t k = 0; k < gradient.size(); ++k) {
    const TapeLeaf& leaf = tape.leaves()[k];
    Eigen::MatrixXd* into = leaf.derivative ? overYp : overY;
    if (into) (*into)(row, leaf.index) += gradient[k];
  }
  for (const auto& [d, source] : sourceOfDiscrete) overN(row, source) += discrete[d];
}

/// The response of a first-order filter of noise bandwidth B (corner 2B/π) at f; 1 without one.
std::complex<double> bandwidthFilter(double bandwidth, double f) {
  if (bandwidth <= 0.0) return 1.0;
  const double corner = 2.0 * bandwidth / std::numbers::pi;
  return 1.0 / std::complex<double>(1.0, f / corner);
}

}  // namespace

NoiseSystem::NoiseSystem(const DaeSystem& dae, const OperatingPoint& point, const std::vector<NoiseOutput>& outputs)
    : linearization_(dae, point),
      sparseE_(linearization_.derivativeJacobian().sparseView()),
      sparseJ_(linearization_.jacobian().sparseView()),
      outputs_(outputs) {
  const FlatSystem& flat = dae.flat();
  const int n = dae.size();
  const auto m = static_cast<Eigen::Index>(flat.noiseSources.size());
  const EvalPoint at{point.time, point.y.data(), point.yp.data(), point.discrete.data(), point.switches.data()};
  std::unordered_map<int, int> sourceOfDiscrete;
  std::vector<double> work;
  for (Eigen::Index k = 0; k < m; ++k) {
    const FlatNoiseSource& source = flat.noiseSources[k];
    sourceOfDiscrete.emplace(source.discrete, static_cast<int>(k));
    const Tape psd = dae.compile(source.psd);
    work.resize(psd.size());
    psd_.push_back(std::max(0.0, psd.evaluate(at, work.data())));
    flicker_.push_back(source.flickerCorner);
    sourceNames_.push_back(source.name);
    sourceBlocks_.push_back(source.block);
  }
  g_ = Eigen::MatrixXd::Zero(n, m);
  for (int e = 0; e < n; ++e)
    if (flat.equations[e].residual.node().hasDiscrete)
      scatterGradient(dae.equationTape(e), at, flat, sourceOfDiscrete, e, nullptr, nullptr, g_);
  const auto outputCount = static_cast<Eigen::Index>(outputs_.size());
  cy_ = Eigen::MatrixXd::Zero(outputCount, n);
  cyp_ = Eigen::MatrixXd::Zero(outputCount, n);
  dn_ = Eigen::MatrixXd::Zero(outputCount, m);
  // An output may read y' (a node voltage eliminated as L·di/dt).
  for (Eigen::Index o = 0; o < outputCount; ++o)
    scatterGradient(dae.compile(outputs_[o].value), at, flat, sourceOfDiscrete, o, &cy_, &cyp_, dn_);
}

double NoiseSystem::sourcePsd(int k, double f) const {
  const double corner = flicker_[k];
  return corner > 0.0 && f > 0.0 ? psd_[k] * (1.0 + corner / f) : psd_[k];
}

Eigen::MatrixXcd NoiseSystem::transfer(double f) const {
  using Complex = std::complex<double>;
  const Complex s(0.0, 2.0 * std::numbers::pi * f);
  // δY = −(sE + J)⁻¹·G·N and o = (C_y + s·C_y')·δY + D_n·N, so H = D_n − Wᵀ·G with W the solution
  // of (sE + J)ᵀ·W = (C_y + s·C_y')ᵀ: one sparse LU and a solve per output, not per source.
  Eigen::MatrixXcd h = dn_.cast<Complex>();
  if (sparseE_.rows() > 0) {
    const Eigen::SparseMatrix<Complex> mt = (s * sparseE_.cast<Complex>() + sparseJ_.cast<Complex>()).transpose();
    Eigen::SparseLU<Eigen::SparseMatrix<Complex>> lu;
    lu.compute(mt);
    if (lu.info() != Eigen::Success)
      throw std::runtime_error("the linearised model is singular at f = " + std::to_string(f) + " Hz");
    const Eigen::MatrixXcd w = lu.solve(Eigen::MatrixXcd((cy_.cast<Complex>() + s * cyp_.cast<Complex>()).transpose()));
    h -= w.transpose() * g_.cast<Complex>();
  }
  for (Eigen::Index o = 0; o < h.rows(); ++o) h.row(o) *= bandwidthFilter(outputs_[o].bandwidth, f);
  return h;
}

bool NoiseSystem::sameAs(const NoiseSystem& other) const {
  const Linearization& mine = linearization_;
  const Linearization& theirs = other.linearization_;
  return mine.states() == theirs.states() && mine.derivativeJacobian() == theirs.derivativeJacobian() &&
         mine.jacobian() == theirs.jacobian() && g_ == other.g_ && cy_ == other.cy_ && cyp_ == other.cyp_ && dn_ == other.dn_ &&
         psd_ == other.psd_ && flicker_ == other.flicker_;
}

NoiseStateSpace NoiseSystem::stateSpace() const {
  const Eigen::MatrixXd& e = linearization_.derivativeJacobian();
  const Eigen::MatrixXd& j = linearization_.jacobian();
  const auto n = e.rows();
  const std::vector<int>& states = linearization_.states();
  const auto ns = static_cast<Eigen::Index>(states.size());
  std::vector<int> algebraic;
  std::vector<bool> isState(n, false);
  for (int s : states) isState[s] = true;
  for (int i = 0; i < n; ++i)
    if (!isState[i]) algebraic.push_back(i);
  // [E_x J_z]·[δx'; δz] = −J_x·δx − G·n.
  Eigen::MatrixXd m(n, n), jx(n, ns);
  for (Eigen::Index k = 0; k < ns; ++k) {
    m.col(k) = e.col(states[k]);
    jx.col(k) = j.col(states[k]);
  }
  for (std::size_t k = 0; k < algebraic.size(); ++k) m.col(ns + static_cast<Eigen::Index>(k)) = j.col(algebraic[k]);
  const Eigen::FullPivLU<Eigen::MatrixXd> lu(m);
  if (n > 0 && lu.rank() < n)
    throw std::runtime_error("the linearised model is not of index 1 ([E_x J_z] is singular): "
                             "the noise envelope needs every algebraic unknown determined by the states");
  const Eigen::MatrixXd overX = n > 0 ? Eigen::MatrixXd(-lu.solve(jx)) : Eigen::MatrixXd(0, ns);
  const Eigen::MatrixXd overN = n > 0 ? Eigen::MatrixXd(-lu.solve(g_)) : Eigen::MatrixXd(0, g_.cols());
  NoiseStateSpace ss;
  ss.a = overX.topRows(ns);
  ss.b = overN.topRows(ns);
  // o = C_x·δx + C_z·δz + D_n·n with δz the algebraic rows.
  Eigen::MatrixXd cx(cy_.rows(), ns), cz(cy_.rows(), static_cast<Eigen::Index>(algebraic.size()));
  for (Eigen::Index k = 0; k < ns; ++k) cx.col(k) = cy_.col(states[k]);
  for (std::size_t k = 0; k < algebraic.size(); ++k) cz.col(static_cast<Eigen::Index>(k)) = cy_.col(algebraic[k]);
  ss.c = cx + cz * overX.bottomRows(cz.cols());
  ss.d = dn_ + cz * overN.bottomRows(cz.cols());
  // Terms in y': of a state, δx' = A·δx + B·n; of an algebraic unknown, not representable.
  ss.representable.assign(outputs_.size(), true);
  for (std::size_t o = 0; o < outputs_.size(); ++o)
    for (int z : algebraic)
      if (cyp_(static_cast<Eigen::Index>(o), z) != 0.0) {
        if (outputs_[o].required)
          throw std::runtime_error(outputs_[o].name + ": it reads the derivative of an algebraic unknown, which the "
                                                      "state-space form of the noise envelope lacks");
        ss.representable[o] = false;
      }
  for (Eigen::Index k = 0; k < ns; ++k) {
    ss.c += cyp_.col(states[k]) * ss.a.row(k);
    ss.d += cyp_.col(states[k]) * ss.b.row(k);
  }
  return ss;
}

}  // namespace kelvin::core
