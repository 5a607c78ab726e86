#pragma once
// What a sweep varies and how, as the user writes it:
//
//   grid:         ID.PARAM=v1,v2,...  |  ID.PARAM=lin(a,b,n)  |  ID.PARAM=log(a,b,n)
//   Monte Carlo:  ID.PARAM=normal(mean,sd)  (sd may be "5%": of the mean)  |  ID.PARAM=uniform(a,b)
//
// Numbers accept SI prefixes ("1k", "10n"). The runs are the full grid of the
// grid parameters (the first one varying slowest), each repeated monteCarlo
// times with the varied parameters drawn afresh; run r draws from
// RandomStream(seed, r) only.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "sweep/random_stream.h"

namespace kelvin::core {

/// A spec that does not parse; what() quotes it and says what is wrong.
class SweepSpecError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A Monte Carlo distribution of one parameter.
struct Distribution {
  enum class Kind { Normal, Uniform };
  Kind kind = Kind::Normal;
  double a = 0.0;  // normal: mean; uniform: lower end
  double b = 0.0;  // normal: standard deviation; uniform: upper end

  double draw(RandomStream& random) const;
  /// The range the draws keep to in practice: [a, b] for a uniform one, mean ± 5σ for a
  /// normal one (a draw falls outside with probability 6e-7).
  double lowest() const;
  double highest() const;
  /// "normal(1k, 5%)", "normal(1k, 50)", "uniform(900, 1.1k)". Throws SweepSpecError.
  static Distribution parse(const std::string& text);
};

struct GridParameter {
  std::string name;  // "R1.R"
  std::vector<double> values;
};

struct VariedParameter {
  std::string name;
  Distribution distribution;
};

struct SweepSpec {
  std::vector<GridParameter> grid;
  std::vector<VariedParameter> varied;
  int monteCarlo = 0;  // draws per grid point; 0 with no varied parameter
  std::uint64_t seed = 1;

  /// "R1.R=1k,2k" or "R1.R=lin(1k,10k,10)" / "log(...)". Throws SweepSpecError.
  static GridParameter parseGrid(const std::string& text);
  /// "R1.R=normal(1k,5%)". Throws SweepSpecError.
  static VariedParameter parseVaried(const std::string& text);

  /// Number of runs: grid points × max(monteCarlo, 1).
  long runCount() const;
  /// The parameter columns: the grid ones, then the varied ones.
  std::vector<std::string> parameterNames() const;
  /// The parameter values of run r (0 ≤ r < runCount()), in parameterNames() order.
  std::vector<double> valuesOf(long run) const;
};

}  // namespace kelvin::core
