#include "sweep/measure.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <limits>

#include "expr/parser.h"
#include "expr/si_number.h"
#include "sweep/sweep_spec.h"

namespace kelvin::core {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

/// ∫ f(x) dt over the samples by the trapezoidal rule.
template <typename F>
double integral(const std::vector<double>& time, const std::vector<double>& x, F f) {
  double sum = 0.0;
  for (std::size_t i = 1; i < time.size(); ++i) sum += 0.5 * (f(x[i - 1]) + f(x[i])) * (time[i] - time[i - 1]);
  return sum;
}

}  // namespace

Measure Measure::parse(const std::string& spec) {
  const auto eq = spec.find('=');
  if (eq == std::string::npos) throw SweepSpecError("measure '" + spec + "': expected NAME=EXPR");
  Measure m;
  m.name_ = trim(spec.substr(0, eq));
  m.text_ = trim(spec.substr(eq + 1));
  if (m.name_.empty() || m.name_.find_first_of(",\"") != std::string::npos)
    throw SweepSpecError("measure '" + spec + "': the name must be a word without commas or quotes");
  if (m.text_.empty()) throw SweepSpecError("measure '" + spec + "': no expression after '='");

  // Replace every signal function by a symbol of its own, _m0, _m1, ..., that stands for
  // its value; the parser then reads the arithmetic around them.
  struct Function {
    const char* name;
    Kind kind;
    int arguments;
  };
  static constexpr std::array<Function, 7> kFunctions{{{"at", Kind::At, 2},
                                                       {"final", Kind::Final, 1},
                                                       {"max", Kind::Max, 1},
                                                       {"min", Kind::Min, 1},
                                                       {"mean", Kind::Mean, 1},
                                                       {"rms", Kind::Rms, 1},
                                                       {"crossing", Kind::Crossing, 2}}};
  const std::string& text = m.text_;
  std::string rewritten;
  std::size_t i = 0;
  while (i < text.size()) {
    if (!(std::isalpha(static_cast<unsigned char>(text[i])) || text[i] == '_') ||
        (i > 0 && (isNameChar(text[i - 1]) || text[i - 1] == '.'))) {
      rewritten += text[i++];
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && isNameChar(text[end])) ++end;
    const std::string word = text.substr(i, end - i);
    std::size_t open = end;
    while (open < text.size() && text[open] == ' ') ++open;
    const Function* f = nullptr;
    for (const Function& candidate : kFunctions)
      if (word == candidate.name) f = &candidate;
    if (!f || open >= text.size() || text[open] != '(') {
      rewritten += word;
      i = end;
      continue;
    }
    // The arguments up to the matching parenthesis, split at top-level commas.
    std::vector<std::string> args(1);
    int depth = 0;
    std::size_t close = open + 1;
    for (; close < text.size(); ++close) {
      const char c = text[close];
      if (c == '(') ++depth;
      if (c == ')' && depth-- == 0) break;
      if (c == ',' && depth == 0)
        args.emplace_back();
      else
        args.back() += c;
    }
    if (close >= text.size()) throw SweepSpecError("measure '" + spec + "': missing ')' after " + word + "(");
    if (static_cast<int>(args.size()) != f->arguments) {
      if (f->kind == Kind::Max || f->kind == Kind::Min) {  // max(a, b) of two numbers: the parser's
        rewritten += word;
        i = end;
        continue;
      }
      throw SweepSpecError("measure '" + spec + "': " + word + " takes " +
                           (f->arguments == 1 ? "a signal" : word == "at" ? "a signal and a time" : "a signal and a level"));
    }
    Aggregate a{f->kind, trim(args[0]), 0.0};
    if (a.signal.empty()) throw SweepSpecError("measure '" + spec + "': " + word + "() needs a signal name");
    if (f->arguments == 2) {
      const auto v = parseSiNumber(trim(args[1]));
      if (!v) throw SweepSpecError("measure '" + spec + "': '" + trim(args[1]) + "' in " + word + "() is not a number");
      a.argument = *v;
    }
    if (std::find(m.signals_.begin(), m.signals_.end(), a.signal) == m.signals_.end()) m.signals_.push_back(a.signal);
    rewritten += "_m" + std::to_string(m.aggregates_.size());
    m.aggregates_.push_back(std::move(a));
    i = close + 1;
  }
  if (m.aggregates_.empty())
    throw SweepSpecError("measure '" + spec + "': it reads no signal (use at, final, max, min, mean, rms or crossing)");

  m.pool_ = std::make_shared<ExprPool>();
  ExprPool& pool = *m.pool_;
  const std::size_t count = m.aggregates_.size();
  Expr root;
  try {
    root = parseExpression(rewritten, pool, [&pool, count](std::string_view name) -> std::optional<Expr> {
      if (name.size() < 3 || name.substr(0, 2) != "_m" ||
          !std::all_of(name.begin() + 2, name.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        return std::nullopt;
      const std::size_t k = std::stoul(std::string(name.substr(2)));
      if (k >= count) return std::nullopt;
      return pool.variable(static_cast<int>(k));
    });
  } catch (const ParseError& e) {
    throw SweepSpecError("measure '" + spec + "': " + e.what());
  }
  m.tape_ = std::make_shared<const Tape>(pool, root, std::unordered_map<std::uint32_t, int>{});
  return m;
}

double Measure::aggregate(const Aggregate& a, const std::vector<double>& time, const std::vector<double>& x) {
  if (time.empty()) return kNaN;
  const double duration = time.back() - time.front();
  switch (a.kind) {
    case Kind::Final:
      return x.back();
    case Kind::Max:
      return *std::max_element(x.begin(), x.end());
    case Kind::Min:
      return *std::min_element(x.begin(), x.end());
    case Kind::Mean:
      return duration > 0.0 ? integral(time, x, [](double v) { return v; }) / duration : x.front();
    case Kind::Rms:
      return duration > 0.0 ? std::sqrt(integral(time, x, [](double v) { return v * v; }) / duration)
                            : std::abs(x.front());
    case Kind::At: {
      const double t = a.argument;
      if (t < time.front() || t > time.back()) return kNaN;
      const auto k = static_cast<std::size_t>(std::lower_bound(time.begin(), time.end(), t) - time.begin());
      if (time[k] == t || k == 0) return x[k];
      const double f = (t - time[k - 1]) / (time[k] - time[k - 1]);
      return x[k - 1] + f * (x[k] - x[k - 1]);
    }
    case Kind::Crossing: {
      const double level = a.argument;
      if (x.front() == level) return time.front();
      for (std::size_t i = 1; i < x.size(); ++i) {
        const double before = x[i - 1] - level, after = x[i] - level;
        if (after == 0.0) return time[i];
        if ((before < 0.0) != (after < 0.0)) return time[i - 1] + before / (before - after) * (time[i] - time[i - 1]);
      }
      return kNaN;
    }
  }
  return kNaN;
}

double Measure::evaluate(const Trace& trace) const {
  std::vector<double> values;
  values.reserve(aggregates_.size());
  for (const Aggregate& a : aggregates_) {
    const std::vector<double>* x = trace.column(a.signal);
    values.push_back(x ? aggregate(a, trace.time, *x) : kNaN);
  }
  std::vector<double> work(tape_->size());
  const EvalPoint at{0.0, values.data(), values.data(), nullptr, nullptr};
  return tape_->evaluate(at, work.data());
}

}  // namespace kelvin::core
