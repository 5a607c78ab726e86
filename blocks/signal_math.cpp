// Static signal operations: Gain, Sum, Product, Saturation, Expression.

#include <charconv>
#include <exception>

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "expr/parser.h"
#include "families.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Expr;

namespace {

/// y = Σ s_k·u_k with s_k the k-th character of `signs` ('+' or '-').
void buildSum(ComponentBuilder& b) {
  const std::string& signs = b.textParam("signs");
  const std::vector<Expr> u = variadicInputs(b, "u");
  if (signs.size() != u.size())
    b.fail("", "signs \"" + signs + "\" has " + std::to_string(signs.size()) + " entries but the block has " +
                   std::to_string(u.size()) + " inputs");
  Expr sum = b.pool().constant(0.0);
  for (std::size_t k = 0; k < u.size(); ++k) {
    if (signs[k] == '+')
      sum = sum + u[k];
    else if (signs[k] == '-')
      sum = sum - u[k];
    else
      b.fail("", "signs may hold only '+' and '-', not '" + std::string(1, signs[k]) + "'");
  }
  b.equation(b.output("y") - sum);
}

/// y = f(u1..uN, t), f parsed from the text parameter `expr`.
void buildExpression(ComponentBuilder& b) {
  const std::vector<Expr> u = variadicInputs(b, "u");
  const core::NameResolver resolve = [&](std::string_view name) -> std::optional<Expr> {
    if (name == "t") return b.time();
    // uk, k = 1..N, written without leading zeros
    std::size_t k = 0;
    const char* end = name.data() + name.size();
    if (name.size() > 1 && name[0] == 'u' && name[1] != '0' && std::from_chars(name.data() + 1, end, k).ptr == end &&
        k >= 1 && k <= u.size())
      return u[k - 1];
    return std::nullopt;
  };
  Expr f;
  try {
    f = core::parseExpression(b.textParam("expr"), b.pool(), resolve);
  } catch (const std::exception& error) {
    b.fail("", std::string("expr: ") + error.what());
  }
  b.equation(b.output("y") - f);
}

}  // namespace

void registerSignalMath(core::BlockRegistry& registry) {
  registry.add({.type = "signal.Gain",
                .title = "Gain",
                .description = "Multiplies its input by a constant, y = k·u.",
                .ports = {signalInput("u", "input"), signalOutput("y", "k·u")},
                .params = {number("k", "", "1", "gain")},
                .keyParam = "k",
                .icon = iconFor("signal.Gain"),
                .build = [](ComponentBuilder& b) { b.equation(b.output("y") - b.parameter("k") * b.input("u")); }});

  registry.add({.type = "signal.Sum",
                .title = "Sum",
                .description = "Adds or subtracts its inputs, y = Σ ±u_k, with the signs given as \"+-\".",
                .ports = {variadicInput("u", false, "summands"), signalOutput("y", "the signed sum")},
                .params = {text("signs", "++", "one '+' or '-' per input"), inputsParam()},
                .keyParam = "signs",
                .icon = iconFor("signal.Sum"),
                .build = buildSum});

  // y = Π u_k
  registry.add({.type = "signal.Product",
                .title = "Product",
                .description = "Multiplies its inputs, y = u1·u2·…·uN.",
                .ports = {variadicInput("u", false, "factors"), signalOutput("y", "the product")},
                .params = {inputsParam()},
                .keyParam = "inputs",
                .icon = iconFor("signal.Product"),
                .build = [](ComponentBuilder& b) {
                  Expr product = b.pool().constant(1.0);
                  for (const Expr& u : variadicInputs(b, "u")) product = product * u;
                  b.equation(b.output("y") - product);
                }});

  // y = min(max(u, lower), upper)
  registry.add({.type = "signal.Saturation",
                .title = "Saturation",
                .description = "Limits its input to the range [lower, upper].",
                .ports = {signalInput("u", "input"), signalOutput("y", "the limited input")},
                .params = {number("lower", "", "-1", "lower limit"), number("upper", "", "1", "upper limit")},
                .keyParam = "upper",
                .icon = iconFor("signal.Saturation"),
                .build = [](ComponentBuilder& b) {
                  const double lower = b.param("lower");
                  const double upper = b.param("upper");
                  if (lower > upper)
                    b.fail("", "lower limit " + formatValue(lower) + " exceeds upper limit " + formatValue(upper));
                  core::ExprPool& pool = b.pool();
                  b.equation(b.output("y") - min(max(b.input("u"), pool.constant(lower)), pool.constant(upper)));
                }});

  registry.add({.type = "signal.Expression",
                .title = "Expression",
                .description = "Output given by a formula of the inputs u1..uN and the time t.",
                .ports = {variadicInput("u", false, "arguments"), signalOutput("y", "the formula's value")},
                .params = {text("expr", "u1 + u2", "formula of u1..uN and t"), inputsParam()},
                .keyParam = "expr",
                .icon = iconFor("signal.Expression"),
                .build = buildExpression});
}

}  // namespace kelvin::blocks
