#include "linearize/frequency_operator.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace kelvin::core {

FrequencyOperator::FrequencyOperator(std::vector<AbcdRow> rows) : rows_(std::move(rows)) {
  for (const AbcdRow& r : rows_) {
    const bool needsPeriod = r.kind == RowKind::UnitDelay || r.kind == RowKind::SampleHold || r.kind == RowKind::TransportDelay;
    if (needsPeriod && !(r.period > 0.0))
      throw std::invalid_argument("row " + r.name + " (" + rowLabel(r.kind) +
                                  ") has no fixed period: a clock triggered by a signal has no frequency response");
  }
}

std::complex<double> FrequencyOperator::holdResponse(double omega, double period) {
  const std::complex<double> x(0.0, omega * period);
  // (1 − e^{−x})/x = 1 − x/2 + x²/6 − ...; the series avoids cancellation near 0.
  if (std::abs(x) < 1e-4) return 1.0 - x / 2.0 + x * x / 6.0;
  return (1.0 - std::exp(-x)) / x;
}

void FrequencyOperator::at(double omega, Eigen::VectorXcd& alpha, Eigen::VectorXcd& beta) const {
  const auto n = static_cast<Eigen::Index>(rows_.size());
  alpha.resize(n);
  beta.setOnes(n);
  const std::complex<double> j(0.0, 1.0);
  for (Eigen::Index i = 0; i < n; ++i) {
    const AbcdRow& r = rows_[static_cast<std::size_t>(i)];
    switch (r.kind) {
      case RowKind::Integrator: alpha[i] = j * omega; break;
      case RowKind::UnitDelay:
      case RowKind::TransportDelay: alpha[i] = std::exp(j * omega * r.period); break;
      case RowKind::SampleHold:
        alpha[i] = 1.0;
        beta[i] = holdResponse(omega, r.period);
        break;
      case RowKind::Algebraic: alpha[i] = 0.0; break;
    }
  }
}

Eigen::VectorXcd FrequencyOperator::diagonal(double omega) const {
  Eigen::VectorXcd alpha, beta;
  at(omega, alpha, beta);
  Eigen::VectorXcd d(alpha.size());
  for (Eigen::Index i = 0; i < d.size(); ++i)
    d[i] = beta[i] == 0.0 ? std::complex<double>(std::numeric_limits<double>::infinity(), 0.0) : alpha[i] / beta[i];
  return d;
}

}  // namespace kelvin::core
