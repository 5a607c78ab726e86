#include "linearize/abcd_matrix.h"

#include <algorithm>

namespace kelvin::core {

std::string rowLabel(RowKind kind) {
  switch (kind) {
    case RowKind::UnitDelay: return "1/z";
    case RowKind::TransportDelay: return "1/e";
    case RowKind::Integrator: return "1/s";
    case RowKind::SampleHold: return "S&H";
    case RowKind::Algebraic: break;
  }
  return "=0";
}

bool AbcdMatrix::has(RowKind kind) const {
  return std::any_of(rows.begin(), rows.end(), [kind](const AbcdRow& r) { return r.kind == kind; });
}

Eigen::MatrixXd AbcdMatrix::combined() const {
  Eigen::MatrixXd m(a.rows() + c.rows(), a.cols() + b.cols());
  m.topLeftCorner(a.rows(), a.cols()) = a;
  m.topRightCorner(b.rows(), b.cols()) = b;
  m.bottomLeftCorner(c.rows(), c.cols()) = c;
  m.bottomRightCorner(d.rows(), d.cols()) = d;
  return m;
}

}  // namespace kelvin::core
