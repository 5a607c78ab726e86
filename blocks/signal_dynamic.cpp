// Continuous linear dynamic signal blocks: Integrator (1/s), TransferFunction
// and StateSpace. A transfer function is realised in controllable canonical
// form and built by the same code as a state-space block.

#include <cstddef>
#include <string>
#include <vector>

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Expr;

namespace {

using Matrix = std::vector<std::vector<double>>;

/// A single-input single-output linear system, x' = A·x + B·u, y = C·x + D·u.
struct LinearSystem {
  Matrix a;               // n×n
  std::vector<double> b;  // n
  std::vector<double> c;  // n
  double d = 0.0;
};

/// Adds states x1..xn (starting at 0) and the equations of `sys` between u and y.
void buildLinearSystem(ComponentBuilder& b, const LinearSystem& sys) {
  const std::size_t n = sys.b.size();
  std::vector<Expr> x;
  for (std::size_t k = 0; k < n; ++k) x.push_back(b.state("x" + std::to_string(k + 1), 0.0));
  const Expr u = b.input("u");
  Expr y = sys.d * u;
  for (std::size_t i = 0; i < n; ++i) {
    Expr rate = sys.b[i] * u;
    for (std::size_t j = 0; j < n; ++j) rate = rate + sys.a[i][j] * x[j];
    b.equation(der(x[i]) - rate);
    y = y + sys.c[i] * x[i];
  }
  b.equation(b.output("y") - y);
}

/// Controllable canonical form of num(s)/den(s), coefficients highest power first:
/// with den = d0·(sⁿ + a1·sⁿ⁻¹ + … + an) and num/d0 = b0·sⁿ + b1·sⁿ⁻¹ + … + bn,
///   x_k' = x_{k+1} (k < n),   x_n' = u − an·x1 − … − a1·xn,
///   y = (bn − b0·an)·x1 + … + (b1 − b0·a1)·xn + b0·u.
/// Fails if den's leading coefficient is 0 or num has a higher degree than den.
LinearSystem canonicalForm(ComponentBuilder& b, std::vector<double> num, const std::vector<double>& den) {
  if (den.empty() || den.front() == 0.0) b.fail("", "den must start with a non-zero coefficient (highest power first)");
  while (!num.empty() && num.front() == 0.0) num.erase(num.begin());
  if (num.size() > den.size())
    b.fail("", "improper transfer function: num has degree " + std::to_string(num.size() - 1) + " but den only " +
                   std::to_string(den.size() - 1));

  const std::size_t n = den.size() - 1;
  std::vector<double> a(n + 1), beta(n + 1, 0.0);  // monic den and num padded to n + 1 coefficients
  for (std::size_t k = 0; k <= n; ++k) a[k] = den[k] / den.front();
  for (std::size_t k = 0; k < num.size(); ++k) beta[n + 1 - num.size() + k] = num[k] / den.front();

  LinearSystem sys{Matrix(n, std::vector<double>(n, 0.0)), std::vector<double>(n, 0.0), std::vector<double>(n, 0.0),
                   beta[0]};
  for (std::size_t k = 0; k + 1 < n; ++k) sys.a[k][k + 1] = 1.0;
  for (std::size_t k = 1; k <= n; ++k) {
    sys.a[n - 1][n - k] = -a[k];
    sys.c[n - k] = beta[k] - beta[0] * a[k];
  }
  if (n > 0) sys.b[n - 1] = 1.0;
  return sys;
}

/// The matrices A, B, C, D of a StateSpace block; fails unless A is n×n
/// (n ≥ 1), B n×1, C 1×n and D 1×1.
LinearSystem stateSpace(ComponentBuilder& b) {
  const Matrix a = b.matrixParam("A");
  const Matrix bm = b.matrixParam("B");
  const Matrix c = b.matrixParam("C");
  const Matrix d = b.matrixParam("D");
  const std::size_t n = a.size();
  auto shape = [](const Matrix& m) {
    return std::to_string(m.size()) + "×" + std::to_string(m.empty() ? 0 : m.front().size());
  };
  auto hasShape = [](const Matrix& m, std::size_t rows, std::size_t cols) {
    if (m.size() != rows) return false;
    for (const auto& row : m)
      if (row.size() != cols) return false;
    return true;
  };
  const std::string ns = std::to_string(n);
  if (n == 0 || !hasShape(a, n, n)) b.fail("", "A must be square and not empty, but is " + shape(a));
  if (!hasShape(bm, n, 1)) b.fail("", "B must be " + ns + "×1 (one input), but is " + shape(bm));
  if (!hasShape(c, 1, n)) b.fail("", "C must be 1×" + ns + " (one output), but is " + shape(c));
  if (!hasShape(d, 1, 1)) b.fail("", "D must be 1×1, but is " + shape(d));

  LinearSystem sys{a, {}, c.front(), d[0][0]};
  for (const auto& row : bm) sys.b.push_back(row.front());
  return sys;
}

}  // namespace

void registerSignalDynamic(core::BlockRegistry& registry) {
  // y' = u, y(0) = y0
  registry.add({.type = "signal.Integrator",
                .title = "Integrator",
                .description = "Integrates its input, y' = u, starting at y0.",
                .ports = {signalInput("u", "rate"), signalOutput("y", "the integral")},
                .params = {number("y0", "", "0", "initial output")},
                .keyParam = "y0",
                .icon = iconFor("signal.Integrator"),
                .build = [](ComponentBuilder& b) {
                  const Expr x = b.state("x", b.param("y0"));
                  b.equation(der(x) - b.input("u"));
                  b.equation(b.output("y") - x);
                }});

  registry.add({.type = "signal.TransferFunction",
                .title = "Transfer function",
                .description = "Proper rational transfer function num(s)/den(s), zero initial state.",
                .ports = {signalInput("u", "input"), signalOutput("y", "output")},
                .params = {vector("num", "[1]", "numerator coefficients, highest power first"),
                           vector("den", "[1 1]", "denominator coefficients, highest power first")},
                .keyParam = "den",
                .icon = iconFor("signal.TransferFunction"),
                .build = [](ComponentBuilder& b) {
                  buildLinearSystem(b, canonicalForm(b, b.vectorParam("num"), b.vectorParam("den")));
                }});

  registry.add({.type = "signal.StateSpace",
                .title = "State space",
                .description = "Single-input single-output linear system x' = A·x + B·u, y = C·x + D·u, x(0) = 0.",
                .ports = {signalInput("u", "input"), signalOutput("y", "output")},
                .params = {matrix("A", "[-1]", "n×n state matrix"), matrix("B", "[1]", "n×1 input matrix"),
                           matrix("C", "[1]", "1×n output matrix"), matrix("D", "[0]", "1×1 feedthrough")},
                .keyParam = "A",
                .icon = iconFor("signal.StateSpace"),
                .build = [](ComponentBuilder& b) { buildLinearSystem(b, stateSpace(b)); }});
}

}  // namespace kelvin::blocks
