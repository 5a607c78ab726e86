#include "linearize/frequency_response.h"

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace kelvin::core {

namespace {
/// Below this reciprocal condition number (rows equilibrated) [ω] − A counts as singular.
constexpr double kSingularRcond = 1e-14;

std::string hzText(double omega) { return std::to_string(omega / (2.0 * std::numbers::pi)) + " Hz"; }
}  // namespace

FrequencyResponse::FrequencyResponse(const AbcdMatrix& abcd) : abcd_(abcd), operator_(abcd.rows) {}

Eigen::VectorXcd FrequencyResponse::transfers(double omega) const {
  if (!abcd_.hasInput())
    throw std::invalid_argument("the model has no analysis.Inp marker: a transfer needs the input it marks");
  const Eigen::Index n = abcd_.a.rows();
  Eigen::VectorXcd alpha, beta;
  operator_.at(omega, alpha, beta);
  // Row i: α_i·q_i − β_i·A_i·q = β_i·B_i·u, each row scaled to a largest entry of 1.
  Eigen::MatrixXcd k = -(beta.asDiagonal() * abcd_.a.cast<std::complex<double>>());
  k.diagonal() += alpha;
  Eigen::VectorXcd rhs = beta.asDiagonal() * abcd_.b.col(0).cast<std::complex<double>>();
  for (Eigen::Index i = 0; i < n; ++i) {
    const double scale = k.row(i).cwiseAbs().maxCoeff();
    if (scale == 0.0) throw SingularFrequency("[ω] − A is singular at " + hzText(omega) + " (" + abcd_.rows[i].name + ")");
    k.row(i) /= scale;
    rhs[i] /= scale;
  }
  Eigen::VectorXcd w = abcd_.d.col(0).cast<std::complex<double>>();
  if (n == 0) return w;
  const Eigen::PartialPivLU<Eigen::MatrixXcd> lu(k);
  if (!(lu.rcond() > kSingularRcond)) throw SingularFrequency("[ω] − A is singular at " + hzText(omega));
  return w + abcd_.c.cast<std::complex<double>>() * lu.solve(rhs);
}

std::complex<double> FrequencyResponse::ratio(int k, int m, double omega) const {
  const int outputs = static_cast<int>(abcd_.c.rows());
  for (int index : {k, m})
    if (index < 0 || index >= outputs)
      throw std::out_of_range("output W" + std::to_string(index + 1) + " does not exist: the analysis.Out marker has " +
                              std::to_string(outputs) + " input" + (outputs == 1 ? "" : "s"));
  const Eigen::VectorXcd w = transfers(omega);
  if (k == m) return w[k];
  if (w[m] == 0.0) throw SingularFrequency("W" + std::to_string(m + 1) + " is 0 at " + hzText(omega));
  return w[k] / w[m];
}

std::complex<double> FrequencyResponse::mikhailov(double omega) const {
  const Eigen::VectorXcd op = operator_.diagonal(omega);
  for (Eigen::Index i = 0; i < op.size(); ++i)
    if (!std::isfinite(op[i].real())) throw SingularFrequency("[ω] is infinite at " + hzText(omega) + " (" + abcd_.rows[i].name + ")");
  Eigen::MatrixXcd m = -abcd_.a.cast<std::complex<double>>();
  m.diagonal() += op;
  if (m.rows() == 0) return 1.0;
  return m.partialPivLu().determinant();
}

FrequencySweep FrequencyResponse::sweep(FrequencyKind kind, int k, int m, const std::vector<double>& hz,
                                        const std::function<void()>& beforeEach) const {
  FrequencySweep result;
  std::vector<std::complex<double>> values;
  for (double f : hz) {
    if (beforeEach) beforeEach();
    const double omega = 2.0 * std::numbers::pi * f;
    try {
      values.push_back(kind == FrequencyKind::Mikhailov ? mikhailov(omega) : ratio(k, m, omega));
      result.samples.push_back({f, values.back(), 20.0 * std::log10(std::abs(values.back())), 0.0});
    } catch (const SingularFrequency&) {
      result.skippedHz.push_back(f);
    }
  }
  const std::vector<double> phase = unwrappedPhaseDegrees(values);
  for (std::size_t i = 0; i < phase.size(); ++i) {
    result.samples[i].phaseDeg = phase[i];
    if (i > 0) result.largestPhaseStepDeg = std::max(result.largestPhaseStepDeg, std::abs(phase[i] - phase[i - 1]));
  }
  return result;
}

std::vector<double> frequencyGrid(double fmin, double fmax, int n, bool logarithmic) {
  if (n < 1) throw std::invalid_argument("a frequency sweep needs at least one point");
  if (!(fmax >= fmin)) throw std::invalid_argument("the highest frequency must not be below the lowest");
  if (logarithmic && !(fmin > 0.0)) throw std::invalid_argument("a logarithmic sweep needs a lowest frequency above 0");
  std::vector<double> hz(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const double x = n == 1 ? 0.0 : static_cast<double>(i) / (n - 1);
    hz[static_cast<std::size_t>(i)] = logarithmic ? fmin * std::pow(fmax / fmin, x) : fmin + (fmax - fmin) * x;
  }
  hz.back() = fmax;
  return hz;
}

std::vector<double> unwrappedPhaseDegrees(const std::vector<std::complex<double>>& values) {
  std::vector<double> phase;
  double offset = 0.0, previous = 0.0;
  for (const std::complex<double>& v : values) {
    const double p = std::arg(v);
    if (!phase.empty()) {
      double step = p + offset - previous;
      while (step > std::numbers::pi) {
        offset -= 2.0 * std::numbers::pi;
        step -= 2.0 * std::numbers::pi;
      }
      while (step < -std::numbers::pi) {
        offset += 2.0 * std::numbers::pi;
        step += 2.0 * std::numbers::pi;
      }
    }
    previous = p + offset;
    phase.push_back(previous * 180.0 / std::numbers::pi);
  }
  return phase;
}

}  // namespace kelvin::core
