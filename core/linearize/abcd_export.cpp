#include "linearize/abcd_export.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include <nlohmann/json.hpp>

namespace kelvin::core {

namespace {

using OrderedJson = nlohmann::ordered_json;

OrderedJson matrixJson(const Eigen::MatrixXd& m) {
  OrderedJson rows = OrderedJson::array();
  for (Eigen::Index i = 0; i < m.rows(); ++i) {
    OrderedJson row = OrderedJson::array();
    for (Eigen::Index j = 0; j < m.cols(); ++j) row.push_back(m(i, j));
    rows.push_back(std::move(row));
  }
  return rows;
}

/// %.17g: reads back to the same double.
std::string number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

/// A CSV field, quoted when it holds a comma or a quote.
std::string field(const std::string& text) {
  if (text.find_first_of(",\"") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

/// A single-quoted Octave string.
std::string octaveString(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("''") : std::string(1, c);
  return quoted + "'";
}

void octaveMatrix(std::ostringstream& out, const char* name, const Eigen::MatrixXd& m) {
  out << name << " = [";
  for (Eigen::Index i = 0; i < m.rows(); ++i) {
    for (Eigen::Index j = 0; j < m.cols(); ++j) out << (j ? " " : "") << number(m(i, j));
    if (i + 1 < m.rows()) out << ";\n     ";
  }
  out << "];";
  if (m.size() == 0) out << "  % " << m.rows() << "x" << m.cols();
  out << '\n';
}

}  // namespace

std::string abcdToJson(const AbcdReport& report) {
  const AbcdMatrix& m = report.abcd;
  OrderedJson j;
  j["time"] = m.time;
  j["A"] = matrixJson(m.a);
  j["B"] = matrixJson(m.b);
  j["C"] = matrixJson(m.c);
  j["D"] = matrixJson(m.d);
  OrderedJson labels = OrderedJson::array(), names = OrderedJson::array(), periods = OrderedJson::array();
  for (const AbcdRow& r : m.rows) {
    labels.push_back(rowLabel(r.kind));
    names.push_back(r.name);
    periods.push_back(r.period);
  }
  j["rows"] = labels;
  j["row_names"] = names;
  j["periods"] = periods;
  j["outputs"] = m.outputs;
  j["output_signals"] = m.outputSignals;
  j["input"] = m.input;
  j["reduced"] = report.reduced;
  OrderedJson eigenvalues = OrderedJson::array();
  for (Eigen::Index i = 0; i < report.eigenvalues.size(); ++i)
    eigenvalues.push_back({report.eigenvalues[i].real(), report.eigenvalues[i].imag()});
  j["eigenvalues"] = eigenvalues;
  j["finite_difference"] = {{"delta", report.delta}, {"discrepancy", report.discrepancy}};
  return j.dump(2) + "\n";
}

std::string abcdToCsv(const AbcdReport& report) {
  const AbcdMatrix& m = report.abcd;
  std::ostringstream out;
  out << "row,name";
  for (const AbcdRow& r : m.rows) out << ',' << field(r.name);
  if (m.hasInput()) out << ',' << field(m.input.empty() ? "u" : m.input);
  out << '\n';
  auto line = [&](const std::string& label, const std::string& name, const Eigen::MatrixXd& left,
                  const Eigen::MatrixXd& right, Eigen::Index i) {
    out << field(label) << ',' << field(name);
    for (Eigen::Index j = 0; j < left.cols(); ++j) out << ',' << number(left(i, j));
    for (Eigen::Index j = 0; j < right.cols(); ++j) out << ',' << number(right(i, j));
    out << '\n';
  };
  for (std::size_t i = 0; i < m.rows.size(); ++i)
    line(rowLabel(m.rows[i].kind), m.rows[i].name, m.a, m.b, static_cast<Eigen::Index>(i));
  for (std::size_t k = 0; k < m.outputs.size(); ++k)
    line(m.outputs[k], m.outputSignals[k], m.c, m.d, static_cast<Eigen::Index>(k));
  return out.str();
}

std::string abcdToOctave(const AbcdReport& report) {
  const AbcdMatrix& m = report.abcd;
  std::ostringstream out;
  out << "% ABCD identification by kelvin-cli at t = " << number(m.time) << " s"
      << (report.reduced ? " (algebraic rows eliminated)" : "") << ".\n"
      << "% Row i reads [w]_i*q_i = A(i,:)*q + B(i,:)*u with the operator of its label:\n"
      << "% 1/s: j*w, 1/z: exp(j*w*T), 1/e: exp(j*w*tau), S&H: j*w*T/(1-exp(-j*w*T)), =0: 0.\n"
      << "% Finite-difference cross-check: delta = " << number(report.delta)
      << ", largest row-relative difference " << number(report.discrepancy) << ".\n";
  octaveMatrix(out, "A", m.a);
  octaveMatrix(out, "B", m.b);
  octaveMatrix(out, "C", m.c);
  octaveMatrix(out, "D", m.d);
  auto cell = [&](const char* name, auto text) {
    out << name << " = {";
    for (std::size_t i = 0; i < m.rows.size(); ++i) out << (i ? ", " : "") << octaveString(text(m.rows[i]));
    out << "};\n";
  };
  cell("row_labels", [](const AbcdRow& r) { return rowLabel(r.kind); });
  cell("row_names", [](const AbcdRow& r) { return r.name; });
  out << "periods = [";
  for (std::size_t i = 0; i < m.rows.size(); ++i) out << (i ? " " : "") << number(m.rows[i].period);
  out << "];\noutputs = {";
  for (std::size_t k = 0; k < m.outputs.size(); ++k) out << (k ? ", " : "") << octaveString(m.outputSignals[k]);
  out << "};\n";
  if (m.hasInput() && !m.rows.empty() &&
      std::all_of(m.rows.begin(), m.rows.end(), [](const AbcdRow& r) { return r.kind == RowKind::Integrator; }))
    out << "if exist('ss')\n  sys = ss(A, B, C, D);\nend\n";
  return out.str();
}

}  // namespace kelvin::core
