#pragma once
// Writes an identified ABCD matrix for other tools: JSON (the kelvin-cli abcd
// contract), CSV in the K2 layout (one labelled row per coordinate and output),
// and an Octave/MATLAB script that defines A, B, C, D and the labels (and builds
// an ss object when the control package is there and the rows are all 1/s).

#include <string>

#include <Eigen/Dense>

#include "linearize/abcd_matrix.h"

namespace kelvin::core {

struct AbcdReport {
  AbcdMatrix abcd;
  bool reduced = false;            // the =0 rows eliminated
  Eigen::VectorXcd eigenvalues;    // of A after eliminating the =0 rows; empty when not computed
  double delta = 0.0;              // the finite-difference cross-check's relative increment
  double discrepancy = 0.0;        // and its largest row-relative difference from the exact matrix
};

/// {"time", "A", "B", "C", "D", "rows", "row_names", "periods", "outputs", "output_signals",
///  "input", "reduced", "eigenvalues": [[re, im]...], "finite_difference": {"delta", "discrepancy"}}
std::string abcdToJson(const AbcdReport& report);
/// Header `row,name,<coordinate names>...,u`; then a row per coordinate (label 1/s, ...) and per output.
std::string abcdToCsv(const AbcdReport& report);
/// An Octave/MATLAB script.
std::string abcdToOctave(const AbcdReport& report);

}  // namespace kelvin::core
