#pragma once
// A figure computed from one run's samples, as `--measure NAME=EXPR` gives it.
// EXPR is an arithmetic expression (the syntax of core/expr's parser: + − × ÷,
// ^, exp, log, sqrt, abs, min/max of two, ...) over these functions of a signal:
//
//   at(S, T)        S at time T (linear between samples; exact on a sample)
//   final(S)        S at the end of the run
//   max(S), min(S)  extremes over the samples
//   mean(S)         time average, (1/(t1 − t0))·∫S dt (trapezoidal)
//   rms(S)          √((1/(t1 − t0))·∫S² dt)
//   crossing(S, L)  the first time S reaches L (either way; linear between samples)
//
// e.g. "tau=crossing(C1.v, 0.632)", "gain=final(VL.y)/10", "ripple=max(VL.y)-min(VL.y)".
// A figure that does not exist (no crossing, T outside the run) is NaN.

#include <memory>
#include <string>
#include <vector>

#include "expr/expr.h"
#include "expr/tape.h"
#include "sweep/trace.h"

namespace kelvin::core {

class Measure {
 public:
  /// Parses "NAME=EXPR". Throws SweepSpecError quoting the text on a syntax error, an
  /// unknown function or name, or a missing argument.
  static Measure parse(const std::string& spec);

  const std::string& name() const { return name_; }
  const std::string& text() const { return text_; }
  /// The signals it reads, each once.
  const std::vector<std::string>& signalNames() const { return signals_; }
  /// Its value over `trace`, which must hold every signal of signalNames(). Thread-safe.
  double evaluate(const Trace& trace) const;

 private:
  enum class Kind { At, Final, Max, Min, Mean, Rms, Crossing };
  struct Aggregate {
    Kind kind;
    std::string signal;
    double argument = 0.0;  // at: the time; crossing: the level
  };
  static double aggregate(const Aggregate& a, const std::vector<double>& time, const std::vector<double>& x);

  std::string name_, text_;
  std::vector<Aggregate> aggregates_;  // aggregate k is the unknown y[k] of the expression
  std::vector<std::string> signals_;
  std::shared_ptr<ExprPool> pool_;  // shared: a Measure is copied freely, the pool never changes after parse
  std::shared_ptr<const Tape> tape_;
};

}  // namespace kelvin::core
