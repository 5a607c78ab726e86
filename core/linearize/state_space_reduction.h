#pragma once
// The reduced state space of an ABCD matrix: the =0 rows eliminated. With the
// coordinates split into kept ones p (1/s, 1/z, 1/e, S&H) and algebraic ones z,
//
//   [ω]p = A_pp·p + A_pz·z + B_p·u,   0 = A_zp·p + A_zz·z + B_z·u
//   ⇒  z = −A_zz⁻¹(A_zp·p + B_z·u),
//
// A_r = A_pp − A_pz·A_zz⁻¹·A_zp,  B_r = B_p − A_pz·A_zz⁻¹·B_z,
// C_r = C_p − C_z·A_zz⁻¹·A_zp,    D_r = D − C_z·A_zz⁻¹·B_z.
// The frequency response is unchanged (the =0 rows have operator 0). For a model
// of 1/s rows only, this is the ordinary (A, B, C, D) whose eigenvalues are the poles.

#include <Eigen/Dense>

#include "linearize/abcd_matrix.h"

namespace kelvin::core {

/// Throws std::runtime_error when A_zz is singular (the algebraic part does not
/// determine the algebraic unknowns: index > 1).
AbcdMatrix eliminateAlgebraicRows(const AbcdMatrix& abcd);

/// The eigenvalues of A after eliminating the =0 rows. For 1/s rows only these are the
/// poles in s; for 1/z rows only, the poles in z. Throws as eliminateAlgebraicRows.
Eigen::VectorXcd reducedEigenvalues(const AbcdMatrix& abcd);
/// The eigenvalues of A of an already reduced matrix (none for an empty one).
Eigen::VectorXcd stateEigenvalues(const AbcdMatrix& reduced);

}  // namespace kelvin::core
