#pragma once
// The combined matrix of a hybrid model cut at its memory elements, in the K2
// layout:
//
//     [A | B]   one row per coordinate, labelled by the solver it belongs to:
//     [C | D]   1/z, 1/e, 1/s, S&H or =0; then one row per output Out1..OutN.
//
// Row i reads  [ω]_i·q_i = A_i·q + B_i·u  with the frequency operator of its
// kind (jω for 1/s, e^{jωT} for 1/z, e^{jωτ} for 1/e, the inverse of the hold's
// (1 − e^{−jωT})/(jωT) for S&H, 0 for =0), and output k is y_k = C_k·q + D_k·u.
// B and D have one column when the model has an analysis.Inp marker, none
// otherwise; C and D have a row per input of the analysis.Out marker.

#include <string>
#include <vector>

#include <Eigen/Dense>

namespace kelvin::core {

enum class RowKind { UnitDelay, TransportDelay, Integrator, SampleHold, Algebraic };

/// "1/z", "1/e", "1/s", "S&H", "=0".
std::string rowLabel(RowKind kind);

struct AbcdRow {
  RowKind kind = RowKind::Algebraic;
  /// The coordinate: a state ("C1.v"), a discrete value ("Z.out"), a delay ("D.delay"), an unknown.
  std::string name;
  /// T of a 1/z or S&H row, τ of a 1/e row; 0 for 1/s and =0 rows, and for a clock
  /// triggered by a signal (no fixed period).
  double period = 0.0;
  /// The id of the block the coordinate belongs to ("Z"), empty where none is known.
  std::string block = {};
};

struct AbcdMatrix {
  double time = 0.0;
  Eigen::MatrixXd a, b, c, d;
  std::vector<AbcdRow> rows;
  /// "Out1".."OutN", and the signal each one reads ("W1.y").
  std::vector<std::string> outputs, outputSignals;
  /// The signal the analysis.Inp perturbs ("Inp1.y"), empty without one.
  std::string input;

  bool hasInput() const { return b.cols() > 0; }
  bool has(RowKind kind) const;
  /// [A B; C D] as one matrix.
  Eigen::MatrixXd combined() const;
};

}  // namespace kelvin::core
