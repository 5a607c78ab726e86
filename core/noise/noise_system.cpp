#include "noise/noise_system.h"

#include <cmath>
#include <numbers>

#include "noise/noise_analysis_error.h"

namespace kelvin::core {

std::vector<NoiseOutput> noiseSensorOutputs(const FlatSystem& flat) {
  std::vector<NoiseOutput> outputs;
  for (const FlatNoiseSensor& s : flat.noiseSensors) outputs.push_back({s.name, s.reading, s.bandwidth});
  return outputs;
}

std::shared_ptr<const LinearizationPlan> noisePlan(const DaeSystem& dae, const std::string& file,
                                                   const std::vector<NoiseOutput>& outputs) {
  std::vector<LinearOutput> linear;
  for (const NoiseOutput& o : outputs) linear.push_back({o.name, o.name, o.value});
  return std::make_shared<const LinearizationPlan>(dae, file, std::move(linear));
}

namespace {

/// The response of a first-order filter of noise bandwidth B (corner 2B/π) at f; 1 without one.
std::complex<double> bandwidthFilter(double bandwidth, double f) {
  if (bandwidth <= 0.0) return 1.0;
  const double corner = 2.0 * bandwidth / std::numbers::pi;
  return 1.0 / std::complex<double>(1.0, f / corner);
}

/// The block id of an output named "<block id>.<port>".
std::string blockOf(const std::string& output) { return output.substr(0, output.rfind('.')); }

}  // namespace

NoiseSystem::NoiseSystem(const DaeSystem& dae, std::shared_ptr<const LinearizationPlan> plan,
                         const OperatingPoint& point, const std::vector<NoiseOutput>& outputs,
                         std::shared_ptr<const NoisePortions> portions)
    : plan_(std::move(plan)), linearization_(*plan_, point), outputs_(outputs), portions_(std::move(portions)) {
  const FlatSystem& flat = dae.flat();
  const EvalPoint at{point.time, point.y.data(), point.yp.data(), point.discrete.data(), point.switches.data()};
  std::vector<double> work;
  for (const FlatNoiseSource& source : flat.noiseSources) {
    const Tape psd = dae.compile(source.psd);
    work.resize(psd.size());
    psd_.push_back(std::max(0.0, psd.evaluate(at, work.data())));
    flicker_.push_back(source.flickerCorner);
    double level = 0.0;
    if (source.flicker.valid()) {
      const Tape coefficient = dae.compile(source.flicker);
      work.resize(coefficient.size());
      level = std::max(0.0, coefficient.evaluate(at, work.data()));
    }
    flickerLevel_.push_back(level);
    sourceNames_.push_back(source.name);
    sourceBlocks_.push_back(source.block);
  }
  elementSources_ = static_cast<int>(psd_.size());
  if (!portions_) return;
  portionSources_ = portions_->sourceIndices(sourceNames_);
  std::vector<bool> replaced(psd_.size(), false);
  for (const std::vector<int>& own : portionSources_)
    for (int k : own) replaced[static_cast<std::size_t>(k)] = true;
  std::vector<double> psd, flicker, flickerLevel;
  std::vector<std::string> names;
  std::vector<int> blocks;
  for (int k = 0; k < elementSources_; ++k) {
    if (replaced[static_cast<std::size_t>(k)]) continue;
    kept_.push_back(k);
    psd.push_back(psd_[static_cast<std::size_t>(k)]);
    flicker.push_back(flicker_[static_cast<std::size_t>(k)]);
    flickerLevel.push_back(flickerLevel_[static_cast<std::size_t>(k)]);
    names.push_back(sourceNames_[static_cast<std::size_t>(k)]);
    blocks.push_back(sourceBlocks_[static_cast<std::size_t>(k)]);
  }
  for (int p = 0; p < portions_->portionCount(); ++p)
    for (int port = 0; port < portions_->portion(p).portCount(); ++port) {
      psd.push_back(1.0);  // ξ of unit one-sided PSD; α carries the level
      flicker.push_back(0.0);
      flickerLevel.push_back(0.0);  // a portion with flicker noise keeps its element sources
      names.push_back(portions_->portion(p).name() + ".port" + std::to_string(port + 1));
      blocks.push_back(-1);
    }
  psd_ = std::move(psd);
  flicker_ = std::move(flicker);
  flickerLevel_ = std::move(flickerLevel);
  sourceNames_ = std::move(names);
  sourceBlocks_ = std::move(blocks);
}

Eigen::MatrixXcd NoiseSystem::toAnalysisSources(const Eigen::MatrixXcd& byElement, double f) const {
  if (!portions_) return byElement;
  Eigen::MatrixXcd out(byElement.rows(), sourceCount());
  Eigen::Index column = 0;
  for (int k : kept_) out.col(column++) = byElement.col(k);
  for (int p = 0; p < portions_->portionCount(); ++p) {
    const std::vector<int>& rows = portionSources_[static_cast<std::size_t>(p)];
    Eigen::MatrixXcd own(byElement.rows(), static_cast<Eigen::Index>(rows.size()));
    for (std::size_t k = 0; k < rows.size(); ++k) own.col(static_cast<Eigen::Index>(k)) = byElement.col(rows[k]);
    const Eigen::MatrixXcd alpha = portions_->injection(p, f);
    out.middleCols(column, alpha.cols()) = own * alpha;
    column += alpha.cols();
  }
  return out;
}

NoiseSystem::NoiseSystem(const DaeSystem& dae, const OperatingPoint& point, const std::vector<NoiseOutput>& outputs)
    : NoiseSystem(dae, noisePlan(dae, std::string(), outputs), point, outputs) {}

double NoiseSystem::sourcePsd(int k, double f) const {
  const double corner = flicker_[k];
  const double white = corner > 0.0 && f > 0.0 ? psd_[k] * (1.0 + corner / f) : psd_[k];
  return flickerLevel_[k] > 0.0 && f > 0.0 ? white + flickerLevel_[k] / f : white;
}

Eigen::MatrixXcd NoiseSystem::transfer(double f) const {
  Eigen::MatrixXcd h = toAnalysisSources(
      linearization_.transfer(2.0 * std::numbers::pi * f).middleCols(plan_->markerInputs(), elementSources_), f);
  for (Eigen::Index o = 0; o < h.rows(); ++o) h.row(o) *= bandwidthFilter(outputs_[o].bandwidth, f);
  return h;
}

bool NoiseSystem::sameAs(const NoiseSystem& other) const {
  return linearization_.sameAs(other.linearization_) && psd_ == other.psd_ && flicker_ == other.flicker_ &&
         flickerLevel_ == other.flickerLevel_;
}

NoiseStateSpace NoiseSystem::stateSpace() const {
  const AbcdMatrix& r = linearization_.reduced();
  const Eigen::Index m = sourceCount();
  // The transient uses take port sources of memoryless portions only: α is real and constant.
  auto sources = [&](const Eigen::MatrixXd& all) -> Eigen::MatrixXd {
    const Eigen::MatrixXd byElement = all.middleCols(plan_->markerInputs(), elementSources_);
    if (!portions_) return byElement;
    return toAnalysisSources(byElement.cast<std::complex<double>>(), 0.0).real();
  };
  const Eigen::MatrixXd b = sources(r.b), d = sources(r.d);
  // The coordinates the noise reaches: those a source enters, then every one that reads a reached one.
  const Eigen::Index np = r.a.rows();
  std::vector<bool> reached(static_cast<std::size_t>(np), false);
  std::vector<Eigen::Index> pending;
  for (Eigen::Index i = 0; i < np; ++i)
    for (Eigen::Index k = 0; k < m; ++k)
      if (b(i, k) != 0.0 && psd_[static_cast<std::size_t>(k)] > 0.0 && !reached[static_cast<std::size_t>(i)]) {
        reached[static_cast<std::size_t>(i)] = true;
        pending.push_back(i);
      }
  while (!pending.empty()) {
    const Eigen::Index j = pending.back();
    pending.pop_back();
    for (Eigen::Index i = 0; i < np; ++i)
      if (!reached[static_cast<std::size_t>(i)] && r.a(i, j) != 0.0) {
        reached[static_cast<std::size_t>(i)] = true;
        pending.push_back(i);
      }
  }
  // Coordinates the noise does not reach carry no variance: only the 1/s rows stay.
  std::vector<Eigen::Index> states;
  for (Eigen::Index i = 0; i < np; ++i) {
    const AbcdRow& row = r.rows[static_cast<std::size_t>(i)];
    if (row.kind == RowKind::Integrator) {
      states.push_back(i);
    } else if (reached[static_cast<std::size_t>(i)]) {
      throw NoiseAnalysisError(
          row.block, "the noise passes through " + row.name + " (" + rowLabel(row.kind) + (row.block.empty() ? "" : " of block " + row.block) +
                         "), which the covariance envelope does not follow; use the noise spectrum (--psd) or a "
                         "Monte Carlo run (--monte-carlo) for this model");
    }
  }
  const auto ns = static_cast<Eigen::Index>(states.size());
  NoiseStateSpace ss;
  ss.a.resize(ns, ns);
  ss.b.resize(ns, m);
  ss.c.resize(r.c.rows(), ns);
  for (Eigen::Index i = 0; i < ns; ++i) {
    for (Eigen::Index j = 0; j < ns; ++j) ss.a(i, j) = r.a(states[i], states[j]);
    ss.b.row(i) = b.row(states[i]);
    ss.c.col(i) = r.c.col(states[i]);
  }
  ss.d = d;
  ss.representable = linearization_.representable();
  for (std::size_t o = 0; o < outputs_.size(); ++o)
    if (!ss.representable[o] && outputs_[o].required)
      throw NoiseAnalysisError(blockOf(outputs_[o].name), outputs_[o].name + ": it reads the derivative of an algebraic unknown, which the "
                                                   "state-space form of the noise envelope lacks");
  return ss;
}

}  // namespace kelvin::core
