#include "linearize/state_space_reduction.h"

#include <stdexcept>
#include <vector>

namespace kelvin::core {

namespace {
Eigen::MatrixXd pick(const Eigen::MatrixXd& m, const std::vector<Eigen::Index>& rows, const std::vector<Eigen::Index>& cols) {
  Eigen::MatrixXd r(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(cols.size()));
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = 0; j < cols.size(); ++j) r(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = m(rows[i], cols[j]);
  return r;
}

std::vector<Eigen::Index> all(Eigen::Index n) {
  std::vector<Eigen::Index> v(static_cast<std::size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = i;
  return v;
}
}  // namespace

AbcdMatrix eliminateAlgebraicRows(const AbcdMatrix& abcd) {
  std::vector<Eigen::Index> kept, algebraic;
  for (std::size_t i = 0; i < abcd.rows.size(); ++i)
    (abcd.rows[i].kind == RowKind::Algebraic ? algebraic : kept).push_back(static_cast<Eigen::Index>(i));
  const std::vector<Eigen::Index> inputs = all(abcd.b.cols()), outputs = all(abcd.c.rows());
  AbcdMatrix r = abcd;
  r.rows.clear();
  for (Eigen::Index i : kept) r.rows.push_back(abcd.rows[static_cast<std::size_t>(i)]);
  const Eigen::MatrixXd azz = pick(abcd.a, algebraic, algebraic);
  // X = A_zz⁻¹·[A_zp B_z]: z = −X·[p; u].
  Eigen::MatrixXd x(azz.rows(), static_cast<Eigen::Index>(kept.size()) + abcd.b.cols());
  x.leftCols(static_cast<Eigen::Index>(kept.size())) = pick(abcd.a, algebraic, kept);
  x.rightCols(abcd.b.cols()) = pick(abcd.b, algebraic, inputs);
  if (!algebraic.empty()) {  // an LU of a 0×0 matrix is not defined (Eigen asserts)
    const Eigen::FullPivLU<Eigen::MatrixXd> lu(azz);
    if (!lu.isInvertible())
      throw std::runtime_error("the algebraic rows do not determine the algebraic unknowns (A_zz is singular)");
    x = lu.solve(x).eval();
  }
  const auto np = static_cast<Eigen::Index>(kept.size());
  const Eigen::MatrixXd apz = pick(abcd.a, kept, algebraic), cz = pick(abcd.c, outputs, algebraic);
  r.a = pick(abcd.a, kept, kept) - apz * x.leftCols(np);
  r.b = pick(abcd.b, kept, inputs) - apz * x.rightCols(abcd.b.cols());
  r.c = pick(abcd.c, outputs, kept) - cz * x.leftCols(np);
  r.d = abcd.d - cz * x.rightCols(abcd.b.cols());
  return r;
}

Eigen::VectorXcd reducedEigenvalues(const AbcdMatrix& abcd) { return stateEigenvalues(eliminateAlgebraicRows(abcd)); }

Eigen::VectorXcd stateEigenvalues(const AbcdMatrix& reduced) {
  if (reduced.a.rows() == 0) return {};
  return Eigen::EigenSolver<Eigen::MatrixXd>(reduced.a, false).eigenvalues();
}

}  // namespace kelvin::core
