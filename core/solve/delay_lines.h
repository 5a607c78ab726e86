#pragma once
// The history of every transport delay's input over a run, so that a delayed
// value u(t − τ) can be read at any time t the solver evaluates. Samples are
// recorded at every accepted step (and twice at an event: before and after
// it); reading interpolates with a cubic through the four nearest samples of
// the same continuous stretch (an event splits stretches), which keeps the
// error far below the solver's own.

#include <deque>
#include <vector>

#include "elaborate/flat_system.h"
#include "expr/tape.h"

namespace kelvin::core {

class DelayLines final : public DelayedValues {
 public:
  explicit DelayLines(const std::vector<FlatDelay>& delays);

  /// Appends the inputs' values at t. A second record at the same t starts a new stretch.
  void record(double t, const std::vector<double>& inputs);
  double valueAt(int line, double time) const override;
  /// The smallest delay, or +infinity when there is none.
  double shortestDelay() const;

 private:
  struct Sample {
    double t;
    int stretch;
  };
  const std::vector<FlatDelay>& delays_;
  std::vector<Sample> samples_;
  std::vector<std::vector<double>> values_;  // per line, aligned with samples_
  int stretch_ = 0;
};

}  // namespace kelvin::core
