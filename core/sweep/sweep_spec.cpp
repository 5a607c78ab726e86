#include "sweep/sweep_spec.h"

#include <cmath>
#include <optional>

#include "expr/si_number.h"

namespace kelvin::core {

namespace {

constexpr double kNormalReach = 5.0;  // standard deviations a normal draw is taken to reach

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

std::vector<std::string> splitCommas(const std::string& text) {
  std::vector<std::string> parts;
  std::string::size_type from = 0;
  for (;;) {
    const auto comma = text.find(',', from);
    parts.push_back(trim(text.substr(from, comma == std::string::npos ? std::string::npos : comma - from)));
    if (comma == std::string::npos) return parts;
    from = comma + 1;
  }
}

double number(const std::string& text, const std::string& spec) {
  const std::optional<double> v = parseSiNumber(text);
  if (!v || !std::isfinite(*v)) throw SweepSpecError("'" + spec + "': '" + text + "' is not a number");
  return *v;
}

/// "f(a, b, c)" → f and its arguments; nullopt when the text is not a call.
std::optional<std::pair<std::string, std::vector<std::string>>> call(const std::string& text) {
  const auto open = text.find('(');
  if (open == std::string::npos || text.back() != ')') return std::nullopt;
  return std::make_pair(trim(text.substr(0, open)), splitCommas(text.substr(open + 1, text.size() - open - 2)));
}

/// "R1.R=rest" → {"R1.R", "rest"}.
std::pair<std::string, std::string> nameAndValue(const std::string& spec) {
  const auto eq = spec.find('=');
  if (eq == std::string::npos) throw SweepSpecError("'" + spec + "': expected ID.PARAM=...");
  std::string name = trim(spec.substr(0, eq)), value = trim(spec.substr(eq + 1));
  const auto dot = name.rfind('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 == name.size())
    throw SweepSpecError("'" + spec + "': the parameter must be named ID.PARAM, e.g. R1.R");
  if (value.empty()) throw SweepSpecError("'" + spec + "': no value after '='");
  return {name, value};
}

}  // namespace

double Distribution::draw(RandomStream& random) const {
  return kind == Kind::Normal ? a + b * random.normal() : a + (b - a) * random.uniform();
}

double Distribution::lowest() const { return kind == Kind::Normal ? a - kNormalReach * b : a; }
double Distribution::highest() const { return kind == Kind::Normal ? a + kNormalReach * b : b; }

Distribution Distribution::parse(const std::string& text) {
  const auto c = call(text);
  if (!c) throw SweepSpecError("'" + text + "': expected normal(mean,sd) or uniform(a,b)");
  const auto& [function, args] = *c;
  if (args.size() != 2) throw SweepSpecError("'" + text + "': " + function + " takes two numbers");
  Distribution d;
  if (function == "normal") {
    d.kind = Kind::Normal;
    d.a = number(args[0], text);
    const std::string& sd = args[1];
    d.b = !sd.empty() && sd.back() == '%' ? std::abs(d.a) * number(trim(sd.substr(0, sd.size() - 1)), text) / 100.0
                                          : number(sd, text);
    if (d.b < 0.0) throw SweepSpecError("'" + text + "': the standard deviation must not be negative");
  } else if (function == "uniform") {
    d.kind = Kind::Uniform;
    d.a = number(args[0], text);
    d.b = number(args[1], text);
    if (!(d.b >= d.a)) throw SweepSpecError("'" + text + "': uniform(a,b) needs a ≤ b");
  } else {
    throw SweepSpecError("'" + text + "': unknown distribution '" + function + "' (use normal or uniform)");
  }
  return d;
}

GridParameter SweepSpec::parseGrid(const std::string& text) {
  auto [name, value] = nameAndValue(text);
  GridParameter p{name, {}};
  const auto c = call(value);
  if (c && (c->first == "lin" || c->first == "log")) {
    const auto& args = c->second;
    if (args.size() != 3) throw SweepSpecError("'" + text + "': " + c->first + "(a,b,n) takes three numbers");
    const double a = number(args[0], text), b = number(args[1], text), count = number(args[2], text);
    if (!(count >= 1.0) || count != std::floor(count))
      throw SweepSpecError("'" + text + "': n must be a whole number ≥ 1");
    const int n = static_cast<int>(count);
    if (c->first == "log" && !(a > 0.0 && b > 0.0))
      throw SweepSpecError("'" + text + "': log(a,b,n) needs a > 0 and b > 0");
    for (int k = 0; k < n; ++k) {
      const double f = n == 1 ? 0.0 : static_cast<double>(k) / (n - 1);
      p.values.push_back(c->first == "lin" ? a + (b - a) * f : a * std::pow(b / a, f));
    }
    p.values.back() = b;  // exactly the end the user wrote
    p.values.front() = a;
  } else if (c) {
    throw SweepSpecError("'" + text + "': unknown range '" + c->first + "' (use v1,v2,..., lin(a,b,n) or log(a,b,n))");
  } else {
    for (const std::string& v : splitCommas(value)) p.values.push_back(number(v, text));
  }
  return p;
}

VariedParameter SweepSpec::parseVaried(const std::string& text) {
  auto [name, value] = nameAndValue(text);
  return {name, Distribution::parse(value)};
}

long SweepSpec::runCount() const {
  long points = 1;
  for (const GridParameter& g : grid) points *= static_cast<long>(g.values.size());
  return points * std::max(monteCarlo, 1);
}

std::vector<std::string> SweepSpec::parameterNames() const {
  std::vector<std::string> names;
  for (const GridParameter& g : grid) names.push_back(g.name);
  for (const VariedParameter& v : varied) names.push_back(v.name);
  return names;
}

std::vector<double> SweepSpec::valuesOf(long run) const {
  std::vector<double> values(grid.size());
  long point = run / std::max(monteCarlo, 1);
  for (std::size_t k = grid.size(); k-- > 0;) {  // the last grid parameter varies fastest
    const long n = static_cast<long>(grid[k].values.size());
    values[k] = grid[k].values[point % n];
    point /= n;
  }
  RandomStream random(seed, static_cast<std::uint64_t>(run));
  for (const VariedParameter& v : varied) values.push_back(v.distribution.draw(random));
  return values;
}

}  // namespace kelvin::core
