// libFuzzer target: an expression through the parser (names x and y known),
// then printing, substitution and a tape evaluation of what it parsed to.
// Only ParseError is caught.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "expr/parser.h"
#include "expr/tape.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace kelvin::core;
  ExprPool pool;
  const NameResolver names = [&pool](std::string_view name) -> std::optional<Expr> {
    if (name == "x") return pool.variable(0);
    if (name == "y") return pool.variable(1);
    return std::nullopt;
  };
  try {
    const Expr e = parseExpression(std::string_view(reinterpret_cast<const char*>(data), size), pool, names);
    pool.toString(e);
    pool.linearCoefficient(e, 0);
    const Expr folded = pool.substitute(e, {{0, pool.constant(0.5)}, {1, pool.constant(-2.0)}});
    const Tape tape(pool, folded, {});
    std::vector<double> y{0.5, -2.0}, yp{0.0, 0.0}, work(tape.size());
    EvalPoint at;
    at.y = y.data();
    at.yp = yp.data();
    tape.evaluate(at, work.data());
  } catch (const ParseError&) {
  }
  return 0;
}
